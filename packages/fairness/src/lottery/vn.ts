import { defaultOddsTables, isStakeValid, oddsAt } from './pricing';
import {
  type LotteryBet,
  type LotteryBetError,
  type LotteryExposure,
  type LotteryOdds,
  type LotteryRules,
} from './types';

// The Vietnamese regional draws (docs/product/lottery.md#vietnamese-regional-draws): the state lottery companies'
// daily draws, which we do not draw but read (an operator enters each result, a second confirms). The bets are the
// "lô đề" players know, all on the last digits of the prizes:
//
// - lo2_<r> (lô): a two-digit number, paid once for every prize of the draw ending in it (27 prizes in the north, 18
//   in a southern or central province's draw). lo3_<r> (lô 3 số): three digits, on every prize of three digits or more.
// - de (đề; the south's "đuôi"): the special prize's last two digits. de3 (3 càng): its last three.
// - de_dau / de_duoi (đề đầu, đề đuôi): one digit, the tens or the units digit of the special prize's last two.
// - dau_<r> (the south's "đầu"): a two-digit number on the lowest tier: the eighth prize (south, centre) or each of
//   the four seventh prizes (north).
// - xien2/3/4_<r> (xiên): 2-4 different two-digit numbers that must all end some prize; paid once.
// - truot4/8/10_<r> (lô trượt): 4, 8 or 10 different two-digit numbers none of which may end any prize; paid once.
//
// <r> is the draw's region (mb north, mt centre, mn south): those bets' chances depend on how many prizes the draw
// has, so their odds are set per region and a bet names the region of the draw it is placed on. A bet's odds are in
// hundredths of its stake per winning hit: it pays floor(stake × odds × hits / 100), hits being 0 or 1 except for
// lo2, lo3 and dau, whose hits are the prizes that match (a number drawn twice pays twice).

export const VN_REGIONS = ['north', 'central', 'south'] as const;
export type VnRegion = (typeof VN_REGIONS)[number];

/** The code each region's bet types end with. */
export const VN_REGION_SUFFIX: Readonly<Record<VnRegion, string>> = { north: 'mb', central: 'mt', south: 'mn' };

export const VN_PRIZE_TIERS = [
  'special',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
] as const;
export type VnPrizeTier = (typeof VN_PRIZE_TIERS)[number];

export interface VnTierShape {
  count: number;
  digits: number;
}

const NORTH_SHAPE: Readonly<Record<VnPrizeTier, VnTierShape>> = {
  special: { count: 1, digits: 5 },
  first: { count: 1, digits: 5 },
  second: { count: 2, digits: 5 },
  third: { count: 6, digits: 5 },
  fourth: { count: 4, digits: 4 },
  fifth: { count: 6, digits: 4 },
  sixth: { count: 3, digits: 3 },
  seventh: { count: 4, digits: 2 },
  eighth: { count: 0, digits: 2 },
};

// The south and the centre print the same ticket: six digits, 18 prizes.
const SOUTH_SHAPE: Readonly<Record<VnPrizeTier, VnTierShape>> = {
  special: { count: 1, digits: 6 },
  first: { count: 1, digits: 5 },
  second: { count: 1, digits: 5 },
  third: { count: 2, digits: 5 },
  fourth: { count: 7, digits: 5 },
  fifth: { count: 1, digits: 4 },
  sixth: { count: 3, digits: 4 },
  seventh: { count: 1, digits: 3 },
  eighth: { count: 1, digits: 2 },
};

/** How many numbers each prize tier draws, and of how many digits, in each region (the north has no eighth prize). */
export const VN_PRIZE_SHAPES: Readonly<Record<VnRegion, Readonly<Record<VnPrizeTier, VnTierShape>>>> = {
  north: NORTH_SHAPE,
  central: SOUTH_SHAPE,
  south: SOUTH_SHAPE,
};

/** The tier the south's "đầu" bet reads: the lowest. */
const LOWEST_TIER: Readonly<Record<VnRegion, VnPrizeTier>> = { north: 'seventh', central: 'eighth', south: 'eighth' };

function tierCount(region: VnRegion, predicate: (shape: VnTierShape) => boolean): number {
  return VN_PRIZE_TIERS.reduce((sum, tier) => {
    const shape = VN_PRIZE_SHAPES[region][tier];
    return sum + (predicate(shape) ? shape.count : 0);
  }, 0);
}

/** The draw's number of prizes (27 north, 18 south and centre). */
export function vnPrizeCount(region: VnRegion): number {
  return tierCount(region, () => true);
}

// ---------------------------------------------------------------------------------------------------------------
// Provinces, weekly schedule and draw times

export interface VnProvince {
  name: string;
  region: VnRegion;
}

/** The northern draw's code: one draw a day (its host rotates between six northern companies; the numbers do not). */
export const VN_NORTH_CODE = 'MB';

/** Every lottery company the schedule names, by the code results use (the usual "XS..." abbreviation without "XS"). */
export const VN_PROVINCES: Readonly<Record<string, VnProvince>> = {
  MB: { name: 'Miền Bắc (Xổ số Thủ đô)', region: 'north' },
  // Centre
  KT: { name: 'Kon Tum', region: 'central' },
  KH: { name: 'Khánh Hòa', region: 'central' },
  TTH: { name: 'Thừa Thiên Huế', region: 'central' },
  PY: { name: 'Phú Yên', region: 'central' },
  DLK: { name: 'Đắk Lắk', region: 'central' },
  QNA: { name: 'Quảng Nam', region: 'central' },
  DNA: { name: 'Đà Nẵng', region: 'central' },
  BDI: { name: 'Bình Định', region: 'central' },
  QT: { name: 'Quảng Trị', region: 'central' },
  QB: { name: 'Quảng Bình', region: 'central' },
  GL: { name: 'Gia Lai', region: 'central' },
  NT: { name: 'Ninh Thuận', region: 'central' },
  QNG: { name: 'Quảng Ngãi', region: 'central' },
  DNO: { name: 'Đắk Nông', region: 'central' },
  // South
  TG: { name: 'Tiền Giang', region: 'south' },
  KG: { name: 'Kiên Giang', region: 'south' },
  DL: { name: 'Đà Lạt (Lâm Đồng)', region: 'south' },
  HCM: { name: 'TP. Hồ Chí Minh', region: 'south' },
  DT: { name: 'Đồng Tháp', region: 'south' },
  CM: { name: 'Cà Mau', region: 'south' },
  BTR: { name: 'Bến Tre', region: 'south' },
  VT: { name: 'Vũng Tàu', region: 'south' },
  BL: { name: 'Bạc Liêu', region: 'south' },
  DN: { name: 'Đồng Nai', region: 'south' },
  CT: { name: 'Cần Thơ', region: 'south' },
  ST: { name: 'Sóc Trăng', region: 'south' },
  TN: { name: 'Tây Ninh', region: 'south' },
  AG: { name: 'An Giang', region: 'south' },
  BTH: { name: 'Bình Thuận', region: 'south' },
  VL: { name: 'Vĩnh Long', region: 'south' },
  BD: { name: 'Bình Dương', region: 'south' },
  TV: { name: 'Trà Vinh', region: 'south' },
  LA: { name: 'Long An', region: 'south' },
  BP: { name: 'Bình Phước', region: 'south' },
  HG: { name: 'Hậu Giang', region: 'south' },
};

const EVERY_DAY_NORTH = Array.from({ length: 7 }, () => [VN_NORTH_CODE]);

/** Which companies draw on each weekday (index 0 = Sunday, as Date#getUTCDay), in the order results are listed. */
export const VN_WEEKLY_SCHEDULE: Readonly<Record<VnRegion, readonly (readonly string[])[]>> = {
  north: EVERY_DAY_NORTH,
  central: [
    ['KT', 'KH', 'TTH'],
    ['PY', 'TTH'],
    ['DLK', 'QNA'],
    ['DNA', 'KH'],
    ['BDI', 'QT', 'QB'],
    ['GL', 'NT'],
    ['DNA', 'QNG', 'DNO'],
  ],
  south: [
    ['TG', 'KG', 'DL'],
    ['HCM', 'DT', 'CM'],
    ['BTR', 'VT', 'BL'],
    ['DN', 'CT', 'ST'],
    ['TN', 'AG', 'BTH'],
    ['VL', 'BD', 'TV'],
    ['HCM', 'LA', 'BP', 'HG'],
  ],
};

/** When each region's draws start, Vietnam time (UTC+7, no daylight saving). */
export const VN_DRAW_TIMES: Readonly<Record<VnRegion, { hour: number; minute: number }>> = {
  south: { hour: 16, minute: 15 },
  central: { hour: 17, minute: 15 },
  north: { hour: 18, minute: 15 },
};

/** Asia/Ho_Chi_Minh is UTC+7 all year. */
export const VN_UTC_OFFSET_MINUTES = 7 * 60;

const DATE_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC midnight of a YYYY-MM-DD calendar date, or null when the text is not one. */
function utcMidnight(date: string): number | null {
  const match = typeof date === 'string' ? DATE_FORMAT.exec(date) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = Date.UTC(year, month - 1, day);
  const back = new Date(at);
  // Date.UTC rolls 2026-02-30 over to March: a date is real only when it comes back unchanged.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return at;
}

function midnightOrThrow(date: string): number {
  const at = utcMidnight(date);
  if (at === null) throw new RangeError(`not a date (YYYY-MM-DD): ${String(date)}`);
  return at;
}

/** The weekday of a YYYY-MM-DD date, 0 = Sunday. */
export function vnWeekday(date: string): number {
  return new Date(midnightOrThrow(date)).getUTCDay();
}

/** The date in Vietnam (YYYY-MM-DD) at an instant. */
export function vnDateAt(instant: Date): string {
  return new Date(instant.getTime() + VN_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The instant a region's draws start on a date in Vietnam. */
export function vnDrawInstant(region: VnRegion, date: string): Date {
  const { hour, minute } = VN_DRAW_TIMES[region];
  return new Date(midnightOrThrow(date) + (hour * 60 + minute - VN_UTC_OFFSET_MINUTES) * 60_000);
}

export interface VnDraw {
  region: VnRegion;
  province: string;
  date: string;
  drawAt: Date;
}

/** A region's draws on a date in Vietnam, one per company on the schedule. */
export function vnDrawsOn(region: VnRegion, date: string): VnDraw[] {
  const drawAt = vnDrawInstant(region, date);
  return VN_WEEKLY_SCHEDULE[region][vnWeekday(date)]!.map((province) => ({ region, province, date, drawAt }));
}

/** A region's next draws strictly after `now`: today's (in Vietnam) before their time, else tomorrow's. */
export function vnNextDraws(region: VnRegion, now: Date): VnDraw[] {
  const today = vnDateAt(now);
  if (vnDrawInstant(region, today).getTime() > now.getTime()) return vnDrawsOn(region, today);
  return vnDrawsOn(region, new Date(midnightOrThrow(today) + DAY_MS).toISOString().slice(0, 10));
}

/** True when the company draws in that region on that date's weekday. */
export function vnDrawsThatDay(region: VnRegion, province: string, date: string): boolean {
  return utcMidnight(date) !== null && VN_WEEKLY_SCHEDULE[region][vnWeekday(date)]!.includes(province);
}

// ---------------------------------------------------------------------------------------------------------------
// Results

/** A draw's result: each tier's numbers as digit strings (leading zeros kept), as the company published them. */
export interface VnResult {
  region: VnRegion;
  /** The company's code (VN_PROVINCES); the north's draw is "MB". */
  province: string;
  /** The draw's date in Vietnam, YYYY-MM-DD. */
  date: string;
  /** The tiers' numbers in the order drawn; the north has no eighth prize (absent or empty). */
  prizes: Readonly<Partial<Record<VnPrizeTier, readonly string[]>>>;
}

export type VnResultErrorCode =
  | 'UNKNOWN_REGION'
  | 'UNKNOWN_PROVINCE'
  | 'BAD_DATE'
  | 'NO_DRAW_THAT_DAY'
  | 'UNKNOWN_TIER'
  | 'PRIZE_COUNT'
  | 'PRIZE_DIGITS';

/** Why an entered result is refused, and where: the operator's form points at the tier and the number. */
export interface VnResultError {
  code: VnResultErrorCode;
  tier?: string;
  /** The number's position in its tier, from 0. */
  index?: number;
}

function isRegion(value: unknown): value is VnRegion {
  return typeof value === 'string' && (VN_REGIONS as readonly string[]).includes(value);
}

/**
 * Null when a result has its region's shape (every tier's count of numbers, each of its tier's digits) for a company
 * that draws in that region on that date; else the first thing wrong. Results are typed by hand: nothing is trimmed or
 * padded here, so "7" for "07" is refused rather than guessed.
 */
export function checkVnResult(result: VnResult): VnResultError | null {
  if (!isRegion(result.region)) return { code: 'UNKNOWN_REGION' };
  const province = VN_PROVINCES[result.province];
  if (!Object.hasOwn(VN_PROVINCES, result.province) || province?.region !== result.region) {
    return { code: 'UNKNOWN_PROVINCE' };
  }
  if (utcMidnight(result.date) === null) return { code: 'BAD_DATE' };
  if (!vnDrawsThatDay(result.region, result.province, result.date)) return { code: 'NO_DRAW_THAT_DAY' };
  const prizes = (result.prizes ?? {}) as Readonly<Record<string, unknown>>;
  for (const tier of Object.keys(prizes)) {
    if (!(VN_PRIZE_TIERS as readonly string[]).includes(tier)) return { code: 'UNKNOWN_TIER', tier };
  }
  const shapes = VN_PRIZE_SHAPES[result.region];
  for (const tier of VN_PRIZE_TIERS) {
    const numbers = prizes[tier] ?? [];
    if (!Array.isArray(numbers) || numbers.length !== shapes[tier].count) return { code: 'PRIZE_COUNT', tier };
    const digits = new RegExp(`^\\d{${shapes[tier].digits}}$`);
    const index = numbers.findIndex((number) => typeof number !== 'string' || !digits.test(number));
    if (index >= 0) return { code: 'PRIZE_DIGITS', tier, index };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Bet types and odds

/** The kinds of bet; the region's ones are placed as `${kind}_${suffix}`. */
type RegionKind = 'lo2' | 'lo3' | 'dau' | 'xien2' | 'xien3' | 'xien4' | 'truot4' | 'truot8' | 'truot10';
type SpecialKind = 'de' | 'de3' | 'de_dau' | 'de_duoi';

const SPECIAL_KINDS: readonly SpecialKind[] = ['de', 'de3', 'de_dau', 'de_duoi'];
const REGION_KINDS: readonly RegionKind[] = [
  'lo2',
  'lo3',
  'dau',
  'xien2',
  'xien3',
  'xien4',
  'truot4',
  'truot8',
  'truot10',
];

/** Every bet type, in the board's order: the special prize's bets, then each region's. */
export const VN_BET_TYPES: readonly string[] = [
  ...SPECIAL_KINDS,
  ...VN_REGIONS.flatMap((region) => REGION_KINDS.map((kind) => `${kind}_${VN_REGION_SUFFIX[region]}`)),
];

/** The bet types a draw of that region takes, in the board's order. */
export function vnBetTypesFor(region: VnRegion): string[] {
  return [...SPECIAL_KINDS, ...REGION_KINDS.map((kind) => `${kind}_${VN_REGION_SUFFIX[region]}`)];
}

interface ParsedType {
  kind: RegionKind | SpecialKind;
  /** The region the bet type is for; null for the special prize's bets, which every draw takes. */
  region: VnRegion | null;
}

function parseBetType(betType: string): ParsedType | null {
  if ((SPECIAL_KINDS as readonly string[]).includes(betType)) return { kind: betType as SpecialKind, region: null };
  const match = /^([a-z0-9]+)_(mb|mt|mn)$/.exec(betType);
  if (!match || !(REGION_KINDS as readonly string[]).includes(match[1]!)) return null;
  const region = VN_REGIONS.find((r) => VN_REGION_SUFFIX[r] === match[2])!;
  return { kind: match[1] as RegionKind, region };
}

/** How many numbers a kind names, and of how many digits. */
const SELECTION: Readonly<Record<RegionKind | SpecialKind, { count: number; digits: number }>> = {
  de: { count: 1, digits: 2 },
  de3: { count: 1, digits: 3 },
  de_dau: { count: 1, digits: 1 },
  de_duoi: { count: 1, digits: 1 },
  lo2: { count: 1, digits: 2 },
  lo3: { count: 1, digits: 3 },
  dau: { count: 1, digits: 2 },
  xien2: { count: 2, digits: 2 },
  xien3: { count: 3, digits: 2 },
  xien4: { count: 4, digits: 2 },
  truot4: { count: 4, digits: 2 },
  truot8: { count: 8, digits: 2 },
  truot10: { count: 10, digits: 2 },
};

/** The most hits a bet of that kind can have in a region's draw (the prizes it reads). */
function maxHits(kind: RegionKind | SpecialKind, region: VnRegion | null): number {
  if (region === null) return 1;
  if (kind === 'lo2') return vnPrizeCount(region);
  if (kind === 'lo3') return tierCount(region, (shape) => shape.digits >= 3);
  if (kind === 'dau') return VN_PRIZE_SHAPES[region][LOWEST_TIER[region]].count;
  return 1;
}

function binomial(n: number, k: number): bigint {
  let value = 1n;
  for (let i = 0; i < k; i += 1) value = (value * BigInt(n - i)) / BigInt(i + 1);
  return value;
}

/**
 * Each bet type's chance as [ways, outOf]; for the per-hit bets, the expected hits (each prize's last digits are
 * uniform and independent, as every digit is drawn from its own cage). For xiên: the chance that k given numbers all
 * end some of n prizes, by inclusion-exclusion: Σ_j (-1)^j C(k, j) (100 - j)^n out of 100^n. For trượt: none of
 * them, (100 - k)^n out of 100^n.
 */
function vnChances(): [string, bigint, bigint][] {
  const chances: [string, bigint, bigint][] = [
    ['de', 1n, 100n],
    ['de3', 1n, 1_000n],
    ['de_dau', 1n, 10n],
    ['de_duoi', 1n, 10n],
  ];
  for (const region of VN_REGIONS) {
    const suffix = VN_REGION_SUFFIX[region];
    const prizes = vnPrizeCount(region);
    const outOf = 100n ** BigInt(prizes);
    chances.push(
      [`lo2_${suffix}`, BigInt(maxHits('lo2', region)), 100n],
      [`lo3_${suffix}`, BigInt(maxHits('lo3', region)), 1_000n],
      [`dau_${suffix}`, BigInt(maxHits('dau', region)), 100n],
    );
    for (const k of [2, 3, 4]) {
      let ways = 0n;
      for (let j = 0; j <= k; j += 1)
        ways += (j % 2 === 0 ? 1n : -1n) * binomial(k, j) * BigInt(100 - j) ** BigInt(prizes);
      chances.push([`xien${k}_${suffix}`, ways, outOf]);
    }
    for (const k of [4, 8, 10]) chances.push([`truot${k}_${suffix}`, BigInt(100 - k) ** BigInt(prizes), outOf]);
  }
  return chances;
}

const DEFAULT_ODDS = defaultOddsTables(vnChances());

// ---------------------------------------------------------------------------------------------------------------
// Checking, settling, exposure

interface CheckedBet extends ParsedType {
  numbers: readonly string[];
  odds: number;
}

function checked(bet: LotteryBet, odds: LotteryOdds): CheckedBet | LotteryBetError {
  const parsed = parseBetType(bet.betType);
  if (!parsed) return 'UNKNOWN_BET_TYPE';
  const { count, digits } = SELECTION[parsed.kind];
  if (bet.selection.length !== count) return 'SELECTION_COUNT';
  const pattern = new RegExp(`^\\d{${digits}}$`);
  if (!bet.selection.every((number) => typeof number === 'string' && pattern.test(number))) return 'BAD_SELECTION';
  if (new Set(bet.selection).size !== count) return 'DUPLICATE_NUMBER';
  if (!isStakeValid(bet.stakeMinor)) return 'BAD_STAKE';
  const at = oddsAt(odds, bet.betType);
  if (at === null) return 'ODDS_MISSING';
  // The payout is figured as stake × odds × hits before the division: it must stay an exact integer at the most hits.
  if (!isStakeValid(bet.stakeMinor, at * maxHits(parsed.kind, parsed.region))) return 'BAD_STAKE';
  return { ...parsed, numbers: bet.selection, odds: at };
}

function checkedOrThrow(bet: LotteryBet, odds: LotteryOdds): CheckedBet {
  const result = checked(bet, odds);
  if (typeof result === 'string') throw new RangeError(`vn bet refused: ${result}`);
  return result;
}

/** How many times each ending of `digits` digits comes up among the prizes of at least that many digits. */
function endingCounts(
  result: VnResult,
  digits: number,
  tiers: readonly VnPrizeTier[] = VN_PRIZE_TIERS,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tier of tiers) {
    for (const number of result.prizes[tier] ?? []) {
      if (number.length < digits) continue;
      const ending = number.slice(-digits);
      counts.set(ending, (counts.get(ending) ?? 0) + 1);
    }
  }
  return counts;
}

function specialPrize(result: VnResult): string {
  return result.prizes.special![0]!;
}

/** How many times the bet wins on the result (see the top of this file). */
function hitsOn(bet: CheckedBet, result: VnResult): number {
  const [first] = bet.numbers as [string];
  switch (bet.kind) {
    case 'de':
      return specialPrize(result).slice(-2) === first ? 1 : 0;
    case 'de3':
      return specialPrize(result).slice(-3) === first ? 1 : 0;
    case 'de_dau':
      return specialPrize(result).at(-2) === first ? 1 : 0;
    case 'de_duoi':
      return specialPrize(result).at(-1) === first ? 1 : 0;
    case 'lo2':
      return endingCounts(result, 2).get(first) ?? 0;
    case 'lo3':
      return endingCounts(result, 3).get(first) ?? 0;
    case 'dau':
      return endingCounts(result, 2, [LOWEST_TIER[result.region]]).get(first) ?? 0;
    case 'xien2':
    case 'xien3':
    case 'xien4': {
      const counts = endingCounts(result, 2);
      return bet.numbers.every((number) => counts.has(number)) ? 1 : 0;
    }
    case 'truot4':
    case 'truot8':
    case 'truot10': {
      const counts = endingCounts(result, 2);
      return bet.numbers.some((number) => counts.has(number)) ? 0 : 1;
    }
  }
}

/** The liability key of each number a bet could win on. */
function exposureKeys(bet: CheckedBet): string[] {
  const family = bet.kind.startsWith('xien') ? 'xien' : bet.kind.startsWith('truot') ? 'truot' : bet.kind;
  return bet.numbers.map((number) => `${family}:${number}`);
}

export const vnRules: LotteryRules<VnResult> = {
  family: 'vn',
  betTypes: VN_BET_TYPES,
  defaultOdds: (mode) => DEFAULT_ODDS[mode],
  checkBet(bet, odds) {
    const result = checked(bet, odds);
    return typeof result === 'string' ? result : null;
  },
  settle(bet, result, odds) {
    const error = checkVnResult(result);
    if (error) throw new RangeError(`vn result refused: ${error.code}${error.tier ? ` (${error.tier})` : ''}`);
    const parsed = checkedOrThrow(bet, odds);
    if (parsed.region !== null && parsed.region !== result.region) {
      throw new RangeError(`vn bet ${bet.betType} is not for a ${result.region} draw`);
    }
    return Math.floor((bet.stakeMinor * parsed.odds * hitsOn(parsed, result)) / 100);
  },
  exposure(bet, odds): LotteryExposure[] {
    const parsed = checkedOrThrow(bet, odds);
    // Per occurrence for lô and đầu (a number drawn k times costs k times this); the whole payout for the others.
    const payoutMinor = Math.floor((bet.stakeMinor * parsed.odds) / 100);
    return exposureKeys(parsed).map((key) => ({ key, payoutMinor }));
  },
};
