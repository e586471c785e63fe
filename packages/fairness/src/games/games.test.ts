import { describe, expect, it } from 'vitest';
import { sha256Hex, type RoundSeeds } from '../random';
import { DICE_OUTCOMES, diceHundredthsFromFloat, rollDice } from './dice';
import { limboHundredthsFromFloat, playLimbo } from './limbo';
import { placeMines } from './mines';
import { reelStopsFromFloats } from '../slot/machine';
import { generateFloats } from '../random';

const SEED_1 = '3f5c8e2a9b7d4c1e6f0a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70';
const SEED_2 = sha256Hex('parlay');

/** Vectors computed independently with Python's hmac module from the formulas. */
const VECTORS: { seeds: RoundSeeds; dice: number; limbo: number; mines: Record<number, number[]>; stops: number[] }[] =
  [
    {
      seeds: { serverSeed: SEED_1, clientSeed: 'lucky-player', nonce: 0 },
      dice: 75.0,
      limbo: 1.32,
      mines: {
        1: [18],
        3: [2, 8, 18],
        24: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 22, 23, 24],
      },
      stops: [23, 11, 3, 1, 13],
    },
    {
      seeds: { serverSeed: SEED_1, clientSeed: 'lucky-player', nonce: 1 },
      dice: 66.3,
      limbo: 1.49,
      mines: {
        1: [16],
        3: [1, 11, 16],
        24: [0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24],
      },
      stops: [21, 15, 1, 5, 20],
    },
    {
      seeds: { serverSeed: SEED_2, clientSeed: 'abc', nonce: 42 },
      dice: 51.27,
      limbo: 1.93,
      mines: {
        1: [12],
        3: [7, 12, 15],
        24: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 22, 23, 24],
      },
      stops: [16, 9, 18, 10, 12],
    },
    {
      seeds: { serverSeed: SEED_2, clientSeed: '0123456789', nonce: 999_999 },
      dice: 29.56,
      limbo: 3.34,
      mines: {
        1: [7],
        3: [1, 7, 19],
        24: [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24],
      },
      stops: [9, 25, 1, 6, 2],
    },
  ];

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
