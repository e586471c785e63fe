import type { HmacSha256 } from '../random';
import { drawDistinct, type LotteryDrawInput } from './draw';
import { LOTTERY_TARGET_RTP_BASIS_POINTS, isStakeValid, oddsAt, oddsForChance, payoutAt } from './pricing';
import {
  LOTTERY_PRIZE_MODES,
  type LotteryBet,
  type LotteryBetError,
  type LotteryExposure,
  type LotteryOdds,
  type LotteryPrizeMode,
  type LotteryRules,
} from './types';

// The e-lottery, keno (docs/product/lottery.md#e-lottery): 20 distinct numbers of 1-80 drawn (game KENO). A bet names
// its numbers or its option (a slip holds many bets) and wins its stake times the odds it hit, or nothing.
//
// - pick1 .. pick10: the player picks N distinct numbers ("7" or "07"); the bet is paid by its hits (how many of them
//   were drawn) at the odds key `pickN:hits` (`pick5:3`: 5 picked, 3 drawn). A hit count the table does not name pays
//   nothing, so a pickN table is its paying keys only.
// - big_small "big" | "small" | "tie": the 20 numbers add up to 811 or more (big), 809 or less (small) or exactly 810
//   (tie; its chance about 0.44%). Big and small lose on 810, as in most keno games; that is priced into their odds.
//   Keys `big_small` (big, small) and `big_small:tie`.
// - odd_even "odd" | "even" | "tie": 11 or more of the 20 are odd (odd), 11 or more even (even), 10 and 10 (tie; about
//   20.3%). Odd and even lose on the tie. Keys `odd_even` (odd, even) and `odd_even:tie`.

export const KENO_DRAWN = 20;
export const KENO_POOL = 80;
export const KENO_MAX_PICK = 10;
export const KENO_GAME_CODE = 'KENO';

export interface KenoResult {
  /** The 20 numbers of 1-80, in the order drawn. */
  numbers: number[];
}

export const KENO_BET_TYPES = [
  ...Array.from({ length: KENO_MAX_PICK }, (_, index) => `pick${index + 1}`),
  'big_small',
  'odd_even',
] as const;

/** The sum of the 20 numbers at which big and small both lose: the middle of 210 .. 1,410. */
export const KENO_SUM_TIE = 810;

/**
 * Each pickN paytable's shape: the relative prize per hit count. A prize mode scales it to its return (see
 * kenoPickOdds), so every mode pays the same prizes in the same proportions.
 */
export const KENO_PICK_SHAPES: Readonly<Record<number, Readonly<Record<number, number>>>> = {
  1: { 1: 1 },
  2: { 2: 1 },
  3: { 2: 2, 3: 25 },
  4: { 2: 1, 3: 4, 4: 60 },
  5: { 3: 2, 4: 15, 5: 400 },
  6: { 3: 1, 4: 4, 5: 70, 6: 1_600 },
  7: { 3: 1, 4: 3, 5: 20, 6: 400, 7: 5_000 },
  8: { 4: 2, 5: 12, 6: 100, 7: 1_500, 8: 15_000 },
  9: { 4: 1, 5: 5, 6: 40, 7: 300, 8: 4_000, 9: 30_000 },
  10: { 5: 2, 6: 20, 7: 100, 8: 1_000, 9: 5_000, 10: 100_000 },
};

/**
 * Of the C(80, 20) draws, those whose numbers add up to exactly 810: computed in Python by counting subsets by size and
 * sum (packages/fairness/src/lottery/keno.test.ts counts them again).
 */
export const KENO_SUM_TIE_WAYS = 15_542_763_534_960_598n;

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let index = 0; index < k; index += 1) result = (result * BigInt(n - index)) / BigInt(index + 1);
  return result;
}

/** In how many of the C(80, picked) choices `hits` of the picked numbers are among the 20 drawn. */
export function kenoHitWays(picked: number, hits: number): bigint {
  return choose(KENO_DRAWN, hits) * choose(KENO_POOL - KENO_DRAWN, picked - hits);
}

/**
 * A pickN paytable at a return in basis points: each shape's prize scaled so that the table returns exactly the target,
 * floored to hundredths, then the lowest paying hit count raised by the hundredths the target still leaves room for.
 */
export function kenoPickOdds(picked: number, rtpBasisPoints: number): Record<string, number> {
  const shape = KENO_PICK_SHAPES[picked];
  if (!shape) throw new RangeError(`no pick${picked}`);
  const hitCounts = Object.keys(shape).map(Number);
  const total = choose(KENO_POOL, picked);
  const target = BigInt(rtpBasisPoints) * total;
  const weighted = hitCounts.reduce((sum, hits) => sum + BigInt(shape[hits]!) * kenoHitWays(picked, hits), 0n);
  const odds = new Map(hitCounts.map((hits) => [hits, (target * BigInt(shape[hits]!)) / (100n * weighted)]));
  // The return in basis points × C(80, N) is 100 × Σ odds × ways; the slack goes to the most likely prize.
  const returned = hitCounts.reduce((sum, hits) => sum + 100n * odds.get(hits)! * kenoHitWays(picked, hits), 0n);
  const lowest = Math.min(...hitCounts);
  odds.set(lowest, odds.get(lowest)! + (target - returned) / (100n * kenoHitWays(picked, lowest)));
  return Object.fromEntries(hitCounts.map((hits) => [`pick${picked}:${hits}`, Number(odds.get(hits)!)]));
}

/** Each option key's chance as ways out of C(80, 20) (see the top of this file). */
function optionChances(): [string, bigint][] {
  const draws = choose(KENO_POOL, KENO_DRAWN);
  const half = KENO_POOL / 2;
  const oddTie = choose(half, KENO_DRAWN / 2) ** 2n;
  return [
    ['big_small', (draws - KENO_SUM_TIE_WAYS) / 2n],
    ['big_small:tie', KENO_SUM_TIE_WAYS],
    ['odd_even', (draws - oddTie) / 2n],
    ['odd_even:tie', oddTie],
  ];
}

const DEFAULT_ODDS = Object.fromEntries(
  LOTTERY_PRIZE_MODES.map((mode) => {
    const rtp = LOTTERY_TARGET_RTP_BASIS_POINTS[mode];
    const odds: Record<string, number> = {};
    for (let picked = 1; picked <= KENO_MAX_PICK; picked += 1) Object.assign(odds, kenoPickOdds(picked, rtp));
    const draws = choose(KENO_POOL, KENO_DRAWN);
    for (const [key, ways] of optionChances()) odds[key] = oddsForChance(rtp, ways, draws);
    return [mode, Object.freeze(odds)];
  }),
) as Record<LotteryPrizeMode, LotteryOdds>;

const NUMBER_PATTERN = /^(0?[1-9]|[1-7]\d|80)$/;

type KenoOption =
  { kind: 'pick'; picked: number; numbers: number[] } | { kind: 'big_small' | 'odd_even'; option: string };

function pickCount(betType: string): number | null {
  const match = /^pick([1-9]|10)$/.exec(betType);
  return match ? Number(match[1]) : null;
}

/** The numbers or option a bet names, or why they are not a valid selection. */
function parseSelection(bet: LotteryBet): KenoOption | LotteryBetError {
  const picked = pickCount(bet.betType);
  if (picked !== null) {
    if (bet.selection.length !== picked) return 'SELECTION_COUNT';
    if (!bet.selection.every((text) => NUMBER_PATTERN.test(text))) return 'BAD_SELECTION';
    const numbers = bet.selection.map(Number);
    if (new Set(numbers).size !== numbers.length) return 'DUPLICATE_NUMBER';
    return { kind: 'pick', picked, numbers };
  }
  if (bet.betType !== 'big_small' && bet.betType !== 'odd_even') return 'UNKNOWN_BET_TYPE';
  if (bet.selection.length !== 1) return 'SELECTION_COUNT';
  const option = bet.selection[0]!;
  const options = bet.betType === 'big_small' ? ['big', 'small', 'tie'] : ['odd', 'even', 'tie'];
  return options.includes(option) ? { kind: bet.betType, option } : 'BAD_SELECTION';
}

/** The odds a pick bet's table names by hit count (positive entries only). */
function pickTable(picked: number, odds: LotteryOdds): Map<number, number> {
  const table = new Map<number, number>();
  for (let hits = 0; hits <= picked; hits += 1) {
    const at = oddsAt(odds, `pick${picked}:${hits}`);
    if (at !== null) table.set(hits, at);
  }
  return table;
}

/** The odds of an option bet. */
function optionOdds(option: KenoOption, odds: LotteryOdds): number | null {
  if (option.kind === 'pick') return null;
  return oddsAt(odds, option.option === 'tie' ? `${option.kind}:tie` : option.kind);
}

/** The highest odds the bet can be paid at, or null when the odds table has none for it. */
function bestOdds(option: KenoOption, odds: LotteryOdds): number | null {
  if (option.kind !== 'pick') return optionOdds(option, odds);
  const table = pickTable(option.picked, odds);
  return table.size === 0 ? null : Math.max(...table.values());
}

function checked(bet: LotteryBet, odds: LotteryOdds): { option: KenoOption; best: number } | LotteryBetError {
  const option = parseSelection(bet);
  if (typeof option === 'string') return option;
  if (!isStakeValid(bet.stakeMinor)) return 'BAD_STAKE';
  const best = bestOdds(option, odds);
  if (best === null) return 'ODDS_MISSING';
  if (!isStakeValid(bet.stakeMinor, best)) return 'BAD_STAKE';
  return { option, best };
}

function checkedOrThrow(bet: LotteryBet, odds: LotteryOdds): { option: KenoOption; best: number } {
  const result = checked(bet, odds);
  if (typeof result === 'string') throw new RangeError(`keno bet refused: ${result}`);
  return result;
}

function checkResult(result: KenoResult): void {
  const { numbers } = result;
  const valid = numbers.every((number) => Number.isInteger(number) && number >= 1 && number <= KENO_POOL);
  if (numbers.length !== KENO_DRAWN || !valid || new Set(numbers).size !== KENO_DRAWN) {
    throw new RangeError('a keno result is 20 distinct numbers of 1-80');
  }
}

/** The option a keno result wins among "big"/"small"/"tie" or "odd"/"even"/"tie". */
function winningOption(kind: 'big_small' | 'odd_even', numbers: readonly number[]): string {
  if (kind === 'big_small') {
    const sum = numbers.reduce((total, number) => total + number, 0);
    return sum > KENO_SUM_TIE ? 'big' : sum < KENO_SUM_TIE ? 'small' : 'tie';
  }
  const odd = numbers.filter((number) => number % 2 === 1).length;
  const even = numbers.length - odd;
  return odd > even ? 'odd' : odd < even ? 'even' : 'tie';
}

/** A keno draw's result from its public inputs. */
export function drawKeno(input: LotteryDrawInput, mac?: HmacSha256): KenoResult {
  return { numbers: drawDistinct(input, KENO_DRAWN, KENO_POOL, mac) };
}

export const kenoRules: LotteryRules<KenoResult> = {
  family: 'keno',
  betTypes: KENO_BET_TYPES,
  defaultOdds: (mode) => DEFAULT_ODDS[mode],
  checkBet(bet, odds) {
    const result = checked(bet, odds);
    return typeof result === 'string' ? result : null;
  },
  settle(bet, result, odds) {
    checkResult(result);
    const { option } = checkedOrThrow(bet, odds);
    if (option.kind === 'pick') {
      const drawn = new Set(result.numbers);
      const hits = option.numbers.filter((number) => drawn.has(number)).length;
      const at = pickTable(option.picked, odds).get(hits);
      return at === undefined ? 0 : payoutAt(bet.stakeMinor, at);
    }
    if (winningOption(option.kind, result.numbers) !== option.option) return 0;
    return payoutAt(bet.stakeMinor, optionOdds(option, odds)!);
  },
  exposure(bet, odds): LotteryExposure[] {
    const { option, best } = checkedOrThrow(bet, odds);
    const payoutMinor = payoutAt(bet.stakeMinor, best);
    // A pick bet's liability counts against each of its numbers: whichever is drawn, the bet could pay its top prize.
    if (option.kind === 'pick') return option.numbers.map((number) => ({ key: `n:${number}`, payoutMinor }));
    return [{ key: `${option.kind}:${option.option}`, payoutMinor }];
  },
};
