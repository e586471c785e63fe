import type { VendorCard, VendorLane } from '@parlay/contract';
import {
  DIRECT_START_VASSALAGE,
  GAME_CATEGORY_ROUTES,
  STANDALONE_SPORTS_VENDOR,
  type GameType,
} from '@parlay/contract/constants';
import { vendorPath } from '../../lib/vendor-path';

/** One category entry of the bottom navigation (docs/product/site-shell-and-routes.md#bottom-navigation). */
export interface NavEntry {
  /** Stable key, also the i18n key under shell:categories. */
  key: 'LIVE' | 'DS88' | 'SPORTS' | 'RNG' | 'FISH' | 'PVP' | 'ELOTT';
  to: string;
  vendors: VendorCard[];
  /** The entry's name when it is one vendor's (DS88): the vendor's display name, never its code. */
  label?: string;
  /**
   * No vendor of the entry has a game to play now: the brand shows it as coming soon (the server lists such
   * vendors only for a brand that asks, docs/product/games-and-wallet.md#vendors-and-lanes).
   */
  comingSoon: boolean;
}

function isComingSoon(vendors: readonly VendorCard[]): boolean {
  return vendors.every((vendor) => vendor.status !== 'active');
}

const ORDER: GameType[] = ['LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'ELOTT', 'LOTT'];

/**
 * One entry per category present in the vendor list. The DS88 vendor leaves the sports list and
 * shows as its own entry right after Live; ELOTT and LOTT share the /elott entry.
 */
export function buildNavEntries(lanes: readonly VendorLane[]): NavEntry[] {
  const byType = new Map<GameType, VendorCard[]>();
  for (const lane of lanes) byType.set(lane.title, [...(byType.get(lane.title) ?? []), ...lane.cards]);

  const entries: NavEntry[] = [];
  for (const type of ORDER) {
    const cards = byType.get(type) ?? [];
    if (type === 'SPORTS') {
      const standalone = cards.filter((card) => card.vassalage === STANDALONE_SPORTS_VENDOR);
      const rest = cards.filter((card) => card.vassalage !== STANDALONE_SPORTS_VENDOR);
      if (standalone.length > 0) {
        entries.push({
          key: 'DS88',
          to: vendorPath({ gameType: 'SPORTS', vassalage: STANDALONE_SPORTS_VENDOR }),
          vendors: standalone,
          label: standalone[0]?.displayName ?? STANDALONE_SPORTS_VENDOR,
          comingSoon: isComingSoon(standalone),
        });
      }
      if (rest.length > 0) {
        entries.push({ key: 'SPORTS', to: GAME_CATEGORY_ROUTES.SPORTS, vendors: rest, comingSoon: isComingSoon(rest) });
      }
      continue;
    }
    if (cards.length === 0) continue;
    if (type === 'ELOTT' || type === 'LOTT') {
      // A vendor in both lanes (TCG_SEA offers ELOTT and LOTT) is one vendor of the entry, listed once.
      const existing = entries.find((entry) => entry.key === 'ELOTT');
      const vendors = existing?.vendors ?? [];
      for (const card of cards) {
        if (!vendors.some((vendor) => vendor.vassalage === card.vassalage)) vendors.push(card);
      }
      if (existing) existing.comingSoon = isComingSoon(vendors);
      else entries.push({ key: 'ELOTT', to: GAME_CATEGORY_ROUTES.ELOTT, vendors, comingSoon: isComingSoon(vendors) });
      continue;
    }
    entries.push({ key: type, to: GAME_CATEGORY_ROUTES[type], vendors: cards, comingSoon: isComingSoon(cards) });
  }
  // For ELOTT or LOTT the game of TCG_SEA starts directly (docs/product/games-and-wallet.md#opening-a-game): the entry
  // is that vendor's address.
  const lottery = entries.find((entry) => entry.key === 'ELOTT');
  const start = lottery?.vendors.find((vendor) => vendor.vassalage === DIRECT_START_VASSALAGE);
  if (lottery && start) lottery.to = vendorPath(start);
  return entries;
}
