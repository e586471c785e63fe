import { query, toNullableNumber, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// The catalogue as players read it: lists, counts, rows, a brand's vendors, favourites and recent games.

type Row = Record<string, unknown>;

export interface GameRow {
  id: number;
  vendorId: number;
  vendorCode: string;
  vendorName: string;
  vendorStatus: string;
  vendorLaunchUrl: string;
  code: string;
  gameName: string;
  gameType: string;
  showIcon: string;
  supportPlay: number;
  defaultPlayType: string;
  isGame: string;
  parentId: number | null;
  liveClass: string | null;
  gameClassify: string | null;
  isHot: boolean;
  minBet: number | null;
  minLineNum: number | null;
  status: string;
  sortOrder: number;
  /** The account type a lottery game opens under; null: the vendor's code. */
  accountTypeName: string | null;
}

interface RawGame extends Row {
  id: unknown;
  vendor_id: unknown;
  vendor_code: string;
  vendor_name: string;
  vendor_status: string;
  vendor_launch_url: string;
  code: string;
  game_name: string;
  game_type: string;
  show_icon: string;
  support_play: unknown;
  default_play_type: string;
  is_game: string;
  parent_id: unknown;
  live_class: string | null;
  game_classify: string | null;
  is_hot: boolean;
  min_bet: unknown;
  min_line_num: unknown;
  status: string;
  sort_order: unknown;
  account_type_name: string | null;
}

function toGame(row: RawGame): GameRow {
  return {
    id: toNumber(row.id),
    vendorId: toNumber(row.vendor_id),
    vendorCode: row.vendor_code,
    vendorName: row.vendor_name,
    vendorStatus: row.vendor_status,
    vendorLaunchUrl: row.vendor_launch_url,
    code: row.code,
    gameName: row.game_name,
    gameType: row.game_type,
    showIcon: row.show_icon,
    supportPlay: toNumber(row.support_play),
    defaultPlayType: row.default_play_type,
    isGame: row.is_game,
    parentId: toNullableNumber(row.parent_id),
    liveClass: row.live_class,
    gameClassify: row.game_classify,
    isHot: row.is_hot,
    minBet: toNullableNumber(row.min_bet),
    minLineNum: toNullableNumber(row.min_line_num),
    status: row.status,
    sortOrder: toNumber(row.sort_order),
    accountTypeName: row.account_type_name,
  };
}

/** Columns of a listed game; `mg` is merchant_games, `g` games, `v` game_vendors. */
const GAME_COLUMNS = sql`g.id, g.vendor_id, v.code AS vendor_code, v.name AS vendor_name, v.status AS vendor_status,
  v.launch_url AS vendor_launch_url, g.code, g.game_name, g.game_type, g.show_icon, g.support_play,
  g.default_play_type, g.is_game, g.parent_id, g.live_class, g.game_classify, mg.is_hot, g.min_bet,
  g.min_line_num, g.status, mg.sort_order, g.account_type_name`;

export interface ListFilter {
  merchantId: number;
  gameType?: string | undefined;
  vendorId?: number | undefined;
  hotOnly?: boolean | undefined;
  /** Lower-cased, LIKE-escaped search text. */
  nameLike?: string | undefined;
  gameClassify?: string | undefined;
  liveClass?: string | undefined;
  parentId?: number | undefined;
  minBet?: number | undefined;
  minLineNum?: number | undefined;
}

export interface Keyset {
  sortOrder: number;
  gameId: number;
}

/** True when every filter is on merchant_games, so the page is one index range before any join. */
export function isIndexOnly(filter: ListFilter): boolean {
  return (
    filter.nameLike === undefined &&
    filter.gameClassify === undefined &&
    filter.liveClass === undefined &&
    filter.parentId === undefined &&
    filter.minBet === undefined &&
    filter.minLineNum === undefined
  );
}

function merchantGameConditions(filter: ListFilter): SQL {
  // Only top-level games are listed; sub-games of a VASSALAGE game appear under it (parentId).
  const parts: SQL[] = [sql`mg.merchant_id = ${filter.merchantId}`, sql`mg.enabled`];
  if (filter.gameType) parts.push(sql`mg.game_type = ${filter.gameType}`);
  if (filter.vendorId !== undefined) parts.push(sql`mg.vendor_id = ${filter.vendorId}`);
  if (filter.hotOnly) parts.push(sql`mg.is_hot`);
  return sql.join(parts, sql` AND `);
}

function gameConditions(filter: ListFilter): SQL {
  const parts: SQL[] = [];
  parts.push(filter.parentId === undefined ? sql`g.parent_id IS NULL` : sql`g.parent_id = ${filter.parentId}`);
  if (filter.nameLike !== undefined) parts.push(sql`g.name_key LIKE ${`%${filter.nameLike}%`}`);
  if (filter.gameClassify !== undefined) parts.push(sql`g.game_classify = ${filter.gameClassify}`);
  if (filter.liveClass !== undefined) parts.push(sql`g.live_class = ${filter.liveClass}`);
  // A game the player can start with this stake, and with this many lines (a game that says neither fits any).
  if (filter.minBet !== undefined) parts.push(sql`(g.min_bet IS NULL OR g.min_bet <= ${filter.minBet})`);
  if (filter.minLineNum !== undefined) {
    parts.push(sql`(g.min_line_num IS NULL OR g.min_line_num <= ${filter.minLineNum})`);
  }
  return sql.join(parts, sql` AND `);
}

function keysetCondition(after: Keyset | undefined): SQL {
  return after ? sql`AND (mg.sort_order, mg.game_id) > (${after.sortOrder}, ${after.gameId})` : sql``;
}

export interface PageEntry {
  gameId: number;
  sortOrder: number;
}

/**
 * The ids of one page in display order (sort_order, game id): after a keyset when given, else at an
 * offset. With filters on merchant_games alone it is a single index range scan; the rows themselves come
 * from findGamesByIds (and the service's cache), so the per-request SQL stays one cheap statement.
 */
export async function findGamePage(
  db: Executor,
  filter: ListFilter,
  page: { after?: Keyset | undefined; offset: number; limit: number },
): Promise<PageEntry[]> {
  const offset = page.after ? sql`` : sql`OFFSET ${page.offset}`;
  const rows = isIndexOnly(filter)
    ? await query<{ game_id: unknown; sort_order: unknown }>(
        db,
        sql`SELECT mg.game_id, mg.sort_order FROM merchant_games mg
            WHERE ${merchantGameConditions(filter)} AND mg.top_level ${keysetCondition(page.after)}
            ORDER BY mg.sort_order, mg.game_id LIMIT ${page.limit} ${offset}`,
      )
    : await query<{ game_id: unknown; sort_order: unknown }>(
        db,
        sql`SELECT mg.game_id, mg.sort_order FROM merchant_games mg JOIN games g ON g.id = mg.game_id
            WHERE ${merchantGameConditions(filter)} AND ${gameConditions(filter)} ${keysetCondition(page.after)}
            ORDER BY mg.sort_order, mg.game_id LIMIT ${page.limit} ${offset}`,
      );
  return rows.map((row) => ({ gameId: toNumber(row.game_id), sortOrder: toNumber(row.sort_order) }));
}

/**
 * The last entry of every full page of an index-only list, in display order: page n + 1 starts right
 * after the n-th. One pass over the list's index range, so that a page opened by number is a keyset
 * read instead of an OFFSET that reads every game before it.
 */
export async function findPageEnds(db: Executor, filter: ListFilter, pageSize: number): Promise<PageEntry[]> {
  const rows = await query<{ game_id: unknown; sort_order: unknown }>(
    db,
    sql`SELECT game_id, sort_order FROM (
          SELECT mg.game_id, mg.sort_order, row_number() OVER (ORDER BY mg.sort_order, mg.game_id) AS position
          FROM merchant_games mg WHERE ${merchantGameConditions(filter)} AND mg.top_level
        ) listed
        WHERE position % ${pageSize} = 0 ORDER BY position`,
  );
  return rows.map((row) => ({ gameId: toNumber(row.game_id), sortOrder: toNumber(row.sort_order) }));
}

export async function countGames(db: Executor, filter: ListFilter): Promise<number> {
  const rows = isIndexOnly(filter)
    ? await query<{ count: unknown }>(
        db,
        sql`SELECT count(*) AS count FROM merchant_games mg WHERE ${merchantGameConditions(filter)} AND mg.top_level`,
      )
    : await query<{ count: unknown }>(
        db,
        sql`SELECT count(*) AS count FROM merchant_games mg JOIN games g ON g.id = mg.game_id
            WHERE ${merchantGameConditions(filter)} AND ${gameConditions(filter)}`,
      );
  return toNumber(rows[0]?.count ?? 0);
}

export async function findGamesByIds(db: Executor, merchantId: number, ids: number[]): Promise<GameRow[]> {
  if (ids.length === 0) return [];
  const rows = await query<RawGame>(
    db,
    sql`SELECT ${GAME_COLUMNS}
        FROM merchant_games mg JOIN games g ON g.id = mg.game_id JOIN game_vendors v ON v.id = g.vendor_id
        WHERE mg.merchant_id = ${merchantId} AND mg.enabled AND mg.game_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return rows.map(toGame);
}

export async function findGameByCode(
  db: Executor,
  merchantId: number,
  vendorCode: string,
  code: string,
): Promise<GameRow | undefined> {
  const rows = await query<RawGame>(
    db,
    sql`SELECT ${GAME_COLUMNS}
        FROM merchant_games mg JOIN games g ON g.id = mg.game_id JOIN game_vendors v ON v.id = g.vendor_id
        WHERE mg.merchant_id = ${merchantId} AND mg.enabled AND v.code = ${vendorCode} AND g.code = ${code}`,
  );
  return rows[0] ? toGame(rows[0]) : undefined;
}

export interface VendorOfBrand {
  id: number;
  code: string;
  name: string;
  gameTypes: string[];
  /** Of gameTypes, those with a game that plays now (not in maintenance); none while the vendor is down. */
  playableGameTypes: string[];
  smallIcon: string;
  status: string;
  isHot: boolean;
}

/**
 * Vendors a brand offers, in its order, with the game types it has games of and, of those, the types with a game
 * that plays now.
 */
export async function findBrandVendors(db: Executor, merchantId: number): Promise<VendorOfBrand[]> {
  const rows = await query<{
    id: unknown;
    code: string;
    name: string;
    game_types: string[] | string;
    playable_game_types: string[] | string;
    small_icon: string;
    status: string;
    is_hot: boolean;
  }>(
    db,
    // Of the types the vendor declares, those the brand lists games of: a type whose games are all
    // switched off or disabled gets no vendor tab, and a vendor with none is not offered at all.
    sql`SELECT * FROM (
          SELECT v.id, v.code, v.name, v.small_icon, v.status, v.is_hot, mv.sort_order AS brand_order,
                 v.sort_order AS vendor_order,
                 ARRAY(SELECT declared.game_type FROM unnest(v.game_types) WITH ORDINALITY AS declared (game_type, position)
                        WHERE EXISTS (SELECT 1 FROM merchant_games mg
                                       WHERE mg.merchant_id = mv.merchant_id AND mg.vendor_id = v.id
                                         AND mg.game_type = declared.game_type AND mg.enabled AND mg.top_level)
                        ORDER BY declared.position) AS game_types,
                 ARRAY(SELECT declared.game_type FROM unnest(v.game_types) WITH ORDINALITY AS declared (game_type, position)
                        WHERE v.status = 'active'
                          AND EXISTS (SELECT 1 FROM merchant_games mg JOIN games g ON g.id = mg.game_id
                                       WHERE mg.merchant_id = mv.merchant_id AND mg.vendor_id = v.id
                                         AND mg.game_type = declared.game_type AND mg.enabled AND mg.top_level
                                         AND g.status = 'active')
                        ORDER BY declared.position) AS playable_game_types
            FROM merchant_vendors mv JOIN game_vendors v ON v.id = mv.vendor_id
           WHERE mv.merchant_id = ${merchantId} AND mv.enabled AND v.status <> 'disabled'
        ) offered
        WHERE cardinality(game_types) > 0
        ORDER BY brand_order, vendor_order, id`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    code: row.code,
    name: row.name,
    gameTypes: textArray(row.game_types),
    playableGameTypes: textArray(row.playable_game_types),
    smallIcon: row.small_icon,
    status: row.status,
    isHot: row.is_hot,
  }));
}

function textArray(value: string[] | string): string[] {
  return Array.isArray(value) ? value : parseTextArray(value);
}

function parseTextArray(value: string): string[] {
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

export async function findFavoriteIds(db: Executor, memberId: number): Promise<number[]> {
  const rows = await query<{ game_id: unknown }>(
    db,
    sql`SELECT game_id FROM member_favorite_games WHERE member_id = ${memberId} ORDER BY created_at DESC, game_id`,
  );
  return rows.map((row) => toNumber(row.game_id));
}

export async function insertFavorite(db: Executor, memberId: number, gameId: number): Promise<void> {
  await query(
    db,
    sql`INSERT INTO member_favorite_games (member_id, game_id) VALUES (${memberId}, ${gameId}) ON CONFLICT DO NOTHING`,
  );
}

export async function deleteFavorite(db: Executor, memberId: number, gameId: number): Promise<void> {
  await query(db, sql`DELETE FROM member_favorite_games WHERE member_id = ${memberId} AND game_id = ${gameId}`);
}

export const RECENT_GAMES_KEPT = 30;

export async function touchRecent(db: Executor, memberId: number, gameId: number): Promise<void> {
  await query(
    db,
    sql`INSERT INTO member_recent_games (member_id, game_id) VALUES (${memberId}, ${gameId})
        ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = now()`,
  );
  await query(
    db,
    sql`DELETE FROM member_recent_games WHERE member_id = ${memberId} AND game_id NOT IN (
          SELECT game_id FROM member_recent_games WHERE member_id = ${memberId}
          ORDER BY played_at DESC LIMIT ${RECENT_GAMES_KEPT})`,
  );
}

export async function findRecentIds(db: Executor, memberId: number): Promise<number[]> {
  const rows = await query<{ game_id: unknown }>(
    db,
    sql`SELECT game_id FROM member_recent_games WHERE member_id = ${memberId} ORDER BY played_at DESC LIMIT ${RECENT_GAMES_KEPT}`,
  );
  return rows.map((row) => toNumber(row.game_id));
}
