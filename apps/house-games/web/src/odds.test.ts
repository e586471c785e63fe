import { diceHundredthsFromFloat, DICE_OUTCOMES, limboHundredthsFromFloat } from '@parlay/fairness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  diceMultiplierX10000 as serverDiceMultiplier,
  diceWinningOutcomes,
  isDiceWin,
  payByMultiplier,
} from '../../src/games/rules';
import {
  countUpX100,
  DICE_MAX_OUTCOMES,
  DICE_MIN_OUTCOMES,
  diceChancePercent,
  diceMultiplierX10000,
  diceOutcomesForChance,
  diceOutcomesForMultiplier,
  diceOutcomesForProfit,
  diceOutcomesForTarget,
  diceTargetForOutcomes,
  formatChance,
  LIMBO_MAX_X100,
  LIMBO_MIN_X100,
  limboChancePercent,
  limboTargetForChance,
  limboTargetForProfit,
  parseDecimal,
  profitOnWinMinor,
} from './odds';

const NO_CAP = Number.MAX_SAFE_INTEGER;
const directions = ['over', 'under'] as const;

describe('dice: target, win chance, multiplier and profit on win', () => {
  it('shows the multiplier the server pays and the chance the fairness roll gives, for every target', () => {
    for (const direction of directions) {
      for (let target = 0; target <= 10_000; target += 1) {
        let serverOutcomes: number;
        try {
          serverOutcomes = diceWinningOutcomes(target, direction);
        } catch {
          // A target the server refuses is moved to the nearest it takes.
          const outcomes = diceOutcomesForTarget(target, direction);
          expect([DICE_MIN_OUTCOMES, DICE_MAX_OUTCOMES]).toContain(outcomes);
          continue;
        }
        const outcomes = diceOutcomesForTarget(target, direction);
        expect(outcomes).toBe(serverOutcomes);
        expect(diceTargetForOutcomes(outcomes, direction)).toBe(target);
        expect(diceMultiplierX10000(outcomes)).toBe(serverDiceMultiplier(outcomes));
      }
    }
  });

  it('counts the chance as the share of the 10001 fairness rolls that win', () => {
    // Each roll the fairness draw can give, against two targets: the winning ones are exactly `outcomes`.
    for (const [target, direction] of [
      [5_050, 'over'],
      [1_234, 'under'],
    ] as const) {
      let wins = 0;
      for (let roll = 0; roll < DICE_OUTCOMES; roll += 1) {
        expect(diceHundredthsFromFloat((roll + 0.5) / DICE_OUTCOMES)).toBe(roll);
        if (isDiceWin(roll, target, direction)) wins += 1;
      }
      const outcomes = diceOutcomesForTarget(target, direction);
      expect(wins).toBe(outcomes);
      expect(diceChancePercent(outcomes)).toBeCloseTo((wins / DICE_OUTCOMES) * 100, 12);
    }
    expect(formatChance(diceChancePercent(diceOutcomesForTarget(5_050, 'over')), 'dice')).toBe('49.4951');
  });

  it('reads every multiplier and every shown chance back to the same target', () => {
    for (let outcomes = DICE_MIN_OUTCOMES; outcomes <= DICE_MAX_OUTCOMES; outcomes += 1) {
      expect(diceOutcomesForMultiplier(diceMultiplierX10000(outcomes) / 10_000)).toBe(outcomes);
      const shown = parseDecimal(formatChance(diceChancePercent(outcomes), 'dice'))!;
      expect(diceOutcomesForChance(shown)).toBe(outcomes);
    }
  });

  it('pays the profit it shows, and a typed profit settles on a target that pays it again', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: DICE_MIN_OUTCOMES, max: DICE_MAX_OUTCOMES }),
        (stake, outcomes) => {
          const multiplier = diceMultiplierX10000(outcomes);
          const profit = profitOnWinMinor(stake, multiplier, 10_000, NO_CAP);
          expect(profit).toBe(payByMultiplier(stake, multiplier, 10_000n) - stake);
          // The best odds that pay it: never fewer winning rolls than the target it came from.
          const settled = diceOutcomesForProfit(stake, profit);
          expect(settled).toBeGreaterThanOrEqual(outcomes);
          expect(profitOnWinMinor(stake, diceMultiplierX10000(settled), 10_000, NO_CAP)).toBe(profit);
        },
      ),
    );
    // At a stake of 1,000,000 every multiplier's profit is distinct, and reads back to its own target.
    for (let outcomes = DICE_MIN_OUTCOMES; outcomes <= DICE_MAX_OUTCOMES; outcomes += 97) {
      const profit = profitOnWinMinor(1_000_000, diceMultiplierX10000(outcomes), 10_000, NO_CAP);
      expect(diceOutcomesForProfit(1_000_000, profit)).toBe(outcomes);
    }
  });

  it('stops at 1 % and 98 % to win, whatever is typed', () => {
    expect(diceMultiplierX10000(DICE_MIN_OUTCOMES) / 10_000).toBe(99.0099);
    expect(diceMultiplierX10000(DICE_MAX_OUTCOMES) / 10_000).toBe(1.0103);
    expect(formatChance(diceChancePercent(DICE_MIN_OUTCOMES), 'dice')).toBe('0.9999');
    expect(formatChance(diceChancePercent(DICE_MAX_OUTCOMES), 'dice')).toBe('97.9902');
    expect(diceOutcomesForChance(0)).toBe(DICE_MIN_OUTCOMES);
    expect(diceOutcomesForChance(100)).toBe(DICE_MAX_OUTCOMES);
    expect(diceOutcomesForMultiplier(1_000)).toBe(DICE_MIN_OUTCOMES);
    expect(diceOutcomesForMultiplier(1)).toBe(DICE_MAX_OUTCOMES);
    expect(diceOutcomesForMultiplier(0)).toBe(DICE_MAX_OUTCOMES);
    expect(diceOutcomesForProfit(1_000, 1_000_000)).toBe(DICE_MIN_OUTCOMES);
    expect(diceOutcomesForProfit(1_000, 0)).toBe(DICE_MAX_OUTCOMES);
    expect(diceTargetForOutcomes(diceOutcomesForTarget(10_000, 'over'), 'over')).toBe(9_900);
    expect(diceTargetForOutcomes(diceOutcomesForTarget(0, 'over'), 'over')).toBe(200);
    expect(diceTargetForOutcomes(diceOutcomesForTarget(0, 'under'), 'under')).toBe(100);
    expect(diceTargetForOutcomes(diceOutcomesForTarget(10_000, 'under'), 'under')).toBe(9_800);
  });

  it('keeps the chance when over turns to under: the target mirrors', () => {
    const outcomes = diceOutcomesForTarget(5_050, 'over');
    expect(diceTargetForOutcomes(outcomes, 'under')).toBe(4_950);
  });

  it('shows a win capped at the brand maximum as that maximum', () => {
    expect(profitOnWinMinor(1_000_000, diceMultiplierX10000(DICE_MIN_OUTCOMES), 10_000, 50_000_000)).toBe(49_000_000);
  });
});

describe('limbo: target multiplier and win chance', () => {
  it('counts as winning exactly the fairness floats whose result reaches the target', () => {
    for (const target of [101, 150, 200, 333, 1_000, 9_999, 123_457, 10_000_000, LIMBO_MAX_X100]) {
      const winning = Math.round((limboChancePercent(target) / 100) * 1e8);
      // The last winning float reaches the target, the next one does not.
      const float = (index: number) => (index + 0.5) / 1e8;
      expect(limboHundredthsFromFloat(float(winning - 1))).toBeGreaterThanOrEqual(target);
      expect(limboHundredthsFromFloat(float(winning))).toBeLessThan(target);
    }
  });

  it('reads a target back from its shown chance up to about 990×, and a typed chance settles', () => {
    for (let target = LIMBO_MIN_X100; target <= 99_000; target += target < 1_000 ? 1 : 37) {
      const shown = parseDecimal(formatChance(limboChancePercent(target), 'limbo'))!;
      expect(limboTargetForChance(shown)).toBe(target);
    }
    fc.assert(
      fc.property(fc.double({ min: 0.0001, max: 98, noNaN: true }), (typed) => {
        const target = limboTargetForChance(typed);
        const shown = formatChance(limboChancePercent(target), 'limbo');
        expect(formatChance(limboChancePercent(limboTargetForChance(parseDecimal(shown)!)), 'limbo')).toBe(shown);
      }),
    );
  });

  it('stops at 1.01× and 1,000,000×', () => {
    expect(formatChance(limboChancePercent(LIMBO_MIN_X100), 'limbo')).toBe('98.019801');
    expect(formatChance(limboChancePercent(LIMBO_MAX_X100), 'limbo')).toBe('0.000099');
    expect(formatChance(limboChancePercent(200), 'limbo')).toBe('49.50');
    expect(limboTargetForChance(99.9)).toBe(LIMBO_MIN_X100);
    expect(limboTargetForChance(0)).toBe(LIMBO_MAX_X100);
    expect(limboTargetForChance(0.00000001)).toBe(LIMBO_MAX_X100);
    expect(limboTargetForProfit(1_000, 0)).toBe(LIMBO_MIN_X100);
    expect(limboTargetForProfit(1_000, 1_000)).toBe(200);
  });

  it('pays the profit it shows as the server does, and a typed profit settles on a target that pays it again', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: LIMBO_MIN_X100, max: LIMBO_MAX_X100 }),
        (stake, target) => {
          const profit = profitOnWinMinor(stake, target, 100, NO_CAP);
          expect(profit).toBe(payByMultiplier(stake, target, 100n) - stake);
          const settled = limboTargetForProfit(stake, profit);
          expect(settled).toBeLessThanOrEqual(target);
          expect(profitOnWinMinor(stake, settled, 100, NO_CAP)).toBe(profit);
        },
      ),
    );
  });

  it('counts up from 1.00× to the result, never past it', () => {
    expect(countUpX100(25_000, 0)).toBe(100);
    expect(countUpX100(25_000, 1)).toBe(25_000);
    let last = 100;
    for (let share = 0; share <= 1; share += 0.05) {
      const shown = countUpX100(25_000, share);
      expect(shown).toBeGreaterThanOrEqual(last);
      expect(shown).toBeLessThanOrEqual(25_000);
      last = shown;
    }
    expect(countUpX100(100, 0.5)).toBe(100);
  });
});
