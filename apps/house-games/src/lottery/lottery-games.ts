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
} from '@parlay/fairness';

// The lottery's games (docs/decisions/0070-lottery-vendor.md): the fast lotteries and the e-lottery, each drawn on
// a fixed beat, global to every brand. The rules are the fairness package's; this file only says which game uses
// which family, how often it draws and how its draws are numbered.

export const LOTTERY_GAME_CODES = ['FAST1', 'FAST3', 'FAST5', 'KENO'] as const;
export type LotteryGameCode = (typeof LOTTERY_GAME_CODES)[number];

/** A draw's result as stored and published: the family's result type. */
export type DrawResult = { digits: number[] } | { numbers: number[] };

/** One family's rules behind a result type the vendor can store and hand back. */
export interface FamilyRules {
  readonly family: LotteryFamily;
  readonly betTypes: readonly string[];
  defaultOdds(mode: LotteryPrizeMode): LotteryOdds;
  checkBet(bet: LotteryBet, odds: LotteryOdds): string | null;
  settle(bet: LotteryBet, result: DrawResult, odds: LotteryOdds): number;
  exposure(bet: LotteryBet, odds: LotteryOdds): LotteryExposure[];
  /** The draw's numbers from its seed and identity alone (draw.ts): anyone can recompute them. */
  draw(seed: string, gameCode: string, drawNo: string): DrawResult;
}

function family<Result extends DrawResult>(
  rules: LotteryRules<Result>,
  draw: (seed: string, gameCode: string, drawNo: string) => Result,
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

export interface LotteryGame {
  code: LotteryGameCode;
  name: string;
  rules: FamilyRules;
  /** A draw every this many minutes, on the minute, counted from midnight UTC. */
  intervalMinutes: number;
  /** Betting stops this many seconds before the draw unless a brand's settings say earlier. */
  defaultCloseSeconds: number;
}

export const LOTTERY_GAMES: Readonly<Record<LotteryGameCode, LotteryGame>> = {
  FAST1: { code: 'FAST1', name: 'Parlay Fast 1', rules: FAST, intervalMinutes: 1, defaultCloseSeconds: 10 },
  FAST3: { code: 'FAST3', name: 'Parlay Fast 3', rules: FAST, intervalMinutes: 3, defaultCloseSeconds: 30 },
  FAST5: { code: 'FAST5', name: 'Parlay Fast 5', rules: FAST, intervalMinutes: 5, defaultCloseSeconds: 30 },
  KENO: { code: 'KENO', name: 'Parlay Keno', rules: KENO, intervalMinutes: 5, defaultCloseSeconds: 30 },
};

export function isLotteryGameCode(value: unknown): value is LotteryGameCode {
  return typeof value === 'string' && (LOTTERY_GAME_CODES as readonly string[]).includes(value);
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
