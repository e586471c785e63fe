import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyStakeAction, clampStake } from './stake';

const limits = { minBetMinor: 1_000, maxBetMinor: 1_000_000, step: 1 };
/** The slot's: 20 paylines, so a stake on 20s, and limits that are not. */
const slot = { minBetMinor: 110, maxBetMinor: 10_010, step: 20 };

describe('the bet amount controls', () => {
  it('halves and doubles, and stops at the limits', () => {
    expect(applyStakeAction('half', 5_000, limits)).toBe(2_500);
    expect(applyStakeAction('double', 5_000, limits)).toBe(10_000);
    expect(applyStakeAction('half', 1_500, limits)).toBe(1_000);
    expect(applyStakeAction('half', 1_000, limits)).toBe(1_000);
    expect(applyStakeAction('double', 600_000, limits)).toBe(1_000_000);
    expect(applyStakeAction('double', 1_000_000, limits)).toBe(1_000_000);
    expect(applyStakeAction('half', 2_001, limits)).toBe(1_000);
    expect(applyStakeAction('half', 2_003, limits)).toBe(1_001);
  });

  it('goes to the minimum and the maximum', () => {
    expect(applyStakeAction('min', 5_000, limits)).toBe(1_000);
    expect(applyStakeAction('max', 5_000, limits)).toBe(1_000_000);
  });

  it('starts from the minimum when the field holds no amount', () => {
    expect(applyStakeAction('double', Number.NaN, limits)).toBe(2_000);
    expect(applyStakeAction('half', 0, limits)).toBe(1_000);
    expect(applyStakeAction('double', -50, limits)).toBe(2_000);
  });

  it("keeps the slot's stake on its step, inside limits that are not on it", () => {
    expect(applyStakeAction('min', 500, slot)).toBe(120);
    expect(applyStakeAction('max', 500, slot)).toBe(10_000);
    expect(applyStakeAction('half', 500, slot)).toBe(240);
    expect(applyStakeAction('half', 120, slot)).toBe(120);
    expect(clampStake(Number.POSITIVE_INFINITY, slot)).toBe(120);
  });

  it('always answers a stake the server takes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('half', 'double', 'min', 'max' as const),
        fc.double({ min: -1e9, max: 1e10, noNaN: true }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(1, 20),
        (action, amount, min, spread, step) => {
          const bounds = { minBetMinor: min, maxBetMinor: min + spread + step, step };
          const stake = applyStakeAction(action, amount, bounds);
          expect(stake).toBeGreaterThanOrEqual(bounds.minBetMinor);
          expect(stake).toBeLessThanOrEqual(bounds.maxBetMinor);
          expect(stake % step).toBe(0);
        },
      ),
    );
  });
});
