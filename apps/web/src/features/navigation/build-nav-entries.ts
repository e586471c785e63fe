import type { VendorCard, VendorLane } from '@parlay/contract';
import { GAME_CATEGORY_ROUTES, STANDALONE_SPORTS_VENDOR, type GameType } from '@parlay/contract/constants';

/** One category entry of the bottom navigation (spec 01 §2). */
export interface NavEntry {
  /** Stable key, also the i18n key under shell:categories. */
  key: 'LIVE' | 'DS88' | 'SPORTS' | 'RNG' | 'FISH' | 'PVP' | 'ELOTT';
  to: string;
  vendors: VendorCard[];
}

const ORDER: GameType[] = ['LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'ELOTT', 'LOTT'];

/** Where a vendor of a category opens: sports and lotteries directly, slots through the slots page tabs. */
export function vendorLink(gameType: GameType, vassalage: string): string {
  const base = GAME_CATEGORY_ROUTES[gameType];
  if (gameType === 'RNG') return `${base}?page=${encodeURIComponent(vassalage)}`;
  return `${base}?vassalage=${encodeURIComponent(vassalage)}`;
}

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
        entries.push({ key: 'DS88', to: vendorLink('SPORTS', STANDALONE_SPORTS_VENDOR), vendors: standalone });
      }
      if (rest.length > 0) entries.push({ key: 'SPORTS', to: GAME_CATEGORY_ROUTES.SPORTS, vendors: rest });
      continue;
    }
    if (cards.length === 0) continue;
    if (type === 'ELOTT' || type === 'LOTT') {
      const existing = entries.find((entry) => entry.key === 'ELOTT');
      if (existing) existing.vendors.push(...cards);
      else entries.push({ key: 'ELOTT', to: GAME_CATEGORY_ROUTES.ELOTT, vendors: [...cards] });
      continue;
    }
    entries.push({ key: type, to: GAME_CATEGORY_ROUTES[type], vendors: cards });
  }
  return entries;
}
