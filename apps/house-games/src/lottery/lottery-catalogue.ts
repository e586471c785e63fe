import type { CatalogueFeed } from '@parlay/contract';
import { HOUSE_VENDOR_ICON, type HouseOrigin } from '../catalogue';
import { LOTTERY_GAMES, LOTTERY_GAME_CODES, type LotteryGameCode } from './lottery-games';

/** The lottery's own vendor code towards the platform (docs/decisions/0070-lottery-vendor.md). */
export const LOTTERY_VENDOR_CODE = 'PARLAY_LOTTERY';

/** Where, under the house's base path, the lottery is mounted: its API at `{base}/lottery/api`. */
export const LOTTERY_PATH = '/lottery';

/**
 * The games the feed lists: those whose board the frame's page has. The Vietnamese draws (one game per company,
 * lottery-vn.ts) are scheduled, their results entered and confirmed in the back office and their slips settled, but
 * their board is not built yet: listed, a player would open a page with nothing to bet on (issue 38).
 */
export const LOTTERY_LISTED_CODES = LOTTERY_GAME_CODES.filter((code) => !LOTTERY_GAMES[code].vn);

/**
 * The lottery vendor's catalogue feed: the fast lotteries and the e-lottery (LOTTERY_LISTED_CODES; a Vietnamese
 * draw, once listed, is classified by region: `north`, `central`, `south`, as the platform's VN menu groups them)
 * as `LOTT` games, launched at `{base}/lottery/play`. The lottery has no art of its own yet: every entry shows the
 * house vendor's icon.
 */
export function lotteryCatalogueFeed(
  origin: HouseOrigin,
  vendorCode = LOTTERY_VENDOR_CODE,
  /** The games listed; the tests of the Vietnamese draws list every game, so that the platform launches them. */
  codes: readonly LotteryGameCode[] = LOTTERY_LISTED_CODES,
): CatalogueFeed {
  const base = `${origin.publicUrl}${origin.basePath}`;
  const icon = `${base}/icons/${HOUSE_VENDOR_ICON}.svg`;
  return {
    vendor: {
      code: vendorCode,
      name: 'Parlay Lottery',
      gameTypes: ['LOTT'],
      smallIcon: icon,
      launchUrl: `${base}${LOTTERY_PATH}/play`,
      status: 'active',
      isHot: false,
      walletMode: 'transfer',
    },
    games: codes.map((code, index) => ({
      code,
      gameName: LOTTERY_GAMES[code].name,
      gameType: 'LOTT' as const,
      showIcon: icon,
      // 1: real money only (no free trial).
      supportPlay: 1 as const,
      defaultPlayType: '',
      isGame: '',
      isHot: false,
      status: 'active' as const,
      sortOrder: index + 1,
      ...(LOTTERY_GAMES[code].vn ? { gameClassify: LOTTERY_GAMES[code].vn.region } : {}),
    })),
  };
}
