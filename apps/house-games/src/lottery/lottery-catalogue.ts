import type { CatalogueFeed } from '@parlay/contract';
import { HOUSE_VENDOR_ICON, type HouseOrigin } from '../catalogue';
import { LOTTERY_GAMES, LOTTERY_GAME_CODES, type LotteryGameCode } from './lottery-games';

/** The lottery's own vendor code towards the platform (docs/decisions/0070-lottery-vendor.md). */
export const LOTTERY_VENDOR_CODE = 'PARLAY_LOTTERY';

/** Where, under the house's base path, the lottery is mounted: its API at `{base}/lottery/api`. */
export const LOTTERY_PATH = '/lottery';

/**
 * The families whose board the frame's page has: the fast games and keno (board.ts), the Vietnamese draws and the
 * SEA 4D draws (regional-board.ts). A game is listed only once its board exists, so that no player opens a page with
 * nothing to bet on; another regional family joins the list once its words are in the frame (regional.ts,
 * REGIONAL_FAMILIES).
 */
export const LOTTERY_LISTED_FAMILIES: readonly string[] = ['fast', 'keno', 'vn', 'sea'];

/** The games the feed lists: those of LOTTERY_LISTED_FAMILIES, the 36 Vietnamese companies' and 4 SEA draws too. */
export const LOTTERY_LISTED_CODES: readonly LotteryGameCode[] = LOTTERY_GAME_CODES.filter((code) =>
  LOTTERY_LISTED_FAMILIES.includes(LOTTERY_GAMES[code].rules.family),
);

/**
 * The lottery vendor's catalogue feed: the fast lotteries, the e-lottery, the Vietnamese and the SEA draws
 * (LOTTERY_LISTED_CODES; a Vietnamese draw classified by region: `north`, `central`, `south`, as the platform's VN
 * menu groups them; a SEA draw under the SEA account type) as `LOTT` games, launched at `{base}/lottery/play`. The lottery has no art of its own yet: every entry shows the
 * house vendor's icon.
 */
export function lotteryCatalogueFeed(
  origin: HouseOrigin,
  vendorCode = LOTTERY_VENDOR_CODE,
  /** The games listed: LOTTERY_LISTED_CODES unless a test says otherwise. */
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
      // A SEA 4D draw opens under the SEA account type (/seaLottery), classified by its operator.
      ...(LOTTERY_GAMES[code].sea ? { accountTypeName: 'SEA', gameClassify: LOTTERY_GAMES[code].sea.operator } : {}),
    })),
  };
}
