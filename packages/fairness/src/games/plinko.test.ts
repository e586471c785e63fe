import { describe, expect, it } from 'vitest';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  PLINKO_RTP,
  PLINKO_TABLES_X10,
  dropPlinko,
  plinkoPathFromFloats,
} from './plinko';
import { verifyRound } from '../verify';
import { PLINKO_VECTORS, SEED_2 } from '../vectors';

function choose(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 0; i < k; i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** A decimal text as the fraction digits / 10^places, exactly. */
function decimalFraction(text: string): { numerator: bigint; denominator: bigint } {
  const [whole, fraction = ''] = text.split('.');
  return { numerator: BigInt(`${whole}${fraction}`), denominator: 10n ** BigInt(fraction.length) };
}

const TABLES = Array.from(
  { length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 },
  (_, index) => PLINKO_MIN_ROWS + index,
).flatMap((rows) => PLINKO_RISKS.map((risk) => ({ rows, risk })));

describe('plinko fixed vectors', () => {
  it.each(PLINKO_VECTORS)('gives the Python path and bucket for nonce $seeds.nonce, $rows rows $risk', (vector) => {
    const drop = dropPlinko(vector.seeds, vector.rows, vector.risk);
    expect(drop.path).toEqual(vector.path);
    expect(drop.bucket).toBe(vector.bucket);
    expect(drop.multiplierX10 / 10).toBe(vector.multiplier);
    expect(verifyRound({ game: 'plinko', rows: vector.rows, risk: vector.risk, ...vector.seeds })).toMatchObject({
      path: vector.path,
      bucket: vector.bucket,
      multiplier: vector.multiplier,
    });
  });
});

describe('plinko tables', () => {
  it.each(TABLES)('$rows rows $risk: n + 1 buckets, mirrored, and the declared RTP exactly', ({ rows, risk }) => {
    const table = PLINKO_TABLES_X10[rows]![risk];
    expect(table).toHaveLength(rows + 1);
    expect([...table].reverse()).toEqual(table);
    // Σ C(n, k) × m_k / (10 × 2ⁿ), the tenths summed in integers: no rounding anywhere.
    const paid = table.reduce((sum, tenths, bucket) => sum + choose(rows, bucket) * BigInt(tenths), 0n);
    const declared = decimalFraction(PLINKO_RTP[rows]![risk]);
    expect(paid * declared.denominator).toBe(declared.numerator * 10n * 2n ** BigInt(rows));
    // Every table returns 99 % give or take Stake's rounding of its multipliers to a tenth.
    expect(Math.abs(Number(PLINKO_RTP[rows]![risk]) - 0.99)).toBeLessThan(0.0025);
  });

  it('pays more at the edges with more risk, and never more than 1,000×', () => {
    for (const rows of [8, 12, 16]) {
      const edges = PLINKO_RISKS.map((risk) => PLINKO_TABLES_X10[rows]![risk][0]!);
      expect(edges).toEqual([...edges].sort((a, b) => a - b));
    }
    expect(Math.max(...TABLES.flatMap(({ rows, risk }) => PLINKO_TABLES_X10[rows]![risk]))).toBe(10_000);
  });
});

describe(dropPlinko.name, () => {
  it('turns each float into left below 0.5 and right from 0.5', () => {
    expect(plinkoPathFromFloats([0, 0.4999999999, 0.5, 1 - 2 ** -32])).toEqual([0, 0, 1, 1]);
  });

  it('reads one float a row, so more rows extend the same path', () => {
    const seeds = { serverSeed: SEED_2, clientSeed: 'p', nonce: 7 };
    const full = dropPlinko(seeds, 16, 'low').path;
    for (let rows = PLINKO_MIN_ROWS; rows <= PLINKO_MAX_ROWS; rows += 1) {
      expect(dropPlinko(seeds, rows, 'high').path).toEqual(full.slice(0, rows));
    }
  });

  it('refuses rows outside 8 to 16 and an unknown risk', () => {
    const seeds = { serverSeed: SEED_2, clientSeed: 'p', nonce: 0 };
    expect(() => dropPlinko(seeds, 7, 'low')).toThrow(RangeError);
    expect(() => dropPlinko(seeds, 17, 'low')).toThrow(RangeError);
    expect(() => dropPlinko(seeds, 12.5, 'low')).toThrow(RangeError);
    expect(() => dropPlinko(seeds, 12, 'extreme' as 'low')).toThrow(RangeError);
  });
});
