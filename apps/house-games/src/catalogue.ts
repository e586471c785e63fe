import { CRASH_CLASSIFICATION, type CatalogueFeed } from '@parlay/contract';

export const HOUSE_VENDOR_CODE = 'HOUSE';

const GAMES: { code: string; gameName: string; gameClassify?: string; isHot: boolean }[] = [
  { code: 'crash', gameName: 'Parlay Crash', gameClassify: CRASH_CLASSIFICATION, isHot: true },
  { code: 'lucky-parlay', gameName: 'Lucky Parlay', isHot: true },
  { code: 'dice', gameName: 'Parlay Dice', isHot: false },
  { code: 'limbo', gameName: 'Parlay Limbo', isHot: false },
  { code: 'mines', gameName: 'Parlay Mines', isHot: false },
];

/**
 * The vendor's catalogue feed: every house game is RNG under the HOUSE vassalage, crash with the Crash
 * classification. `launchUrl` is where the platform's /game iframe opens a game, e.g. '/house/play'.
 */
export function houseCatalogueFeed(launchUrl: string, vendorCode = HOUSE_VENDOR_CODE): CatalogueFeed {
  return {
    vendor: {
      code: vendorCode,
      name: 'Parlay Originals',
      gameTypes: ['RNG'],
      smallIcon: '',
      launchUrl,
      status: 'active',
      isHot: true,
    },
    games: GAMES.map((game, index) => ({
      code: game.code,
      gameName: game.gameName,
      gameType: 'RNG' as const,
      showIcon: '',
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
