import {
  drawFast,
  drawKeno,
  fastRules,
  kenoRules,
  type LotteryBet,
  type LotteryExposure,
  type LotteryFamily,
  type LotteryOdds,
  type LotteryPrizeMode,
  type LotteryRules,
  SEA_OPERATOR_INFO,
  seaDateAt,
  seaDrawInstant,
  seaDrawsThatDay,
  seaRules,
  type SeaOperator,
  type SeaResult,
  VN_NORTH_CODE,
  VN_PROVINCES,
  VN_REGION_SUFFIX,
  vnBetTypesFor,
  vnDateAt,
  vnDrawInstant,
  vnDrawsThatDay,
  vnRules,
  type VnRegion,
  type VnResult,
} from '@parlay/fairness';

// The lottery's games (docs/decisions/0070-lottery-vendor.md): the fast lotteries and the e-lottery, each drawn on
// a fixed beat, the Vietnamese regional draws, one game per company's draw, on the companies' weekly schedule, and
// the SEA 4D draws, one game per operator, on theirs; all global to every brand. The rules are the fairness package's; this file only says which game uses which
// family, when it draws and how its draws are numbered.

const FIXED_GAME_CODES = ['FAST1', 'FAST3', 'FAST5', 'KENO'] as const;
type FixedGameCode = (typeof FIXED_GAME_CODES)[number];

/**
 * The Vietnamese draws' games, one per company's draw as players know them: `VN_MB` (the north's one daily draw),
 * `VN_MN_<company>` (south), `VN_MT_<company>` (centre), the company codes of VN_PROVINCES; in the order each
 * region's companies first draw in the week (from Monday). Written out so that a code is a type; a test checks
 * the list against VN_WEEKLY_SCHEDULE (vnGameCode of every company it names).
 */
export const VN_GAME_CODES = [
  'VN_MB',
  'VN_MN_HCM',
  'VN_MN_DT',
  'VN_MN_CM',
  'VN_MN_BTR',
  'VN_MN_VT',
  'VN_MN_BL',
  'VN_MN_DN',
  'VN_MN_CT',
  'VN_MN_ST',
  'VN_MN_TN',
  'VN_MN_AG',
  'VN_MN_BTH',
  'VN_MN_VL',
  'VN_MN_BD',
  'VN_MN_TV',
  'VN_MN_LA',
  'VN_MN_BP',
  'VN_MN_HG',
  'VN_MN_TG',
  'VN_MN_KG',
  'VN_MN_DL',
  'VN_MT_PY',
  'VN_MT_TTH',
  'VN_MT_DLK',
  'VN_MT_QNA',
  'VN_MT_DNA',
  'VN_MT_KH',
  'VN_MT_BDI',
  'VN_MT_QT',
  'VN_MT_QB',
  'VN_MT_GL',
  'VN_MT_NT',
  'VN_MT_QNG',
  'VN_MT_DNO',
  'VN_MT_KT',
] as const;
export type VnGameCode = (typeof VN_GAME_CODES)[number];

/** The SEA 4D draws' games, one per operator (packages/fairness sea.ts), as players name them. */
export const SEA_GAME_OPERATORS = {
  MAGNUM4D: 'MAGNUM',
  TOTO4D: 'TOTO',
  DAMACAI: 'DAMACAI',
  SG4D: 'SG',
} as const satisfies Record<string, SeaOperator>;
export type SeaGameCode = keyof typeof SEA_GAME_OPERATORS;
export const SEA_GAME_CODES = Object.keys(SEA_GAME_OPERATORS) as SeaGameCode[];

export type LotteryGameCode = FixedGameCode | VnGameCode | SeaGameCode;

/** The fast games and the e-lottery, then the Vietnamese draws, then the SEA draws. */
export const LOTTERY_GAME_CODES: readonly [LotteryGameCode, ...LotteryGameCode[]] = [
  ...FIXED_GAME_CODES,
  ...VN_GAME_CODES,
  ...SEA_GAME_CODES,
];

/** The game of a company's draw (VN_PROVINCES' code): `VN_MB` for the north, else `VN_<region suffix>_<code>`. */
export function vnGameCode(province: string): string {
  const { region } = VN_PROVINCES[province]!;
  return region === 'north' ? 'VN_MB' : `VN_${VN_REGION_SUFFIX[region].toUpperCase()}_${province}`;
}

/** A draw's result as stored and published: the family's result type. */
export type DrawResult = { digits: number[] } | { numbers: number[] } | VnResult | SeaResult;

/** One family's rules behind a result type the vendor can store and hand back. */
export interface FamilyRules {
  readonly family: LotteryFamily;
  readonly betTypes: readonly string[];
  defaultOdds(mode: LotteryPrizeMode): LotteryOdds;
  checkBet(bet: LotteryBet, odds: LotteryOdds): string | null;
  settle(bet: LotteryBet, result: DrawResult, odds: LotteryOdds): number;
  exposure(bet: LotteryBet, odds: LotteryOdds): LotteryExposure[];
  /**
   * The draw's numbers from its seed and identity alone (draw.ts): anyone can recompute them. Null for the
   * Vietnamese and SEA draws, whose results are entered, not drawn.
   */
  draw: ((seed: string, gameCode: string, drawNo: string) => DrawResult) | null;
}

function family<Result extends DrawResult>(
  rules: LotteryRules<Result>,
  draw: ((seed: string, gameCode: string, drawNo: string) => Result) | null,
): FamilyRules {
  return {
    family: rules.family,
    betTypes: rules.betTypes,
    defaultOdds: (mode) => rules.defaultOdds(mode),
    checkBet: (bet, odds) => rules.checkBet(bet, odds),
    // The stored result is the one this family drew (the game names the family), so the cast holds.
    settle: (bet, result, odds) => rules.settle(bet, result as Result, odds),
    exposure: (bet, odds) => rules.exposure(bet, odds),
    draw,
  };
}

const FAST = family(fastRules, (seed, gameCode, drawNo) => drawFast({ seed, gameCode, drawNo }));
const KENO = family(kenoRules, (seed, gameCode, drawNo) => drawKeno({ seed, gameCode, drawNo }));
const VN = family(vnRules, null);
const SEA = family(seaRules, null);

export interface LotteryGame {
  code: LotteryGameCode;
  name: string;
  rules: FamilyRules;
  /** The bet types its board takes: its family's, or for a Vietnamese draw its region's (vnBetTypesFor). */
  betTypes: readonly string[];
  /**
   * A draw every this many minutes, on the minute, counted from midnight UTC; for a Vietnamese draw, 1440 (at
   * most one a day, on the company's weekdays).
   */
  intervalMinutes: number;
  /** Betting stops this many seconds before the draw unless a brand's settings say earlier. */
  defaultCloseSeconds: number;
  /** A Vietnamese draw's company: its draws follow the weekly schedule and their results are entered. */
  vn: { region: VnRegion; province: string } | null;
  /** A SEA 4D draw's operator: its draws fall on the operator's draw days and their results are entered. */
  sea: { operator: SeaOperator } | null;
}

/**
 * A Vietnamese draw's betting stops 15 minutes before its published time: a broadcast may start a few minutes
 * early (docs/product/lottery.md#vietnamese-regional-draws).
 */
export const VN_DEFAULT_CLOSE_SECONDS = 15 * 60;

function fixedGame(code: FixedGameCode, name: string, rules: FamilyRules, intervalMinutes: number, close: number) {
  return {
    code,
    name,
    rules,
    betTypes: rules.betTypes,
    intervalMinutes,
    defaultCloseSeconds: close,
    vn: null,
    sea: null,
  };
}

function vnGame(code: VnGameCode): LotteryGame {
  const province = code === 'VN_MB' ? VN_NORTH_CODE : code.slice('VN_MN_'.length);
  const { name, region } = VN_PROVINCES[province]!;
  return {
    code,
    name: province === VN_NORTH_CODE ? 'XSMB Miền Bắc' : `XS ${name}`,
    rules: VN,
    betTypes: vnBetTypesFor(region),
    intervalMinutes: 24 * 60,
    defaultCloseSeconds: VN_DEFAULT_CLOSE_SECONDS,
    vn: { region, province },
    sea: null,
  };
}

/**
 * A SEA draw's betting stops 30 minutes before the draw: Singapore Pools stops selling at 18:00 for its 18:30 draw
 * (docs/product/lottery.md#sea-lottery-4d); the same for the Malaysian operators' 19:00.
 */
export const SEA_DEFAULT_CLOSE_SECONDS = 30 * 60;

function seaGame(code: SeaGameCode): LotteryGame {
  const operator = SEA_GAME_OPERATORS[code];
  return {
    code,
    name: SEA_OPERATOR_INFO[operator].name,
    rules: SEA,
    betTypes: seaRules.betTypes,
    intervalMinutes: 24 * 60,
    defaultCloseSeconds: SEA_DEFAULT_CLOSE_SECONDS,
    vn: null,
    sea: { operator },
  };
}

export const LOTTERY_GAMES: Readonly<Record<LotteryGameCode, LotteryGame>> = {
  FAST1: fixedGame('FAST1', 'Parlay Fast 1', FAST, 1, 10),
  FAST3: fixedGame('FAST3', 'Parlay Fast 3', FAST, 3, 30),
  FAST5: fixedGame('FAST5', 'Parlay Fast 5', FAST, 5, 30),
  KENO: fixedGame('KENO', 'Parlay Keno', KENO, 5, 30),
  ...(Object.fromEntries(VN_GAME_CODES.map((code) => [code, vnGame(code)])) as Record<VnGameCode, LotteryGame>),
  ...(Object.fromEntries(SEA_GAME_CODES.map((code) => [code, seaGame(code)])) as Record<SeaGameCode, LotteryGame>),
};

export function isLotteryGameCode(value: unknown): value is LotteryGameCode {
  return typeof value === 'string' && (LOTTERY_GAME_CODES as readonly string[]).includes(value);
}

/** The game of a Vietnamese draw, or undefined for a code that is not one. */
export function findVnGame(gameCode: string): (LotteryGame & { vn: NonNullable<LotteryGame['vn']> }) | undefined {
  const game = isLotteryGameCode(gameCode) ? LOTTERY_GAMES[gameCode] : undefined;
  return game?.vn ? (game as LotteryGame & { vn: NonNullable<LotteryGame['vn']> }) : undefined;
}

/** The game of a SEA draw, or undefined for a code that is not one. */
export function findSeaGame(gameCode: string): (LotteryGame & { sea: NonNullable<LotteryGame['sea']> }) | undefined {
  const game = isLotteryGameCode(gameCode) ? LOTTERY_GAMES[gameCode] : undefined;
  return game?.sea ? (game as LotteryGame & { sea: NonNullable<LotteryGame['sea']> }) : undefined;
}

/** Without a settings row: the most one brand's slips may win on one number (or option) of one draw. */
export const DEFAULT_MAX_LIABILITY_MINOR = 100_000_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One slot of a game's beat: its number and its times (epoch milliseconds). */
export interface DrawSlot {
  drawNo: string;
  opensAt: number;
  closesAt: number;
  drawsAt: number;
}

/**
 * The slot whose draw is the `offset`-th after `now` (0: the next draw strictly after now). Draws fall on the
 * game's beat from midnight UTC; the one at midnight closes the day before, so the day's draws are numbered
 * 0001 (the first beat after midnight) to 1440 / interval, e.g. `20261129-0001`. The same for every brand.
 */
export function drawSlot(game: LotteryGame, now: number, offset: number): DrawSlot {
  const intervalMs = game.intervalMinutes * 60_000;
  const drawsAt = (Math.floor(now / intervalMs) + 1 + offset) * intervalMs;
  const dayStart = Math.floor((drawsAt - 1) / DAY_MS) * DAY_MS;
  const index = Math.round((drawsAt - dayStart) / intervalMs);
  const day = new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '');
  return {
    drawNo: `${day}-${String(index).padStart(4, '0')}`,
    // Betting opens as the draw before closes, so a game always takes bets but for its own closing seconds.
    opensAt: drawsAt - intervalMs - game.defaultCloseSeconds * 1000,
    closesAt: drawsAt - game.defaultCloseSeconds * 1000,
    drawsAt,
  };
}

/** A game drawn on some days of a local calendar, at a local time: the Vietnamese and SEA draws. */
interface DaySchedule {
  /** The local date (YYYY-MM-DD) at an instant. */
  dateAt(instant: Date): string;
  /** True when the game draws on that local date. */
  drawsOn(date: string): boolean;
  /** The draw's instant on a local date. */
  instant(date: string): Date;
}

/**
 * The `offset`-th draw (0: the next) strictly after `now` of a game that draws on some local dates at most once a
 * day. Its number is its local date and its place in the day, always the day's only one: `20261129-0001`. Betting
 * on it opens as the game's draw before closes (a game drawing once a week takes bets a week ahead).
 */
function dailyDrawSlot(schedule: DaySchedule, closeSeconds: number, now: number, offset: number): DrawSlot {
  const closeMs = closeSeconds * 1000;
  const dates: string[] = [];
  let day = Date.parse(`${schedule.dateAt(new Date(now))}T00:00:00Z`);
  // Every game draws at least once a week: eight weeks' look ahead is far more than any offset asks.
  for (let step = 0; step < 7 * 8 && dates.length <= offset; step += 1, day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    if (schedule.drawsOn(date) && schedule.instant(date).getTime() > now) dates.push(date);
  }
  const date = dates[offset]!;
  const drawsAt = schedule.instant(date).getTime();
  let before = Date.parse(`${date}T00:00:00Z`) - DAY_MS;
  while (!schedule.drawsOn(new Date(before).toISOString().slice(0, 10))) before -= DAY_MS;
  const previous = schedule.instant(new Date(before).toISOString().slice(0, 10)).getTime();
  return {
    drawNo: `${date.replaceAll('-', '')}-0001`,
    opensAt: previous - closeMs,
    closesAt: drawsAt - closeMs,
    drawsAt,
  };
}

/**
 * The `offset`-th draw (0: the next) of a Vietnamese company's game strictly after `now`: on the weekdays the
 * schedule names it, at its region's time in Vietnam (UTC+7, no daylight saving), numbered by its date in Vietnam.
 */
export function vnDrawSlot(game: LotteryGame, now: number, offset: number): DrawSlot {
  const { region, province } = game.vn!;
  return dailyDrawSlot(
    {
      dateAt: vnDateAt,
      drawsOn: (date) => vnDrawsThatDay(region, province, date),
      instant: (date) => vnDrawInstant(region, date),
    },
    game.defaultCloseSeconds,
    now,
    offset,
  );
}

/**
 * The `offset`-th draw (0: the next) of a SEA operator's game strictly after `now`: on its draw days (Wednesday,
 * Saturday, Sunday and announced special draws) at its local time (UTC+8), numbered by its local date.
 */
export function seaDrawSlot(game: LotteryGame, now: number, offset: number): DrawSlot {
  const { operator } = game.sea!;
  return dailyDrawSlot(
    {
      dateAt: seaDateAt,
      drawsOn: (date) => seaDrawsThatDay(operator, date),
      instant: (date) => seaDrawInstant(operator, date),
    },
    game.defaultCloseSeconds,
    now,
    offset,
  );
}

/** A Vietnamese (or SEA) draw's local date (YYYY-MM-DD) from its number. */
export function vnDrawDate(drawNo: string): string {
  return `${drawNo.slice(0, 4)}-${drawNo.slice(4, 6)}-${drawNo.slice(6, 8)}`;
}

/** The slot of a game's draw: on its beat, or for a Vietnamese or SEA draw on its own days. */
export function gameDrawSlot(game: LotteryGame, now: number, offset: number): DrawSlot {
  if (game.vn) return vnDrawSlot(game, now, offset);
  if (game.sea) return seaDrawSlot(game, now, offset);
  return drawSlot(game, now, offset);
}
