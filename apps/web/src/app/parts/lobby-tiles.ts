import type { VendorLane } from '@parlay/contract';
import type { IconName } from '../../components/ui/icon';
import { buildNavEntries, type NavEntry } from '../../features/navigation/build-nav-entries';

export interface LobbyTile {
  /** The i18n key under shell:categories. */
  key: 'LIVE' | 'SPORTS' | 'RNG' | 'FISH' | 'PVP' | 'ESPORTS' | 'ELOTT' | 'CRASH';
  to: string;
  icon: IconName;
  tone: string;
  /** The navigation entries whose vendors fill the tile's page; none: no vendor type can fill it yet. */
  filledBy: NavEntry['key'][];
}

/**
 * Category entrances of the lobby (docs/product/games-and-wallet.md#game-categories); E-lottery follows
 * the brand's vendors.
 */
export const LOBBY_TILES: LobbyTile[] = [
  { key: 'LIVE', to: '/live', icon: 'live', tone: 'violet', filledBy: ['LIVE'] },
  { key: 'SPORTS', to: '/sports', icon: 'sports', tone: 'green', filledBy: ['SPORTS', 'DS88'] },
  { key: 'RNG', to: '/rng', icon: 'slots', tone: 'gold', filledBy: ['RNG'] },
  { key: 'FISH', to: '/fish', icon: 'fish', tone: 'blue', filledBy: ['FISH'] },
  { key: 'PVP', to: '/pvp', icon: 'pvp', tone: 'red', filledBy: ['PVP'] },
  // The brand's e-sports list is empty (docs/product/site-shell-and-routes.md#brand-configuration) and no
  // vendor lane is of that type.
  { key: 'ESPORTS', to: '/esports', icon: 'esports', tone: 'cyan', filledBy: [] },
  { key: 'ELOTT', to: '/elott', icon: 'lottery', tone: 'pink', filledBy: ['ELOTT'] },
  // Crash games are a classification of slots (docs/product/games-and-wallet.md#game-categories).
  { key: 'CRASH', to: '/rng?gameClassify=Crash', icon: 'crash', tone: 'orange', filledBy: ['RNG'] },
];

/**
 * The tiles whose page has a vendor to show, as the header's navigation has its entries; a category no
 * vendor of the brand offers a game of is not advertised. Until the vendor lanes are known, none.
 */
export function presentLobbyTiles(lanes: readonly VendorLane[] | undefined): (LobbyTile & { comingSoon: boolean })[] {
  if (!lanes) return [];
  const entries = buildNavEntries(lanes);
  return LOBBY_TILES.flatMap((tile) => {
    const filling = entries.filter((entry) => tile.filledBy.includes(entry.key));
    // Shown before it has a game to play only when every entry filling it is (the brand's choice).
    return filling.length > 0 ? [{ ...tile, comingSoon: filling.every((entry) => entry.comingSoon) }] : [];
  });
}
