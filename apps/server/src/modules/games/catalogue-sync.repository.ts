import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { VendorFeed } from '@parlay/contract';
import type { Executor } from '../../db/client';

// Vendors' feeds written (an import or a sync) and where each vendor publishes its own (decision 0020).

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
  /** Which wallet its games play from (decision 0037); undefined: seamless, the main wallet. */
  walletMode?: 'seamless' | 'transfer' | undefined;
}

/** Creates or updates a vendor; the wallet secret of an existing vendor is kept. */
export async function upsertVendor(db: Executor, vendor: VendorUpsert): Promise<{ id: number; created: boolean }> {
  const rows = await query<{ id: unknown; created: boolean }>(
    db,
    sql`INSERT INTO game_vendors (code, name, game_types, small_icon, wallet_secret, launch_url, status, is_hot,
                                  catalogue_url, wallet_mode)
        VALUES (${vendor.code}, ${vendor.name}, ${`{${vendor.gameTypes.join(',')}}`}::text[], ${vendor.smallIcon},
                ${vendor.walletSecret}, ${vendor.launchUrl}, ${vendor.status}, ${vendor.isHot},
                ${vendor.catalogueUrl ?? null}, ${vendor.walletMode ?? 'seamless'})
        ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, game_types = EXCLUDED.game_types,
          small_icon = EXCLUDED.small_icon, launch_url = EXCLUDED.launch_url, status = EXCLUDED.status,
          is_hot = EXCLUDED.is_hot, catalogue_url = EXCLUDED.catalogue_url, wallet_mode = EXCLUDED.wallet_mode,
          updated_at = now()
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

/** A vendor and its feed, as the back office lists them. */
export type VendorFeedRow = VendorFeed;

/** A page of vendors by code, after `afterCode`, with how many games each one's feed has and its last reading. */
export async function findVendorFeeds(
  db: Executor,
  options: { afterCode?: string | undefined; code?: string | undefined; limit: number },
): Promise<VendorFeedRow[]> {
  const rows = await query<{
    code: string;
    name: string;
    status: VendorFeed['status'];
    game_types: string;
    games: unknown;
    catalogue_url: string | null;
    catalogue_checked_at: unknown;
    catalogue_synced_at: unknown;
    catalogue_error: string | null;
    updated_at: unknown;
  }>(
    db,
    sql`SELECT v.code, v.name, v.status, array_to_string(v.game_types, ',') AS game_types, v.catalogue_url, v.catalogue_checked_at,
               v.catalogue_synced_at, v.catalogue_error, v.updated_at,
               (SELECT count(*) FROM games g WHERE g.vendor_id = v.id) AS games
          FROM game_vendors v
         WHERE true
           ${options.afterCode === undefined ? sql`` : sql`AND v.code > ${options.afterCode}`}
           ${options.code === undefined ? sql`` : sql`AND v.code = ${options.code}`}
         ORDER BY v.code
         LIMIT ${options.limit}`,
  );
  const time = (value: unknown) => (value === null || value === undefined ? null : toIso(value));
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    status: row.status,
    gameTypes: row.game_types.split(',').filter(Boolean) as VendorFeed['gameTypes'],
    games: toNumber(row.games),
    catalogueUrl: row.catalogue_url,
    checkedAt: time(row.catalogue_checked_at),
    syncedAt: time(row.catalogue_synced_at),
    error: row.catalogue_error,
    updatedAt: toIso(row.updated_at),
  }));
}
