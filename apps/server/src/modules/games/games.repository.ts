import type { BrandGameChoices, BrandVendorChoices } from '@parlay/contract';
import { query, toNullableNumber, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

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
  smallIcon: string;
  status: string;
  isHot: boolean;
}

/** Vendors a brand offers, in its order, with the game types it has games of. */
export async function findBrandVendors(db: Executor, merchantId: number): Promise<VendorOfBrand[]> {
  const rows = await query<{
    id: unknown;
    code: string;
    name: string;
    game_types: string[] | string;
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
                        ORDER BY declared.position) AS game_types
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
    gameTypes: Array.isArray(row.game_types) ? row.game_types : parseTextArray(row.game_types),
    smallIcon: row.small_icon,
    status: row.status,
    isHot: row.is_hot,
  }));
}

function parseTextArray(value: string): string[] {
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

export async function findCatalogueVersion(db: Executor, merchantId: number): Promise<number> {
  const rows = await query<{ version: unknown }>(
    db,
    sql`SELECT version FROM catalogue_versions WHERE merchant_id = ${merchantId}`,
  );
  return rows[0] ? toNumber(rows[0].version) : 0;
}

/** One brand's catalogue changed: every instance drops what it cached of it (within VERSION_CHECK_MS). */
export async function bumpCatalogueVersion(db: Executor, merchantId: number): Promise<void> {
  await query(
    db,
    sql`INSERT INTO catalogue_versions (merchant_id, version) VALUES (${merchantId}, 1)
        ON CONFLICT (merchant_id) DO UPDATE SET version = catalogue_versions.version + 1`,
  );
}

export async function bumpCatalogueVersions(db: Executor): Promise<void> {
  await query(
    db,
    sql`INSERT INTO catalogue_versions (merchant_id, version) SELECT id, 1 FROM merchants
        ON CONFLICT (merchant_id) DO UPDATE SET version = catalogue_versions.version + 1`,
  );
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

export interface VendorUpsert {
  code: string;
  name: string;
  gameTypes: string[];
  smallIcon: string;
  launchUrl: string;
  status: string;
  isHot: boolean;
  walletSecret: string;
  /** Overwrite the secret of an existing vendor too. */
  replaceSecret: boolean;
  /** Where the vendor publishes its feed; undefined: it publishes none (any earlier address is dropped). */
  catalogueUrl?: string | undefined;
}

/** Creates or updates a vendor; the wallet secret of an existing vendor is kept. */
export async function upsertVendor(db: Executor, vendor: VendorUpsert): Promise<{ id: number; created: boolean }> {
  const rows = await query<{ id: unknown; created: boolean }>(
    db,
    sql`INSERT INTO game_vendors (code, name, game_types, small_icon, wallet_secret, launch_url, status, is_hot,
                                  catalogue_url)
        VALUES (${vendor.code}, ${vendor.name}, ${`{${vendor.gameTypes.join(',')}}`}::text[], ${vendor.smallIcon},
                ${vendor.walletSecret}, ${vendor.launchUrl}, ${vendor.status}, ${vendor.isHot},
                ${vendor.catalogueUrl ?? null})
        ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, game_types = EXCLUDED.game_types,
          small_icon = EXCLUDED.small_icon, launch_url = EXCLUDED.launch_url, status = EXCLUDED.status,
          is_hot = EXCLUDED.is_hot, catalogue_url = EXCLUDED.catalogue_url, updated_at = now()
          ${vendor.replaceSecret ? sql`, wallet_secret = EXCLUDED.wallet_secret` : sql``}
        RETURNING id, (xmax = 0) AS created`,
  );
  return { id: toNumber(rows[0]?.id), created: Boolean(rows[0]?.created) };
}

export interface GameUpsert {
  code: string;
  gameName: string;
  gameType: string;
  showIcon: string;
  supportPlay: number;
  defaultPlayType: string;
  isGame: string;
  liveClass: string | null;
  gameClassify: string | null;
  isHot: boolean;
  minBet: number | null;
  minLineNum: number | null;
  status: string;
  sortOrder: number;
  accountTypeName: string | null;
}

/** Upserts a vendor's games in one statement per chunk; returns how many rows were written. */
export async function upsertGames(db: Executor, vendorId: number, games: GameUpsert[]): Promise<number> {
  let written = 0;
  for (let start = 0; start < games.length; start += 500) {
    const chunk = games.slice(start, start + 500);
    const values = sql.join(
      chunk.map(
        (g) =>
          sql`(${vendorId}, ${g.code}, ${g.gameName}, ${g.gameName.toLowerCase()}, ${g.gameType}, ${g.showIcon},
               ${g.supportPlay}, ${g.defaultPlayType}, ${g.isGame}, ${g.liveClass}, ${g.gameClassify}, ${g.isHot},
               ${g.minBet}::bigint, ${g.minLineNum}::integer, ${g.status}, ${g.sortOrder}, ${g.accountTypeName})`,
      ),
      sql`, `,
    );
    const rows = await query(
      db,
      sql`INSERT INTO games (vendor_id, code, game_name, name_key, game_type, show_icon, support_play, default_play_type,
                             is_game, live_class, game_classify, is_hot, min_bet, min_line_num, status, sort_order,
                             account_type_name)
          VALUES ${values}
          ON CONFLICT (vendor_id, code) DO UPDATE SET game_name = EXCLUDED.game_name, name_key = EXCLUDED.name_key,
            game_type = EXCLUDED.game_type, show_icon = EXCLUDED.show_icon, support_play = EXCLUDED.support_play,
            default_play_type = EXCLUDED.default_play_type, is_game = EXCLUDED.is_game,
            live_class = EXCLUDED.live_class, game_classify = EXCLUDED.game_classify, is_hot = EXCLUDED.is_hot,
            min_bet = EXCLUDED.min_bet, min_line_num = EXCLUDED.min_line_num, status = EXCLUDED.status,
            sort_order = EXCLUDED.sort_order, account_type_name = EXCLUDED.account_type_name, updated_at = now()
          RETURNING id`,
    );
    written += rows.length;
  }
  return written;
}

export async function linkParents(db: Executor, vendorId: number, links: { code: string; parentCode: string }[]) {
  for (const link of links) {
    await query(
      db,
      sql`UPDATE games SET parent_id = (SELECT id FROM games WHERE vendor_id = ${vendorId} AND code = ${link.parentCode})
          WHERE vendor_id = ${vendorId} AND code = ${link.code}`,
    );
  }
}

/**
 * Offers the vendor and all its games to every brand (new rows only: a brand's order of its vendors, its
 * choice to offer one, and its choices over each game are kept), then derives every brand's rows from the
 * feed and those choices.
 */
export async function syncBrandOffers(db: Executor, vendorId: number): Promise<void> {
  await query(
    db,
    sql`INSERT INTO merchant_vendors (merchant_id, vendor_id, sort_order)
        SELECT m.id, ${vendorId}::bigint, (SELECT coalesce(max(sort_order), 0) + 1 FROM merchant_vendors WHERE merchant_id = m.id)
        FROM merchants m ON CONFLICT DO NOTHING`,
  );
  await query(
    db,
    sql`INSERT INTO merchant_games (merchant_id, game_id, vendor_id, game_type)
        SELECT mv.merchant_id, g.id, g.vendor_id, g.game_type
        FROM games g JOIN merchant_vendors mv ON mv.vendor_id = g.vendor_id
        WHERE g.vendor_id = ${vendorId}
        ON CONFLICT (merchant_id, game_id) DO NOTHING`,
  );
  await deriveBrandOffers(db, { vendorId });
}

/**
 * Derives the listed columns of brands' rows from the feed and the brand's choices: listed while the
 * brand offers the vendor, neither the game nor the vendor is disabled, and the brand has not switched
 * the game off; hot and order are the brand's where it chose them, the feed's otherwise. Lists filter on
 * merchant_games alone, so this is the one place those rules live.
 */
export async function deriveBrandOffers(
  db: Executor,
  scope: { vendorId: number; merchantId?: number; gameId?: number },
): Promise<void> {
  await query(
    db,
    sql`UPDATE merchant_games mg
           SET game_type = g.game_type, top_level = g.parent_id IS NULL,
               enabled = mv.enabled AND g.status <> 'disabled' AND v.status <> 'disabled'
                         AND coalesce(mg.brand_enabled, true),
               is_hot = coalesce(mg.brand_hot, g.is_hot),
               sort_order = coalesce(mg.brand_sort_order, g.sort_order)
          FROM games g, game_vendors v, merchant_vendors mv
         WHERE g.id = mg.game_id AND v.id = g.vendor_id
           AND mv.merchant_id = mg.merchant_id AND mv.vendor_id = mg.vendor_id
           AND mg.vendor_id = ${scope.vendorId}
           ${scope.merchantId === undefined ? sql`` : sql`AND mg.merchant_id = ${scope.merchantId}`}
           ${scope.gameId === undefined ? sql`` : sql`AND mg.game_id = ${scope.gameId}`}`,
  );
}

/** Stores a brand's choices over one of its games: an absent field stays as it is, null follows the feed. */
export async function updateBrandGameChoices(
  db: Executor,
  merchantId: number,
  gameId: number,
  choices: BrandGameChoices,
): Promise<void> {
  const sets: SQL[] = [];
  if (choices.enabled !== undefined) sets.push(sql`brand_enabled = ${choices.enabled}::boolean`);
  if (choices.hot !== undefined) sets.push(sql`brand_hot = ${choices.hot}::boolean`);
  if (choices.sortOrder !== undefined) sets.push(sql`brand_sort_order = ${choices.sortOrder}::integer`);
  if (sets.length === 0) return;
  await query(
    db,
    sql`UPDATE merchant_games SET ${sql.join(sets, sql`, `)} WHERE merchant_id = ${merchantId} AND game_id = ${gameId}`,
  );
}

/** Whether a brand offers one vendor, and the vendor's place among the brand's vendors. */
export async function updateBrandVendor(
  db: Executor,
  merchantId: number,
  vendorId: number,
  choices: BrandVendorChoices,
): Promise<void> {
  const sets: SQL[] = [];
  if (choices.enabled !== undefined) sets.push(sql`enabled = ${choices.enabled}::boolean`);
  if (choices.sortOrder !== undefined) sets.push(sql`sort_order = ${choices.sortOrder}::integer`);
  if (sets.length === 0) return;
  await query(
    db,
    sql`UPDATE merchant_vendors SET ${sql.join(sets, sql`, `)} WHERE merchant_id = ${merchantId} AND vendor_id = ${vendorId}`,
  );
}

export interface BrandVendorOffer {
  vendorId: number;
  code: string;
  name: string;
  status: string;
  enabled: boolean;
  sortOrder: number;
}

/** A vendor as one brand offers it, by the vendor's code. */
export async function findBrandVendorOffer(
  db: Executor,
  merchantId: number,
  vendorCode: string,
): Promise<BrandVendorOffer | undefined> {
  const rows = await query<{
    id: unknown;
    code: string;
    name: string;
    status: string;
    enabled: boolean;
    sort_order: unknown;
  }>(
    db,
    sql`SELECT v.id, v.code, v.name, v.status, mv.enabled, mv.sort_order
          FROM merchant_vendors mv JOIN game_vendors v ON v.id = mv.vendor_id
         WHERE mv.merchant_id = ${merchantId} AND v.code = ${vendorCode}`,
  );
  const row = rows[0];
  return (
    row && {
      vendorId: toNumber(row.id),
      code: row.code,
      name: row.name,
      status: row.status,
      enabled: row.enabled,
      sortOrder: toNumber(row.sort_order),
    }
  );
}

export interface BrandGameOffer {
  gameId: number;
  code: string;
  gameName: string;
  status: string;
  topLevel: boolean;
  /** What the brand lists: derived from the feed and the choices below. */
  listed: boolean;
  isHot: boolean;
  sortOrder: number;
  /** The brand's own choices; null follows the feed. */
  brandEnabled: boolean | null;
  brandHot: boolean | null;
  brandSortOrder: number | null;
}

/** One vendor's games as a brand offers them, in the brand's order; or the one game with `gameCode`. */
export async function findBrandGameOffers(
  db: Executor,
  merchantId: number,
  vendorId: number,
  gameCode?: string,
): Promise<BrandGameOffer[]> {
  const rows = await query<{
    game_id: unknown;
    code: string;
    game_name: string;
    status: string;
    top_level: boolean;
    enabled: boolean;
    is_hot: boolean;
    sort_order: unknown;
    brand_enabled: boolean | null;
    brand_hot: boolean | null;
    brand_sort_order: unknown;
  }>(
    db,
    sql`SELECT mg.game_id, g.code, g.game_name, g.status, mg.top_level, mg.enabled, mg.is_hot, mg.sort_order,
               mg.brand_enabled, mg.brand_hot, mg.brand_sort_order
          FROM merchant_games mg JOIN games g ON g.id = mg.game_id
         WHERE mg.merchant_id = ${merchantId} AND mg.vendor_id = ${vendorId}
           ${gameCode === undefined ? sql`` : sql`AND g.code = ${gameCode}`}
         ORDER BY mg.top_level DESC, mg.sort_order, mg.game_id`,
  );
  return rows.map((row) => ({
    gameId: toNumber(row.game_id),
    code: row.code,
    gameName: row.game_name,
    status: row.status,
    topLevel: row.top_level,
    listed: row.enabled,
    isHot: row.is_hot,
    sortOrder: toNumber(row.sort_order),
    brandEnabled: row.brand_enabled,
    brandHot: row.brand_hot,
    brandSortOrder: toNullableNumber(row.brand_sort_order),
  }));
}

export interface CatalogueTotals {
  vendors: number;
  games: number;
}

export async function countCatalogue(db: Executor): Promise<CatalogueTotals> {
  const rows = await query<{ vendors: unknown; games: unknown }>(
    db,
    sql`SELECT (SELECT count(*) FROM game_vendors) AS vendors, (SELECT count(*) FROM games) AS games`,
  );
  return { vendors: toNumber(rows[0]?.vendors ?? 0), games: toNumber(rows[0]?.games ?? 0) };
}

export async function vendorExists(db: Executor, code: string): Promise<boolean> {
  const rows = await query(db, sql`SELECT 1 AS found FROM game_vendors WHERE code = ${code}`);
  return rows.length > 0;
}

export interface CatalogueSource {
  code: string;
  catalogueUrl: string;
}

/** The vendor's feed address, if it publishes one. */
export async function findCatalogueSource(db: Executor, code: string): Promise<CatalogueSource | undefined> {
  const rows = await query<{ code: string; catalogue_url: string }>(
    db,
    sql`SELECT code, catalogue_url FROM game_vendors WHERE code = ${code} AND catalogue_url IS NOT NULL`,
  );
  const row = rows[0];
  return row ? { code: row.code, catalogueUrl: row.catalogue_url } : undefined;
}

/**
 * Claims the vendors whose feed was last read before `checkedBefore` (or never): marks them read `at` and
 * answers them. Another instance claiming at the same moment waits for these rows, finds them no longer
 * due and skips them, so each feed is read by one instance.
 */
export async function claimDueCatalogueSources(
  db: Executor,
  checkedBefore: Date,
  at: Date,
): Promise<CatalogueSource[]> {
  const rows = await query<{ code: string; catalogue_url: string }>(
    db,
    sql`UPDATE game_vendors SET catalogue_checked_at = ${at.toISOString()}::timestamptz
         WHERE catalogue_url IS NOT NULL
           AND (catalogue_checked_at IS NULL OR catalogue_checked_at < ${checkedBefore.toISOString()}::timestamptz)
         RETURNING code, catalogue_url`,
  );
  return rows
    .map((row) => ({ code: row.code, catalogueUrl: row.catalogue_url }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/** Records a reading of the vendor's feed: written (`error` null) or not, and why. */
export async function recordCatalogueCheck(db: Executor, code: string, at: Date, error: string | null): Promise<void> {
  await db.execute(
    sql`UPDATE game_vendors
           SET catalogue_checked_at = ${at.toISOString()}::timestamptz,
               catalogue_synced_at = CASE WHEN ${error}::text IS NULL THEN ${at.toISOString()}::timestamptz
                                          ELSE catalogue_synced_at END,
               catalogue_error = ${error}::text
         WHERE code = ${code}`,
  );
}
