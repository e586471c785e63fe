import type { HmacSha256 } from '../random';
import { drawDigits, type LotteryDrawInput } from './draw';
import { defaultOddsTables, isStakeValid, oddsAt, payoutAt } from './pricing';
import {
  type LotteryBet,
  type LotteryBetError,
  type LotteryExposure,
  type LotteryOdds,
  type LotteryRules,
} from './types';

// The fast lotteries (docs/product/lottery.md#fast-lotteries): five digits 0-9 drawn every 1, 3 or 5 minutes (games
// FAST1, FAST3, FAST5: the same rules on different schedules), like the "SSC" lotteries players in Asia know. A bet
// names one option (a slip holds many bets) and wins its stake times its odds, or nothing.
//
// Options (the selection's one entry) and the odds key each is paid at:
// - digit "p:d": position p (1-5) shows digit d. Key `digit`.
// - big_small "p:big" | "p:small" | "sum:big" | "sum:small": a digit 5-9 is big, 0-4 small; the sum (0-45) is big at
//   23-45, small at 0-22. Key `big_small`.
// - odd_even "p:odd" | "p:even" | "sum:odd" | "sum:even". Key `odd_even`.
// - sum "n": the five digits add up to n (0-45). Key `sum:n`, each priced by its own chance.
// - front3 / middle3 / back3 (positions 1-3, 2-4, 3-5) "triple" | "straight" | "pair" | "mixed": three equal digits;
//   three distinct digits consecutive in some order, 0 following 9 (890 and 901 count); exactly two equal; none of
//   these. Key `front3:triple` etc.
// - dragon_tiger "dragon" | "tiger" | "tie": the first digit above, below or equal to the fifth (dragon and tiger lose
//   on a tie). Keys `dragon_tiger` (dragon, tiger) and `dragon_tiger:tie`.

export const FAST_DIGITS = 5;
export const FAST_GAME_CODES = ['FAST1', 'FAST3', 'FAST5'] as const;
export type FastGameCode = (typeof FAST_GAME_CODES)[number];
/** How often each fast game draws, in seconds. */
export const FAST_DRAW_INTERVAL_SECONDS: Readonly<Record<FastGameCode, number>> = { FAST1: 60, FAST3: 180, FAST5: 300 };

export interface FastResult {
  /** The five digits, position 1 first. */
  digits: number[];
}

export const FAST_BET_TYPES = [
  'digit',
  'big_small',
  'odd_even',
  'sum',
  'front3',
  'middle3',
  'back3',
  'dragon_tiger',
] as const;
export type FastBetType = (typeof FAST_BET_TYPES)[number];

export const FAST_MAX_SUM = 9 * FAST_DIGITS;
export const FAST_THREE_KINDS = ['triple', 'straight', 'pair', 'mixed'] as const;
export type FastThreeKind = (typeof FAST_THREE_KINDS)[number];
/** The first position of each three-digit bet type (1-based). */
const THREE_STARTS = { front3: 1, middle3: 2, back3: 3 } as const;

/** A fast draw's result from its public inputs. */
export function drawFast(input: LotteryDrawInput, mac?: HmacSha256): FastResult {
  return { digits: drawDigits(input, FAST_DIGITS, mac) };
}

/** The kind of three digits (see the top of this file). */
export function fastThreeKind(a: number, b: number, c: number): FastThreeKind {
  if (a === b && b === c) return 'triple';
  if (a === b || b === c || a === c) return 'pair';
  const [low, middle, high] = [a, b, c].sort((x, y) => x - y) as [number, number, number];
  const consecutive = middle === low + 1 && high === middle + 1;
  // With 0 following 9: {8, 9, 0} and {9, 0, 1}.
  const wrapped = (low === 0 && middle === 8 && high === 9) || (low === 0 && middle === 1 && high === 9);
  return consecutive || wrapped ? 'straight' : 'mixed';
}

/** In how many of the 10^5 draws the digits add up to each sum 0 .. 45. */
function sumWays(): bigint[] {
  let ways = [1n];
  for (let digit = 0; digit < FAST_DIGITS; digit += 1) {
    const next = Array.from({ length: ways.length + 9 }, () => 0n);
    ways.forEach((count, sum) => {
      for (let value = 0; value <= 9; value += 1) next[sum + value]! += count;
    });
    ways = next;
  }
  return ways;
}

/** Each odds key's chance as ways out of a total (see the top of this file). */
function fastChances(): [string, bigint, bigint][] {
  const chances: [string, bigint, bigint][] = [
    ['digit', 1n, 10n],
    ['big_small', 1n, 2n],
    ['odd_even', 1n, 2n],
  ];
  sumWays().forEach((ways, sum) => chances.push([`sum:${sum}`, ways, 100_000n]));
  // Of the 1,000 three-digit draws: 10 triples, 10 straights in 6 orders, 10 × 9 pairs in 3 orders, the rest mixed.
  const threeWays: Record<FastThreeKind, bigint> = { triple: 10n, straight: 60n, pair: 270n, mixed: 660n };
  for (const betType of ['front3', 'middle3', 'back3']) {
    for (const kind of FAST_THREE_KINDS) chances.push([`${betType}:${kind}`, threeWays[kind], 1_000n]);
  }
  chances.push(['dragon_tiger', 45n, 100n], ['dragon_tiger:tie', 10n, 100n]);
  return chances;
}

const DEFAULT_ODDS = defaultOddsTables(fastChances());

/** A checked option: the odds key it is paid at, its liability key, and whether a result wins it. */
interface FastOption {
  oddsKey: string;
  exposureKey: string;
  wins(digits: readonly number[]): boolean;
}

const POSITION_OR_SUM = /^([1-5]|sum):([a-z]+)$/;

function digitSum(digits: readonly number[]): number {
  return digits.reduce((sum, digit) => sum + digit, 0);
}

/** The option a bet names, or null when its text is not one of its bet type's. */
function parseOption(betType: FastBetType, text: string): FastOption | null {
  switch (betType) {
    case 'digit': {
      const match = /^([1-5]):(\d)$/.exec(text);
      if (!match) return null;
      const position = Number(match[1]);
      const digit = Number(match[2]);
      return { oddsKey: 'digit', exposureKey: `pos${position}:${digit}`, wins: (d) => d[position - 1] === digit };
    }
    case 'big_small':
    case 'odd_even': {
      const match = POSITION_OR_SUM.exec(text);
      const options = betType === 'big_small' ? ['big', 'small'] : ['odd', 'even'];
      if (!match || !options.includes(match[2]!)) return null;
      const where = match[1]!;
      const option = match[2]!;
      const value = (d: readonly number[]) => (where === 'sum' ? digitSum(d) : d[Number(where) - 1]!);
      const bigAt = where === 'sum' ? Math.ceil(FAST_MAX_SUM / 2) : 5;
      // Big: a digit 5-9 or a sum 23-45; odd: an odd digit or sum. Small and even win on the rest.
      const bigOrOdd = (d: readonly number[]) => (betType === 'big_small' ? value(d) >= bigAt : value(d) % 2 === 1);
      return {
        oddsKey: betType,
        exposureKey: `${where === 'sum' ? 'sum' : `pos${where}`}:${option}`,
        wins: (d) => bigOrOdd(d) === (option === 'big' || option === 'odd'),
      };
    }
    case 'sum': {
      if (!/^(0|[1-9]\d?)$/.test(text) || Number(text) > FAST_MAX_SUM) return null;
      const sum = Number(text);
      return { oddsKey: `sum:${sum}`, exposureKey: `sum:${sum}`, wins: (d) => digitSum(d) === sum };
    }
    case 'front3':
    case 'middle3':
    case 'back3': {
      if (!(FAST_THREE_KINDS as readonly string[]).includes(text)) return null;
      const start = THREE_STARTS[betType] - 1;
      const key = `${betType}:${text}`;
      return {
        oddsKey: key,
        exposureKey: key,
        wins: (d) => fastThreeKind(d[start]!, d[start + 1]!, d[start + 2]!) === text,
      };
    }
    case 'dragon_tiger': {
      const outcome = (d: readonly number[]) => (d[0]! > d[4]! ? 'dragon' : d[0]! < d[4]! ? 'tiger' : 'tie');
      if (text !== 'dragon' && text !== 'tiger' && text !== 'tie') return null;
      return {
        oddsKey: text === 'tie' ? 'dragon_tiger:tie' : 'dragon_tiger',
        exposureKey: `dragon_tiger:${text}`,
        wins: (d) => outcome(d) === text,
      };
    }
  }
}

function isFastBetType(betType: string): betType is FastBetType {
  return (FAST_BET_TYPES as readonly string[]).includes(betType);
}

/** The bet's option and odds, or why it cannot be placed. */
function checked(bet: LotteryBet, odds: LotteryOdds): { option: FastOption; odds: number } | LotteryBetError {
  if (!isFastBetType(bet.betType)) return 'UNKNOWN_BET_TYPE';
  if (bet.selection.length !== 1) return 'SELECTION_COUNT';
  const option = parseOption(bet.betType, bet.selection[0]!);
  if (!option) return 'BAD_SELECTION';
  if (!isStakeValid(bet.stakeMinor)) return 'BAD_STAKE';
  const at = oddsAt(odds, option.oddsKey);
  if (at === null) return 'ODDS_MISSING';
  if (!isStakeValid(bet.stakeMinor, at)) return 'BAD_STAKE';
  return { option, odds: at };
}

function checkedOrThrow(bet: LotteryBet, odds: LotteryOdds): { option: FastOption; odds: number } {
  const result = checked(bet, odds);
  if (typeof result === 'string') throw new RangeError(`fast bet refused: ${result}`);
  return result;
}

function checkResult(result: FastResult): void {
  const { digits } = result;
  if (digits.length !== FAST_DIGITS || !digits.every((digit) => Number.isInteger(digit) && digit >= 0 && digit <= 9)) {
    throw new RangeError('a fast result is five digits 0-9');
  }
}

export const fastRules: LotteryRules<FastResult> = {
  family: 'fast',
  betTypes: FAST_BET_TYPES,
  defaultOdds: (mode) => DEFAULT_ODDS[mode],
  checkBet(bet, odds) {
    const result = checked(bet, odds);
    return typeof result === 'string' ? result : null;
  },
  settle(bet, result, odds) {
    checkResult(result);
    const { option, odds: at } = checkedOrThrow(bet, odds);
    return option.wins(result.digits) ? payoutAt(bet.stakeMinor, at) : 0;
  },
  exposure(bet, odds): LotteryExposure[] {
    const { option, odds: at } = checkedOrThrow(bet, odds);
    return [{ key: option.exposureKey, payoutMinor: payoutAt(bet.stakeMinor, at) }];
  },
};
