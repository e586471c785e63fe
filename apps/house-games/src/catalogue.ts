import { CRASH_CLASSIFICATION, type CatalogueFeed } from '@parlay/contract';

export const HOUSE_VENDOR_CODE = 'HOUSE';

/** The vendor's logo in the web build's icons (web/public/icons/<name>.svg); each game's icon is named by its code. */
export const HOUSE_VENDOR_ICON = 'parlay-originals';

const GAMES: { code: string; gameName: string; gameClassify?: string; isHot: boolean }[] = [
  { code: 'crash', gameName: 'Parlay Crash', gameClassify: CRASH_CLASSIFICATION, isHot: true },
  { code: 'lucky-parlay', gameName: 'Lucky Parlay', isHot: true },
  { code: 'dice', gameName: 'Parlay Dice', isHot: false },
  { code: 'limbo', gameName: 'Parlay Limbo', isHot: false },
  { code: 'mines', gameName: 'Parlay Mines', isHot: false },
  { code: 'plinko', gameName: 'Parlay Plinko', isHot: false },
];

/** Where, under the base path, the vendor publishes its feed for the platform's catalogue sync. */
export const HOUSE_FEED_PATH = '/api/feed';

export interface HouseOrigin {
  /** Where players' browsers reach the vendor, e.g. https://games.example.com, without a trailing slash. */
  publicUrl: string;
  /** Where the vendor mounts its pages, e.g. '/house'. */
  basePath: string;
}

/**
 * The vendor's catalogue feed: every house game is RNG under the HOUSE vassalage, crash with the Crash
 * classification. It names its own address ({base}/api/feed), where the platform reads it again. The launch URL ({base}/play, opened in the platform's /game iframe) and the icons
 * ({base}/icons/<code>.svg, from the web build) are absolute on the vendor's public origin: the
 * platform puts a relative icon on its own image host, where our art does not live.
 */
export function houseCatalogueFeed(origin: HouseOrigin, vendorCode = HOUSE_VENDOR_CODE): CatalogueFeed {
  const base = `${origin.publicUrl}${origin.basePath}`;
  const icon = (name: string) => `${base}/icons/${name}.svg`;
  return {
    vendor: {
      code: vendorCode,
      name: 'Parlay Originals',
      gameTypes: ['RNG'],
      smallIcon: icon(HOUSE_VENDOR_ICON),
      launchUrl: `${base}/play`,
      status: 'active',
      isHot: true,
      // Its games play from the member's wallet of this vendor on a brand with vendor wallets (the platform's decision
      // 0036), and from the main wallet on every other brand.
      walletMode: 'transfer',
      catalogueUrl: `${base}${HOUSE_FEED_PATH}`,
    },
    games: GAMES.map((game, index) => ({
      code: game.code,
      gameName: game.gameName,
      gameType: 'RNG' as const,
      showIcon: icon(game.code),
      // 0: real money and the platform's free trial (play money kept by the platform).
      supportPlay: 0 as const,
      defaultPlayType: '',
      isGame: '',
      ...(game.gameClassify ? { gameClassify: game.gameClassify } : {}),
      isHot: game.isHot,
      status: 'active' as const,
      sortOrder: index + 1,
    })),
  };
}
