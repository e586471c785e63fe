import type { VendorCard } from '@parlay/contract';
import { DIRECT_OPEN_CATEGORIES, GAME_CATEGORY_ROUTES } from '@parlay/contract/constants';

/**
 * Where a vendor opens (docs/product/games-and-wallet.md#opening-a-vendor): a slots, live, fishing or PVP vendor
 * through its tab of the game list (`?page=`); a sports or lottery vendor directly, at its category page with
 * `?vassalage=`, which starts the vendor's game (app/parts/vendor-page.tsx).
 */
export function vendorPath(vendor: Pick<VendorCard, 'gameType' | 'vassalage'>): string {
  const base = GAME_CATEGORY_ROUTES[vendor.gameType];
  const code = encodeURIComponent(vendor.vassalage);
  if ((DIRECT_OPEN_CATEGORIES as readonly string[]).includes(vendor.gameType)) return `${base}?vassalage=${code}`;
  return `${base}?page=${code}`;
}
