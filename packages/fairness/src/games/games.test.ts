import { describe, expect, it } from 'vitest';
import { DICE_OUTCOMES, diceHundredthsFromFloat, rollDice } from './dice';
import { limboHundredthsFromFloat, playLimbo } from './limbo';
import { placeMines } from './mines';
import { reelStopsFromFloats } from '../slot/machine';
import { generateFloats } from '../random';
import { ROUND_VECTORS as VECTORS, SEED_2 } from '../vectors';

describe('fixed vectors', () => {
  it.each(VECTORS)('gives the independent outcomes for nonce $seeds.nonce', ({ seeds, dice, limbo, mines, stops }) => {
    expect(rollDice(seeds)).toBe(dice);
    expect(playLimbo(seeds)).toBe(limbo);
    for (const [count, tiles] of Object.entries(mines)) expect(placeMines(seeds, Number(count))).toEqual(tiles);
    expect(reelStopsFromFloats(generateFloats(seeds, 5))).toEqual(stops);
  });
});

describe(rollDice.name, () => {
  it('spans 0.00 to 100.00 in 10001 outcomes', () => {
    expect(diceHundredthsFromFloat(0)).toBe(0);
    expect(diceHundredthsFromFloat(1 - 2 ** -32)).toBe(10_000);
    expect(diceHundredthsFromFloat(0.5)).toBe(5000);
    expect(DICE_OUTCOMES).toBe(10_001);
  });
});

describe(playLimbo.name, () => {
  it('follows max(1, floor(1e8 / (floor(f × 1e8) + 1) × 0.99 × 100) / 100) at its edges', () => {
    expect(limboHundredthsFromFloat(0)).toBe(9_900_000_000);
    expect(limboHundredthsFromFloat(1 - 2 ** -32)).toBe(100);
    // f = 0.5: 1e8 / 50000001 × 99 = 197.99999604 → 1.97.
    expect(limboHundredthsFromFloat(0.5)).toBe(197);
    expect(limboHundredthsFromFloat(0.989)).toBe(100);
  });
});

describe(placeMines.name, () => {
  it('draws distinct tiles in ascending order for every mine count', () => {
    for (let count = 1; count <= 24; count += 1) {
      const tiles = placeMines({ serverSeed: SEED_2, clientSeed: 'm', nonce: count }, count);
      expect(tiles).toHaveLength(count);
      expect(new Set(tiles).size).toBe(count);
      expect([...tiles].sort((a, b) => a - b)).toEqual(tiles);
      expect(tiles.every((tile) => tile >= 0 && tile <= 24)).toBe(true);
    }
  });

  it('refuses 0 or 25 mines', () => {
    expect(() => placeMines({ serverSeed: SEED_2, clientSeed: 'm', nonce: 0 }, 0)).toThrow(RangeError);
    expect(() => placeMines({ serverSeed: SEED_2, clientSeed: 'm', nonce: 0 }, 25)).toThrow(RangeError);
  });
});
