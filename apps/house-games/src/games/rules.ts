import {
  DICE_OUTCOMES,
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  PAYLINES,
  isPlinkoRisk,
  isPlinkoRows,
  type PlinkoRisk,
} from '@parlay/fairness';
import { HouseError } from '../errors';

export const GAME_CODES = ['dice', 'limbo', 'mines', 'lucky-parlay', 'crash', 'plinko'] as const;
export type GameCode = (typeof GAME_CODES)[number];

/**
 * Every game returns 99 % in the long run except the slot, whose RTP is its paytable's, and plinko, whose tables
 * return 98.98 % to 99.16 % each (README).
 */
const EDGE_NUMERATOR = 99n;
const EDGE_DENOMINATOR = 100n;

export type DiceDirection = 'over' | 'under';

/** Dice: the rolls (of 10001) that win; the player may pick between 1 % and 98 % to win. */
export function diceWinningOutcomes(targetHundredths: number, direction: DiceDirection): number {
  if (!Number.isInteger(targetHundredths) || targetHundredths < 0 || targetHundredths > 10_000) {
    throw new HouseError('HOUSE_BAD_REQUEST', { field: 'target' });
  }
  const outcomes = direction === 'over' ? 10_000 - targetHundredths : targetHundredths;
  if (outcomes < 100 || outcomes > 9_800) throw new HouseError('HOUSE_BAD_REQUEST', { field: 'target' });
  return outcomes;
}

export function isDiceWin(rollHundredths: number, targetHundredths: number, direction: DiceDirection): boolean {
  return direction === 'over' ? rollHundredths > targetHundredths : rollHundredths < targetHundredths;
}

/** The dice pay multiplier in ten-thousandths: 0.99 × 10001 / winning outcomes, rounded down. */
export function diceMultiplierX10000(winningOutcomes: number): number {
  return Number((EDGE_NUMERATOR * BigInt(DICE_OUTCOMES) * 10_000n) / (EDGE_DENOMINATOR * BigInt(winningOutcomes)));
}

export function payByMultiplier(stakeMinor: number, multiplier: bigint | number, scale: bigint): number {
  return Number((BigInt(stakeMinor) * BigInt(multiplier)) / scale);
}

/** Limbo: the player's target multiplier in hundredths, from 1.01× to 1,000,000×. */
export function assertLimboTarget(targetX100: number): void {
  if (!Number.isInteger(targetX100) || targetX100 < 101 || targetX100 > 100_000_000) {
    throw new HouseError('HOUSE_BAD_REQUEST', { field: 'target' });
  }
}

/** Plinko: 8 to 16 rows, low, medium or high risk (the tables of packages/fairness/src/games/plinko.ts). */
export function assertPlinkoChoice(rows: number, risk: string): asserts risk is PlinkoRisk {
  if (!isPlinkoRows(rows)) throw new HouseError('HOUSE_BAD_REQUEST', { field: 'rows' });
  if (!isPlinkoRisk(risk)) throw new HouseError('HOUSE_BAD_REQUEST', { field: 'risk' });
}

export function assertMineCount(mines: number): void {
  if (!Number.isInteger(mines) || mines < MINES_MIN || mines > MINES_MAX) {
    throw new HouseError('HOUSE_BAD_REQUEST', { field: 'mines' });
  }
}

function choose(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 0; i < k; i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** Mines: the pay for `safe` safe tiles with `mines` mines, 0.99 × C(25, safe) / C(25 − mines, safe) × stake. */
export function minesPayMinor(stakeMinor: number, mines: number, safe: number): number {
  if (safe === 0) return stakeMinor;
  return Number(
    (BigInt(stakeMinor) * EDGE_NUMERATOR * choose(MINES_TILES, safe)) /
      (EDGE_DENOMINATOR * choose(MINES_TILES - mines, safe)),
  );
}

/** Mines multiplier in ten-thousandths, for display. */
export function minesMultiplierX10000(mines: number, safe: number): number {
  if (safe === 0) return 10_000;
  return Number(
    (10_000n * EDGE_NUMERATOR * choose(MINES_TILES, safe)) / (EDGE_DENOMINATOR * choose(MINES_TILES - mines, safe)),
  );
}

/** The slot's stake must spread evenly over its paylines, so each line bet is a whole minor unit. */
export function assertSlotStake(stakeMinor: number): void {
  if (stakeMinor % PAYLINES !== 0) throw new HouseError('HOUSE_STAKE_STEP', { step: PAYLINES });
}

/** The crash curve's growth per millisecond: e^(0.00006 t) reaches 2× in 11.6 s, as bustabit's. */
export const CRASH_CURVE_RATE = 0.00006;

/** Crash multiplier in hundredths after `elapsedMs` of flight. */
export function crashMultiplierAt(elapsedMs: number, rate = CRASH_CURVE_RATE): number {
  return Math.max(100, Math.floor(100 * Math.exp(rate * Math.max(0, elapsedMs))));
}

/** The first whole millisecond at which the curve has reached `multiplierX100`. */
export function crashTimeFor(multiplierX100: number, rate = CRASH_CURVE_RATE): number {
  let time = Math.max(0, Math.floor(Math.log(multiplierX100 / 100) / rate));
  while (crashMultiplierAt(time, rate) < multiplierX100) time += 1;
  return time;
}
