import type { SeaOperator } from '@parlay/fairness';
import type { FamilyRules, LotteryGame } from './lottery-games';

// What the frame's regional board needs to know of each bet type to offer it (docs/product/lottery.md#the-players-page):
// how many numbers a bet names and of how many digits. It is read off the family's own `checkBet`, the one place the
// rules say what a selection must be, so that a family added later (the SEA draws) is described by its rules alone
// and no second table can drift from them.

/** A bet type as the board offers it: `count` numbers of `digits` digits each (null: not plain digits). */
export interface BetTypeShape {
  betType: string;
  count: number;
  digits: number | null;
}

/** The most numbers a bet may name (the slips call's own limit) and the most digits a number is tried with. */
const MAX_COUNT = 20;
const MAX_DIGITS = 8;

/** `count` distinct numbers of exactly `digits` digits, or null when there are not that many. */
function numbers(count: number, digits: number): string[] | null {
  if (count > 10 ** digits) return null;
  return Array.from({ length: count }, (_, index) => String(index).padStart(digits, '0'));
}

/**
 * A bet type's shape by asking its rules: the count is the first that is not refused as `SELECTION_COUNT`, the
 * digits the first that is not refused as `BAD_SELECTION` (the checks come in that order, before stake and odds).
 */
export function betTypeShape(rules: Pick<FamilyRules, 'checkBet'>, betType: string): BetTypeShape {
  const refusal = (selection: string[]) => rules.checkBet({ betType, selection, stakeMinor: 100 }, { [betType]: 100 });
  let count = 1;
  while (count < MAX_COUNT && refusal(numbers(count, 2)!) === 'SELECTION_COUNT') count += 1;
  for (let digits = 1; digits <= MAX_DIGITS; digits += 1) {
    const selection = numbers(count, digits);
    if (!selection) continue;
    const why = refusal(selection);
    if (why !== 'BAD_SELECTION' && why !== 'SELECTION_COUNT') return { betType, count, digits };
  }
  return { betType, count, digits: null };
}

const shapes = new Map<string, BetTypeShape[]>();

/** The country a SEA operator draws in: the frame's lobby and board group the 4D games by it (regional.ts, REGIONS). */
export const SEA_OPERATOR_COUNTRY: Readonly<Record<SeaOperator, string>> = {
  MAGNUM: 'malaysia',
  TOTO: 'malaysia',
  DAMACAI: 'malaysia',
  SG: 'singapore',
};

/**
 * What the games call adds for each game's board: its bet types' shapes (in the board's order) and the region it is
 * grouped by (a Vietnamese company's region, a SEA operator's country; null for the fast games and keno).
 */
export function lotteryBoardInfo(game: LotteryGame): { bets: BetTypeShape[]; region: string | null } {
  let bets = shapes.get(game.code);
  if (!bets) {
    bets = game.betTypes.map((betType) => betTypeShape(game.rules, betType));
    shapes.set(game.code, bets);
  }
  const region = game.vn?.region ?? (game.sea ? SEA_OPERATOR_COUNTRY[game.sea.operator] : null);
  return { bets, region };
}
