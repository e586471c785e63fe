import type { BrandGameChoices, BrandVendorChoices } from '@parlay/contract';
import { query, toNullableNumber, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// What each brand offers of its vendors' feeds: its own choices, and the listed columns derived from them
// and the feed (decision 0024).

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
  /** The brand's offer of this vendor (merchant_vendors.version): a change names the one it was opened at. */
  version: number;
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
    version: unknown;
  }>(
    db,
    sql`SELECT v.id, v.code, v.name, v.status, mv.enabled, mv.sort_order, mv.version
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
      version: toNumber(row.version),
    }
  );
}

export interface BrandGameOffer {
  gameId: number;
  code: string;
  gameName: string;
  gameType: string;
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
  const rows = await query<BrandGameRow>(
    db,
    sql`SELECT ${BRAND_GAME_COLUMNS}
          FROM merchant_games mg JOIN games g ON g.id = mg.game_id
         WHERE mg.merchant_id = ${merchantId} AND mg.vendor_id = ${vendorId}
           ${gameCode === undefined ? sql`` : sql`AND g.code = ${gameCode}`}
         ORDER BY mg.top_level DESC, mg.sort_order, mg.game_id`,
  );
  return rows.map(toBrandGameOffer);
}

const BRAND_GAME_COLUMNS = sql`mg.game_id, g.code, g.game_name, mg.game_type, g.status, mg.top_level, mg.enabled,
  mg.is_hot, mg.sort_order, mg.brand_enabled, mg.brand_hot, mg.brand_sort_order`;

type BrandGameRow = {
  game_id: unknown;
  code: string;
  game_name: string;
  game_type: string;
  status: string;
  top_level: boolean;
  enabled: boolean;
  is_hot: boolean;
  sort_order: unknown;
  brand_enabled: boolean | null;
  brand_hot: boolean | null;
  brand_sort_order: unknown;
};

function toBrandGameOffer(row: BrandGameRow): BrandGameOffer {
  return {
    gameId: toNumber(row.game_id),
    code: row.code,
    gameName: row.game_name,
    gameType: row.game_type,
    status: row.status,
    topLevel: row.top_level,
    listed: row.enabled,
    isHot: row.is_hot,
    sortOrder: toNumber(row.sort_order),
    brandEnabled: row.brand_enabled,
    brandHot: row.brand_hot,
    brandSortOrder: toNullableNumber(row.brand_sort_order),
  };
}

// ---- The back office's view of a brand's offer, and its versioned changes (issue 32) ----

export interface BrandVendorSummary extends BrandVendorOffer {
  games: number;
  listed: number;
  promotionCapMinor: number;
}

/** A brand's vendors in its order, with how many of each one's games it lists and its promotion cap. */
export async function findBrandVendors(db: Executor, merchantId: number): Promise<BrandVendorSummary[]> {
  const rows = await query<{
    id: unknown;
    code: string;
    name: string;
    status: string;
    enabled: boolean;
    sort_order: unknown;
    version: unknown;
    promotion_cap_minor: unknown;
    games: unknown;
    listed: unknown;
  }>(
    db,
    sql`SELECT v.id, v.code, v.name, v.status, mv.enabled, mv.sort_order, mv.version, mv.promotion_cap_minor,
               (SELECT count(*) FROM merchant_games mg
                 WHERE mg.merchant_id = mv.merchant_id AND mg.vendor_id = mv.vendor_id) AS games,
               (SELECT count(*) FROM merchant_games mg
                 WHERE mg.merchant_id = mv.merchant_id AND mg.vendor_id = mv.vendor_id AND mg.enabled) AS listed
          FROM merchant_vendors mv JOIN game_vendors v ON v.id = mv.vendor_id
         WHERE mv.merchant_id = ${merchantId}
         ORDER BY mv.sort_order, v.id`,
  );
  return rows.map((row) => ({
    vendorId: toNumber(row.id),
    code: row.code,
    name: row.name,
    status: row.status,
    enabled: row.enabled,
    sortOrder: toNumber(row.sort_order),
    version: toNumber(row.version),
    promotionCapMinor: toNumber(row.promotion_cap_minor),
    games: toNumber(row.games),
    listed: toNumber(row.listed),
  }));
}

/** The version of the order of a brand's vendors (0 until it is first changed). */
export async function findVendorOrderVersion(db: Executor, merchantId: number): Promise<number> {
  const rows = await query<{ version: unknown }>(
    db,
    sql`SELECT version FROM brand_vendor_orders WHERE merchant_id = ${merchantId}`,
  );
  return rows[0] ? toNumber(rows[0].version) : 0;
}

/**
 * Moves the version of the order of a brand's vendors on, if it is still `expected` (any, when undefined).
 * Answers the new version, or undefined when another change came first; the row's lock orders two at once.
 */
export async function claimVendorOrderVersion(
  db: Executor,
  merchantId: number,
  expected: number | undefined,
): Promise<number | undefined> {
  const rows = await query<{ version: unknown }>(
    db,
    sql`INSERT INTO brand_vendor_orders AS o (merchant_id, version) VALUES (${merchantId}, 1)
        ON CONFLICT (merchant_id) DO UPDATE SET version = o.version + 1
          WHERE ${expected ?? null}::integer IS NULL OR o.version = ${expected ?? null}::integer
        RETURNING version`,
  );
  const version = rows[0] ? toNumber(rows[0].version) : undefined;
  // A first change inserts version 1: it was opened at 0.
  if (version === 1 && expected !== undefined && expected !== 0) return undefined;
  return version;
}

/**
 * Moves the version of a brand's offer of one vendor on, if it is still `expected` (any, when undefined):
 * every change to the offer goes through here first, in its transaction. Answers the new version, or
 * undefined when another change came first (or the brand has no such vendor).
 */
export async function claimOfferVersion(
  db: Executor,
  merchantId: number,
  vendorId: number,
  expected: number | undefined,
): Promise<number | undefined> {
  const rows = await query<{ version: unknown }>(
    db,
    sql`UPDATE merchant_vendors SET version = version + 1
         WHERE merchant_id = ${merchantId} AND vendor_id = ${vendorId}
           AND (${expected ?? null}::integer IS NULL OR version = ${expected ?? null}::integer)
        RETURNING version`,
  );
  return rows[0] ? toNumber(rows[0].version) : undefined;
}

/** The brand's vendors take the places 1, 2, … in the order of `vendorIds`. */
export async function updateVendorOrder(db: Executor, merchantId: number, vendorIds: number[]): Promise<void> {
  await query(
    db,
    sql`UPDATE merchant_vendors mv SET sort_order = o.place
          FROM unnest(${`{${vendorIds.join(',')}}`}::bigint[]) WITH ORDINALITY AS o(vendor_id, place)
         WHERE mv.merchant_id = ${merchantId} AND mv.vendor_id = o.vendor_id`,
  );
}

/** The brand places the games of `gameIds` 1, 2, … in that order (its own choice, kept over any feed). */
export async function updateGameOrder(db: Executor, merchantId: number, gameIds: number[]): Promise<void> {
  await query(
    db,
    sql`UPDATE merchant_games mg SET brand_sort_order = o.place
          FROM unnest(${`{${gameIds.join(',')}}`}::bigint[]) WITH ORDINALITY AS o(game_id, place)
         WHERE mg.merchant_id = ${merchantId} AND mg.game_id = o.game_id`,
  );
}

/** Where a page of a vendor's games ends: its last game's place and id. */
export interface GamePageAfter {
  sortOrder: number;
  gameId: number;
}

/**
 * A page of a vendor's games as a brand offers them, in the brand's order (sort_order, then id: the index
 * merchant_games_vendor_order_idx), after `after`; `q` matches the name or the code.
 */
export async function findBrandGamePage(
  db: Executor,
  merchantId: number,
  vendorId: number,
  options: {
    after: GamePageAfter | undefined;
    limit: number;
    q?: string | undefined;
    listed?: boolean | undefined;
    hot?: boolean | undefined;
    topLevelOnly?: boolean;
  },
): Promise<BrandGameOffer[]> {
  const pattern = options.q ? `%${options.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await query<BrandGameRow>(
    db,
    sql`SELECT ${BRAND_GAME_COLUMNS}
          FROM merchant_games mg JOIN games g ON g.id = mg.game_id
         WHERE mg.merchant_id = ${merchantId} AND mg.vendor_id = ${vendorId}
           ${options.after ? sql`AND (mg.sort_order, mg.game_id) > (${options.after.sortOrder}::integer, ${options.after.gameId}::bigint)` : sql``}
           ${pattern ? sql`AND (g.name_key LIKE ${pattern} OR lower(g.code) LIKE ${pattern})` : sql``}
           ${options.listed === undefined ? sql`` : sql`AND mg.enabled = ${options.listed}`}
           ${options.hot === undefined ? sql`` : sql`AND mg.is_hot = ${options.hot}`}
           ${options.topLevelOnly ? sql`AND mg.top_level` : sql``}
         ORDER BY mg.sort_order, mg.game_id
         LIMIT ${options.limit}`,
  );
  return rows.map(toBrandGameOffer);
}
