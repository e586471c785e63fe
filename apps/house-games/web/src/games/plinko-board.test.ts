import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, PLINKO_TABLES_X10, dropPlinko } from '@parlay/fairness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payByMultiplier } from '../../../src/games/rules';
import { BOARD_WIDTH, ballStops, boardLayout, bucketColour, bucketLabel, bucketX, pegPositions } from './plinko-board';

const rowsArbitrary = fc.integer({ min: PLINKO_MIN_ROWS, max: PLINKO_MAX_ROWS });

describe('the plinko board', () => {
  it('has i + 3 pegs in row i, inside the board, and a bucket under each gap of the last row', () => {
    for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows += 1) {
      const layout = boardLayout(rows);
      const pegs = pegPositions(layout);
      expect(pegs).toHaveLength((rows * (rows + 5)) / 2);
      expect(pegs.every(({ x }) => x > 0 && x < BOARD_WIDTH)).toBe(true);
      const lastRow = pegs.slice(-(rows + 2));
      for (let bucket = 0; bucket <= rows; bucket += 1) {
        expect(bucketX(layout, bucket)).toBeCloseTo((lastRow[bucket]!.x + lastRow[bucket + 1]!.x) / 2, 6);
      }
    }
  });

  it('drops the ball over a peg of every row and into the bucket its path counts', () => {
    fc.assert(
      fc.property(
        rowsArbitrary,
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 16, maxLength: 16 }),
        (rows, bits) => {
          const layout = boardLayout(rows);
          const path = bits.slice(0, rows);
          const stops = ballStops(layout, path, 0);
          const pegXs = new Set(pegPositions(layout).map(({ x }) => x.toFixed(6)));
          expect(stops).toHaveLength(rows + 2);
          for (const stop of stops.slice(1, -1)) expect(pegXs.has(stop.x.toFixed(6))).toBe(true);
          // Each row moves the ball half a spacing, and it lands in bucket Σ path.
          const bucket = path.reduce((sum, step) => sum + step, 0);
          expect(stops.at(-1)!.x).toBeCloseTo(bucketX(layout, bucket), 6);
        },
      ),
    );
  });

  it('colours the buckets the same on both sides, red at the edges, yellow in the middle', () => {
    for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows += 1) {
      for (let bucket = 0; bucket <= rows; bucket += 1) {
        expect(bucketColour(rows, bucket)).toBe(bucketColour(rows, rows - bucket));
      }
      expect(bucketColour(rows, 0)).toMatch(/^hsl\(0 /);
    }
    expect(bucketColour(16, 8)).toMatch(/^hsl\(50 /);
    expect([bucketLabel(1000), bucketLabel(0.2), bucketLabel(130)]).toEqual(['1K', '0.2', '130']);
  });
});

describe('a plinko round’s pay (model)', () => {
  it('is the stake times the bucket’s multiplier, rounded down, never above 1,000 stakes', () => {
    fc.assert(
      fc.property(
        rowsArbitrary,
        fc.constantFrom(...PLINKO_RISKS),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.nat({ max: 1_000_000 }),
        (rows, risk, stake, clientSeed, nonce) => {
          const drop = dropPlinko({ serverSeed: 'f'.repeat(64), clientSeed, nonce }, rows, risk);
          expect(drop.multiplierX10).toBe(PLINKO_TABLES_X10[rows]![risk][drop.bucket]);
          const pay = payByMultiplier(stake, drop.multiplierX10, 10n);
          // Exact in integers: 10 × pay ≤ stake × tenths < 10 × (pay + 1).
          expect(BigInt(pay) * 10n <= BigInt(stake) * BigInt(drop.multiplierX10)).toBe(true);
          expect(BigInt(pay + 1) * 10n > BigInt(stake) * BigInt(drop.multiplierX10)).toBe(true);
          expect(pay).toBeLessThanOrEqual(stake * 1_000);
        },
      ),
    );
  });
});
