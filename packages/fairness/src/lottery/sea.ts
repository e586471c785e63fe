import { LOTTERY_TARGET_RTP_BASIS_POINTS, isStakeValid, oddsAt } from './pricing';
import {
  LOTTERY_PRIZE_MODES,
  type LotteryBet,
  type LotteryBetError,
  type LotteryExposure,
  type LotteryOdds,
  type LotteryPrizeMode,
  type LotteryRules,
} from './types';

// The SEA lottery (docs/product/lottery.md#sea-lottery-4d): the 4D draws of Malaysia's three licensed operators
// (Magnum 4D, Sports Toto 4D, Da Ma Cai 1+3D) and of Singapore Pools, three times a week. We do not draw them: an
// operator enters each result (a second confirms), as for the Vietnamese draws. A draw is 23 four-digit numbers, each
// of its four digits drawn from its own set of ten balls, so any number can come in any prize and more than once:
// first, second and third (one each), ten special ("starter" in Singapore) and ten consolation.
//
// - big <n>: paid for every prize the number wins, at its tier's odds (`big:first` ... `big:consolation`).
// - small <n>: the top three prizes only, at higher odds (`small:first`, `small:second`, `small:third`).
// - 4a <n>: the first prize only (`4a`).
// - ibox_big / ibox_small <n>: big or small on every different ordering of the number's digits (24, 12, 6 or 4 of
//   them) for one stake: a prize that is any of them pays its tier's odds divided by that count (Magnum's "mBox",
//   Singapore's "iBet"). A number of one digit four times has one ordering and is refused (DUPLICATE_NUMBER).
// - 3a <nnn>: the first prize's last three digits. 3abc <nnn>: the last three of each of the top three prizes, at
//   their own odds (`3abc:first`, `3abc:second`, `3abc:third`).
//
// A bet pays floor(stake × Σ odds × hits / 100) over its tiers (for i-box, / its count of orderings), floored once.

export const SEA_OPERATORS = ['MAGNUM', 'TOTO', 'DAMACAI', 'SG'] as const;
export type SeaOperator = (typeof SEA_OPERATORS)[number];

export interface SeaOperatorInfo {
  name: string;
  /** The draws' local time (Malaysia and Singapore are both UTC+8 all year, no daylight saving). */
  drawTime: { hour: number; minute: number };
}

export const SEA_OPERATOR_INFO: Readonly<Record<SeaOperator, SeaOperatorInfo>> = {
  MAGNUM: { name: 'Magnum 4D', drawTime: { hour: 19, minute: 0 } },
  TOTO: { name: 'Sports Toto 4D', drawTime: { hour: 19, minute: 0 } },
  DAMACAI: { name: 'Da Ma Cai 1+3D', drawTime: { hour: 19, minute: 0 } },
  SG: { name: 'Singapore 4D', drawTime: { hour: 18, minute: 30 } },
};

/** Asia/Kuala_Lumpur and Asia/Singapore are UTC+8 all year. */
export const SEA_UTC_OFFSET_MINUTES = 8 * 60;

/** The regular draw days, 0 = Sunday (as Date#getUTCDay): Wednesday, Saturday and Sunday, for every operator. */
export const SEA_DRAW_WEEKDAYS: readonly number[] = [0, 3, 6];

/**
 * The special draws the operators have announced besides the regular days (usually a Tuesday, a few a year),
 * YYYY-MM-DD local dates per operator. Data: an operator's announcement is added here before its date.
 */
export const SEA_SPECIAL_DRAWS: Readonly<Record<SeaOperator, readonly string[]>> = {
  MAGNUM: [],
  TOTO: [],
  DAMACAI: [],
  SG: [],
};

export const SEA_PRIZE_TIERS = ['first', 'second', 'third', 'special', 'consolation'] as const;
export type SeaPrizeTier = (typeof SEA_PRIZE_TIERS)[number];

/** How many numbers each tier draws: 23 in all. */
export const SEA_TIER_COUNTS: Readonly<Record<SeaPrizeTier, number>> = {
  first: 1,
  second: 1,
  third: 1,
  special: 10,
  consolation: 10,
};

const TOP_TIERS = ['first', 'second', 'third'] as const;

const DATE_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC midnight of a real YYYY-MM-DD date, or null. */
function utcMidnight(date: unknown): number | null {
  const match = typeof date === 'string' ? DATE_FORMAT.exec(date) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = Date.UTC(year, month - 1, day);
  const back = new Date(at);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return at;
}

function isOperator(value: unknown): value is SeaOperator {
  return typeof value === 'string' && (SEA_OPERATORS as readonly string[]).includes(value);
}

/** The local date (YYYY-MM-DD, UTC+8) at an instant. */
export function seaDateAt(instant: Date): string {
  return new Date(instant.getTime() + SEA_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** True when the operator draws on that local date: a regular draw day or an announced special draw. */
export function seaDrawsThatDay(operator: SeaOperator, date: string): boolean {
  const at = utcMidnight(date);
  if (at === null || !isOperator(operator)) return false;
  return SEA_DRAW_WEEKDAYS.includes(new Date(at).getUTCDay()) || SEA_SPECIAL_DRAWS[operator].includes(date);
}

/** The instant of the operator's draw on a local date (whether or not it draws that day). */
export function seaDrawInstant(operator: SeaOperator, date: string): Date {
  const at = utcMidnight(date);
  if (at === null) throw new RangeError(`not a date (YYYY-MM-DD): ${String(date)}`);
  const { hour, minute } = SEA_OPERATOR_INFO[operator].drawTime;
  return new Date(at + (hour * 60 + minute - SEA_UTC_OFFSET_MINUTES) * 60_000);
}

/** The operator's next draw strictly after `now`: its local date and instant. */
export function seaNextDraw(operator: SeaOperator, now: Date): { date: string; drawAt: Date } {
  let day = utcMidnight(seaDateAt(now))!;
  for (; ; day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    const drawAt = seaDrawInstant(operator, date);
    if (seaDrawsThatDay(operator, date) && drawAt.getTime() > now.getTime()) return { date, drawAt };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Results

/** A draw's result as the operator published it: each tier's four-digit numbers as text (leading zeros kept). */
export interface SeaResult {
  operator: SeaOperator;
  /** The draw's local date, YYYY-MM-DD. */
  date: string;
  prizes: Readonly<Record<SeaPrizeTier, readonly string[]>>;
}

export type SeaResultErrorCode =
  'UNKNOWN_OPERATOR' | 'BAD_DATE' | 'NO_DRAW_THAT_DAY' | 'UNKNOWN_TIER' | 'PRIZE_COUNT' | 'PRIZE_DIGITS';

/** Why an entered result is refused, and where (the tier, and the number's place in it from 0). */
export interface SeaResultError {
  code: SeaResultErrorCode;
  tier?: string;
  index?: number;
}

const FOUR_DIGITS = /^\d{4}$/;

/**
 * Null when a result has the 23 four-digit numbers of its tiers for an operator that draws on that date; else the
 * first thing wrong. Typed by hand: nothing is trimmed or padded ("123" for "0123" is refused). A number may come in
 * several prizes: the draws are independent, so repeats are real results, not typing slips.
 */
export function checkSeaResult(result: SeaResult): SeaResultError | null {
  if (!isOperator(result.operator)) return { code: 'UNKNOWN_OPERATOR' };
  if (utcMidnight(result.date) === null) return { code: 'BAD_DATE' };
  if (!seaDrawsThatDay(result.operator, result.date)) return { code: 'NO_DRAW_THAT_DAY' };
  const prizes = (result.prizes ?? {}) as Readonly<Record<string, unknown>>;
  for (const tier of Object.keys(prizes)) {
    if (!(SEA_PRIZE_TIERS as readonly string[]).includes(tier)) return { code: 'UNKNOWN_TIER', tier };
  }
  for (const tier of SEA_PRIZE_TIERS) {
    const numbers = prizes[tier];
    if (!Array.isArray(numbers) || numbers.length !== SEA_TIER_COUNTS[tier]) return { code: 'PRIZE_COUNT', tier };
    const index = numbers.findIndex((number) => typeof number !== 'string' || !FOUR_DIGITS.test(number));
    if (index >= 0) return { code: 'PRIZE_DIGITS', tier, index };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Bet types and odds

type SeaBetType = 'big' | 'small' | '4a' | 'ibox_big' | 'ibox_small' | '3a' | '3abc';

/** Every bet type, in the board's order. */
export const SEA_BET_TYPES: readonly SeaBetType[] = ['big', 'small', '4a', 'ibox_big', 'ibox_small', '3a', '3abc'];

interface Priced {
  /** The tiers the bet is paid on, each at the odds key `${type}:${tier}` (or `${type}` for a single tier). */
  tiers: readonly SeaPrizeTier[];
  /** The real table's prize per unit staked on each tier, whose proportions our odds keep. */
  shape: Readonly<Partial<Record<SeaPrizeTier, number>>>;
  /** Digits the bet names: 4, or 3 for the last three. */
  digits: 3 | 4;
  /** True when its odds key is the bet type alone (one tier). */
  single: boolean;
}

// The shapes are the Malaysian operators' prizes per RM1 (Magnum, Toto and Da Ma Cai pay the same 4D table):
// docs/product/lottery.md#sea-lottery-4d. i-box is big or small spread over the orderings: same keys' shape.
const BIG_SHAPE = { first: 2_500, second: 1_000, third: 500, special: 180, consolation: 60 };
const SMALL_SHAPE = { first: 3_500, second: 2_000, third: 1_000 };
const PRICED: Readonly<Record<SeaBetType, Priced>> = {
  big: { tiers: SEA_PRIZE_TIERS, shape: BIG_SHAPE, digits: 4, single: false },
  small: { tiers: TOP_TIERS, shape: SMALL_SHAPE, digits: 4, single: false },
  '4a': { tiers: ['first'], shape: { first: 6_000 }, digits: 4, single: true },
  ibox_big: { tiers: SEA_PRIZE_TIERS, shape: BIG_SHAPE, digits: 4, single: false },
  ibox_small: { tiers: TOP_TIERS, shape: SMALL_SHAPE, digits: 4, single: false },
  '3a': { tiers: ['first'], shape: { first: 660 }, digits: 3, single: true },
  '3abc': { tiers: TOP_TIERS, shape: { first: 250, second: 210, third: 150 }, digits: 3, single: false },
};

function oddsKey(betType: SeaBetType, tier: SeaPrizeTier): string {
  return PRICED[betType].single ? betType : `${betType}:${tier}`;
}

/**
 * A mode's default odds: each bet type's tiers in the real table's proportions, scaled so that the bet's expected
 * return, at the exact chances (a tier of c numbers: c in 10^digits for each, one ordering), is the mode's return
 * to player or just under: odds(t) = floor(shape(t) × rtp × 10^digits / (100 × Σ shape × count)) in hundredths,
 * whose return Σ odds(t)/100 × count(t)/10^digits is at most rtp. i-box has big's and small's (each ordering is as
 * likely; a P-ordering box wins P times as often and pays a P-th).
 */
function oddsFor(mode: LotteryPrizeMode): LotteryOdds {
  const rtp = LOTTERY_TARGET_RTP_BASIS_POINTS[mode];
  const odds: Record<string, number> = {};
  for (const betType of SEA_BET_TYPES) {
    const { tiers, shape, digits } = PRICED[betType];
    const weight = tiers.reduce((sum, tier) => sum + shape[tier]! * SEA_TIER_COUNTS[tier], 0);
    for (const tier of tiers) {
      odds[oddsKey(betType, tier)] = Math.floor((shape[tier]! * rtp * 10 ** digits) / (100 * weight));
    }
  }
  return Object.freeze(odds);
}

const DEFAULT_ODDS = Object.fromEntries(LOTTERY_PRIZE_MODES.map((mode) => [mode, oddsFor(mode)])) as Record<
  LotteryPrizeMode,
  LotteryOdds
>;

/** The number of different orderings of a number's digits (24, 12, 6, 4 or 1 for four digits). */
export function seaPermutationCount(number: string): number {
  const counts = new Map<string, number>();
  for (const digit of number) counts.set(digit, (counts.get(digit) ?? 0) + 1);
  let orderings = factorial(number.length);
  for (const count of counts.values()) orderings /= factorial(count);
  return orderings;
}

function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

function sortedDigits(number: string): string {
  return [...number].sort().join('');
}

// ---------------------------------------------------------------------------------------------------------------
// Checking, settling, exposure

interface CheckedBet {
  betType: SeaBetType;
  number: string;
  /** Each paying tier's odds in hundredths. */
  odds: Partial<Record<SeaPrizeTier, number>>;
  /** The orderings an i-box covers (its payout's divisor); 1 otherwise. */
  orderings: number;
}

function isBetType(value: string): value is SeaBetType {
  return (SEA_BET_TYPES as readonly string[]).includes(value);
}

function checked(bet: LotteryBet, odds: LotteryOdds): CheckedBet | LotteryBetError {
  if (!isBetType(bet.betType)) return 'UNKNOWN_BET_TYPE';
  const { tiers, digits } = PRICED[bet.betType];
  if (bet.selection.length !== 1) return 'SELECTION_COUNT';
  const [number] = bet.selection as [string];
  if (typeof number !== 'string' || !new RegExp(`^\\d{${digits}}$`).test(number)) return 'BAD_SELECTION';
  const isBox = bet.betType.startsWith('ibox');
  const orderings = isBox ? seaPermutationCount(number) : 1;
  // A box of one digit four times (1111) would hold the same number 24 times over: placed as big or small instead.
  if (isBox && orderings === 1) return 'DUPLICATE_NUMBER';
  if (!isStakeValid(bet.stakeMinor)) return 'BAD_STAKE';
  const paid: Partial<Record<SeaPrizeTier, number>> = {};
  let most = 0;
  for (const tier of tiers) {
    const at = oddsAt(odds, oddsKey(bet.betType, tier));
    if (at === null) return 'ODDS_MISSING';
    paid[tier] = at;
    most += at * SEA_TIER_COUNTS[tier];
  }
  // stake × Σ odds × hits is figured before the division: it must stay exact when every prize is the number.
  if (!isStakeValid(bet.stakeMinor, most)) return 'BAD_STAKE';
  return { betType: bet.betType, number, odds: paid, orderings };
}

function checkedOrThrow(bet: LotteryBet, odds: LotteryOdds): CheckedBet {
  const result = checked(bet, odds);
  if (typeof result === 'string') throw new RangeError(`sea bet refused: ${result}`);
  return result;
}

/** True when a prize number wins for the bet: the same number, its last three digits, or (i-box) any ordering. */
function matches(bet: CheckedBet, prize: string): boolean {
  if (bet.betType === '3a' || bet.betType === '3abc') return prize.slice(-3) === bet.number;
  if (bet.orderings > 1) return sortedDigits(prize) === sortedDigits(bet.number);
  return prize === bet.number;
}

/** Σ odds × hits over the bet's tiers, before the stake and the division. */
function oddsTimesHits(bet: CheckedBet, result: SeaResult): number {
  let sum = 0;
  for (const tier of PRICED[bet.betType].tiers) {
    const hits = result.prizes[tier].filter((prize) => matches(bet, prize)).length;
    sum += bet.odds[tier]! * hits;
  }
  return sum;
}

export const seaRules: LotteryRules<SeaResult> = {
  family: 'sea',
  betTypes: SEA_BET_TYPES,
  defaultOdds: (mode) => DEFAULT_ODDS[mode],
  checkBet(bet, odds) {
    const result = checked(bet, odds);
    return typeof result === 'string' ? result : null;
  },
  settle(bet, result, odds) {
    const error = checkSeaResult(result);
    if (error) throw new RangeError(`sea result refused: ${error.code}${error.tier ? ` (${error.tier})` : ''}`);
    const parsed = checkedOrThrow(bet, odds);
    return Math.floor((bet.stakeMinor * oddsTimesHits(parsed, result)) / (100 * parsed.orderings));
  },
  exposure(bet, odds): LotteryExposure[] {
    const parsed = checkedOrThrow(bet, odds);
    // One occurrence of the number in the bet's best tier (a number drawn k times costs up to k times this), under
    // the number every bet on it shares: `4d:1234` (big, small, 4a), `3d:234`; an i-box under each ordering, a P-th.
    const best = Math.max(...Object.values(parsed.odds));
    const payoutMinor = Math.floor((bet.stakeMinor * best) / (100 * parsed.orderings));
    if (parsed.betType === '3a' || parsed.betType === '3abc') return [{ key: `3d:${parsed.number}`, payoutMinor }];
    return orderingsOf(parsed.number, parsed.orderings > 1).map((number) => ({ key: `4d:${number}`, payoutMinor }));
  },
};

/** The number alone, or every different ordering of its digits, in ascending order. */
function orderingsOf(number: string, all: boolean): string[] {
  if (!all) return [number];
  const found = new Set<string>();
  const walk = (prefix: string, rest: string) => {
    if (rest.length === 0) found.add(prefix);
    for (let i = 0; i < rest.length; i += 1) walk(prefix + rest[i]!, rest.slice(0, i) + rest.slice(i + 1));
  };
  walk('', number);
  return [...found].sort();
}
