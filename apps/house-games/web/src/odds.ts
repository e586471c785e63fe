import { DICE_OUTCOMES, limboHundredthsFromFloat } from '@parlay/fairness';

/**
 * The linked fields of dice and limbo: target, win chance, multiplier and profit on win, each computed from
 * the one the player edited by the vendor's own rules (src/games/rules.ts) over the fairness draws
 * (packages/fairness: dice rolls 0.00–100.00 in 10001 steps, limbo's 0.99 / float). The server decides the
 * round; these only show the player beforehand exactly what it will pay.
 */

export type DiceDirection = 'over' | 'under';

/** The winning rolls (of 10001) the player may pick: 1 % to 98 % to win, as the server allows. */
export const DICE_MIN_OUTCOMES = 100;
export const DICE_MAX_OUTCOMES = 9_800;
/** 0.99 × 10001 × 10000: the dice multiplier in ten-thousandths is this over the winning rolls, rounded down. */
const DICE_PAY_X10000 = 99 * DICE_OUTCOMES * 100;

export function clampDiceOutcomes(outcomes: number): number {
  if (!Number.isFinite(outcomes)) return DICE_MIN_OUTCOMES;
  return Math.min(DICE_MAX_OUTCOMES, Math.max(DICE_MIN_OUTCOMES, Math.round(outcomes)));
}

/** The rolls that win: over a target, the hundredths above it; under, those below it. */
export function diceOutcomesForTarget(targetHundredths: number, direction: DiceDirection): number {
  return clampDiceOutcomes(direction === 'over' ? 10_000 - targetHundredths : targetHundredths);
}

export function diceTargetForOutcomes(outcomes: number, direction: DiceDirection): number {
  return direction === 'over' ? 10_000 - outcomes : outcomes;
}

/** The chance to win in percent: winning rolls of the 10001 a round draws from. */
export function diceChancePercent(outcomes: number): number {
  return (outcomes * 100) / DICE_OUTCOMES;
}

export function diceOutcomesForChance(percent: number): number {
  return clampDiceOutcomes((percent * DICE_OUTCOMES) / 100);
}

/** The pay multiplier in ten-thousandths: 0.99 × 10001 / winning rolls, rounded down (as the server pays). */
export function diceMultiplierX10000(outcomes: number): number {
  return Math.floor(DICE_PAY_X10000 / outcomes);
}

/** The winning rolls whose multiplier is nearest the one asked for (the multiplier falls as they grow). */
export function diceOutcomesForMultiplier(multiplier: number): number {
  if (!(multiplier > 0)) return DICE_MAX_OUTCOMES;
  const exact = DICE_PAY_X10000 / (multiplier * 10_000);
  const candidates = [clampDiceOutcomes(Math.floor(exact)), clampDiceOutcomes(Math.ceil(exact))];
  const distance = (outcomes: number) => Math.abs(diceMultiplierX10000(outcomes) - multiplier * 10_000);
  return distance(candidates[0]!) <= distance(candidates[1]!) ? candidates[0]! : candidates[1]!;
}

/** What a win pays beyond the stake, at most the brand's maximum win, by the server's rounding. */
export function profitOnWinMinor(stakeMinor: number, multiplier: number, scale: number, maxWinMinor: number): number {
  const pay = Number((BigInt(Math.max(0, Math.floor(stakeMinor))) * BigInt(multiplier)) / BigInt(scale));
  return Math.min(pay, maxWinMinor) - stakeMinor;
}

/**
 * The best odds that still pay the profit asked for at this stake: the most winning rolls whose win pays at
 * least that much (the profit falls as they grow); the fewest rolls when no target pays that much.
 */
export function diceOutcomesForProfit(
  stakeMinor: number,
  profitMinor: number,
  maxWinMinor = Number.MAX_SAFE_INTEGER,
): number {
  if (!(stakeMinor > 0)) return DICE_MAX_OUTCOMES;
  const pays = (outcomes: number) =>
    profitOnWinMinor(stakeMinor, diceMultiplierX10000(outcomes), 10_000, maxWinMinor) >= profitMinor;
  const firstShort = firstIndex(DICE_MIN_OUTCOMES, DICE_MAX_OUTCOMES + 1, (outcomes) => !pays(outcomes));
  return clampDiceOutcomes(firstShort - 1);
}

/** Limbo's targets in hundredths: 1.01× to 1,000,000×, as the server allows. */
export const LIMBO_MIN_X100 = 101;
export const LIMBO_MAX_X100 = 100_000_000;
/** Limbo's result comes from one of 1e8 floats (⌊float × 1e8⌋), falling as the float grows. */
const LIMBO_FLOATS = 100_000_000;

export function clampLimboTarget(targetX100: number): number {
  if (!Number.isFinite(targetX100)) return LIMBO_MIN_X100;
  return Math.min(LIMBO_MAX_X100, Math.max(LIMBO_MIN_X100, Math.round(targetX100)));
}

/** The first index (0 to `size`) where `isPast` turns true, for a test false then true along the range. */
function firstIndex(low: number, size: number, isPast: (index: number) => boolean): number {
  let from = low;
  let to = size;
  while (from < to) {
    const middle = Math.floor((from + to) / 2);
    if (isPast(middle)) to = middle;
    else from = middle + 1;
  }
  return from;
}

/**
 * The floats whose result reaches the target, counted with the fairness formula itself (its floating-point
 * rounding included, which ⌊0.99 × 1e10 / target⌋ misses by one at some targets).
 */
function limboWinningFloats(targetX100: number): number {
  return firstIndex(0, LIMBO_FLOATS, (index) => limboHundredthsFromFloat((index + 0.5) / LIMBO_FLOATS) < targetX100);
}

/** The chance that the result reaches the target, in percent. */
export function limboChancePercent(targetX100: number): number {
  return limboWinningFloats(targetX100) / 1_000_000;
}

/** The lowest target whose chance is no more than the one asked for: a typed chance never shows higher. */
export function limboTargetForChance(percent: number): number {
  if (!Number.isFinite(percent)) return LIMBO_MAX_X100;
  return clampLimboTarget(
    firstIndex(LIMBO_MIN_X100, LIMBO_MAX_X100, (target) => limboChancePercent(target) <= percent + 1e-9),
  );
}

/** A number typed in a field, or null when it is not one (an empty or half-typed field). */
export function parseDecimal(text: string): number | null {
  const value = Number(text.replace(/,/g, '').trim());
  return text.trim() !== '' && Number.isFinite(value) ? value : null;
}

/**
 * A win chance as the fields show it: dice to four decimals (each winning roll is 0.0100 % apart, so every
 * chance reads back to its target); limbo to the millionth of a percent it is counted in, without trailing
 * zeros, so a target up to about 990× reads back from its chance too.
 */
export function formatChance(percent: number, game: 'dice' | 'limbo'): string {
  if (game === 'dice') return percent.toFixed(4);
  return percent.toFixed(6).replace(/0{1,4}$/, '');
}

/** Limbo's target for the profit asked for at this stake (pay = stake × target). */
export function limboTargetForProfit(stakeMinor: number, profitMinor: number): number {
  if (!(stakeMinor > 0)) return LIMBO_MIN_X100;
  // The lowest target that pays at least that much (a win pays ⌊stake × target⌋).
  return clampLimboTarget(Math.ceil(((profitMinor + stakeMinor) * 100) / stakeMinor - 1e-9));
}

/**
 * The number a counting result shows at a share (0 to 1) of its animation: from 1.00× up to the result,
 * fast at first and slowing into it (ease-out), never past it, in hundredths as the result is.
 */
export function countUpX100(resultX100: number, share: number): number {
  if (share >= 1) return resultX100;
  const eased = 1 - (1 - Math.max(0, share)) ** 3;
  return Math.min(resultX100, Math.floor(100 + (resultX100 - 100) * eased));
}

/** How long the count takes: a quick 0.3 s for small results, up to 0.8 s for the largest. */
export function countUpMs(resultX100: number): number {
  return Math.round(Math.min(800, 300 + 80 * Math.log10(Math.max(1, resultX100 / 100))));
}
