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
