import { FloatStream, type HmacSha256, type RoundSeeds } from '../random';

export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/**
 * The buckets' multipliers in tenths, left half and the middle: the tables Stake publishes for its Plinko, the
 * best-known one. A row count of n has n + 1 buckets, mirrored around the middle (PLINKO_TABLES_X10 spells them
 * out whole).
 */
const HALF_TABLES_X10: Record<number, Record<PlinkoRisk, number[]>> = {
  8: { low: [56, 21, 11, 10, 5], medium: [130, 30, 13, 7, 4], high: [290, 40, 15, 3, 2] },
  9: { low: [56, 20, 16, 10, 7], medium: [180, 40, 17, 9, 5], high: [430, 70, 20, 6, 2] },
  10: { low: [89, 30, 14, 11, 10, 5], medium: [220, 50, 20, 14, 6, 4], high: [760, 100, 30, 9, 3, 2] },
  11: { low: [84, 30, 19, 13, 10, 7], medium: [240, 60, 30, 18, 7, 5], high: [1200, 140, 52, 14, 4, 2] },
  12: {
    low: [100, 30, 16, 14, 11, 10, 5],
    medium: [330, 110, 40, 20, 11, 6, 3],
    high: [1700, 240, 81, 20, 7, 2, 2],
  },
  13: {
    low: [81, 40, 30, 19, 12, 9, 7],
    medium: [430, 130, 60, 30, 13, 7, 4],
    high: [2600, 370, 110, 40, 10, 2, 2],
  },
  14: {
    low: [71, 40, 19, 14, 13, 11, 10, 5],
    medium: [580, 150, 70, 40, 19, 10, 5, 2],
    high: [4200, 560, 180, 50, 19, 3, 2, 2],
  },
  15: {
    low: [150, 80, 30, 20, 15, 11, 10, 7],
    medium: [880, 180, 110, 50, 30, 13, 5, 3],
    high: [6200, 830, 270, 80, 30, 5, 2, 2],
  },
  16: {
    low: [160, 90, 20, 14, 14, 12, 11, 10, 5],
    medium: [1100, 410, 100, 50, 30, 15, 10, 5, 3],
    high: [10000, 1300, 260, 90, 40, 20, 2, 2, 2],
  },
};

/** Every bucket's multiplier in tenths, by rows and risk: bucket k is where a ball that went right k times lands. */
export const PLINKO_TABLES_X10: Readonly<Record<number, Readonly<Record<PlinkoRisk, readonly number[]>>>> =
  Object.fromEntries(
    Object.entries(HALF_TABLES_X10).map(([rows, risks]) => [
      rows,
      Object.fromEntries(
        Object.entries(risks).map(([risk, half]) => {
          // An even row count has an odd number of buckets: the middle one is not mirrored.
          const mirrored = [...half].reverse().slice(Number(rows) % 2 === 0 ? 1 : 0);
          return [risk, [...half, ...mirrored]];
        }),
      ),
    ]),
  ) as Record<number, Record<PlinkoRisk, number[]>>;

/**
 * Each table's return to player, exactly: Σ C(n, k) × multiplier_k / 2ⁿ, a decimal that ends (its denominator is
 * 10 × 2ⁿ). Stake's tables return about 99 %, each a little above or below; games.test.ts recomputes every one.
 */
export const PLINKO_RTP: Readonly<Record<number, Readonly<Record<PlinkoRisk, string>>>> = {
  8: { low: '0.98984375', medium: '0.9890625', high: '0.990625' },
  9: { low: '0.98984375', medium: '0.99140625', high: '0.990625' },
  10: { low: '0.9900390625', medium: '0.9890625', high: '0.990625' },
  11: { low: '0.9900390625', medium: '0.990234375', high: '0.9916015625' },
  12: { low: '0.989794921875', medium: '0.989892578125', high: '0.991162109375' },
  13: { low: '0.989990234375', medium: '0.98994140625', high: '0.990869140625' },
  14: { low: '0.99000244140625', medium: '0.98994140625', high: '0.98978271484375' },
  15: { low: '0.990008544921875', medium: '0.989984130859375', high: '0.990264892578125' },
  16: { low: '0.9899871826171875', medium: '0.9898834228515625', high: '0.989764404296875' },
};

export function isPlinkoRows(rows: number): boolean {
  return Number.isInteger(rows) && rows >= PLINKO_MIN_ROWS && rows <= PLINKO_MAX_ROWS;
}

export function isPlinkoRisk(risk: string): risk is PlinkoRisk {
  return (PLINKO_RISKS as readonly string[]).includes(risk);
}

/** One float a row: below 0.5 the ball falls left (0), else right (1); i.e. floor(float × 2). */
export function plinkoPathFromFloats(floats: readonly number[]): number[] {
  return floats.map((float) => Math.floor(float * 2));
}

export interface PlinkoDrop {
  /** Left (0) or right (1) at each row, top to bottom. */
  path: number[];
  /** The bucket, 0 (far left) to rows: how many times the ball went right. */
  bucket: number;
  /** The bucket's multiplier in tenths. */
  multiplierX10: number;
}

/** A ball dropped over `rows` rows: the round's first `rows` floats steer it, the risk picks the table. */
export function dropPlinko(seeds: RoundSeeds, rows: number, risk: PlinkoRisk, mac?: HmacSha256): PlinkoDrop {
  if (!isPlinkoRows(rows))
    throw new RangeError(`rows must be an integer from ${PLINKO_MIN_ROWS} to ${PLINKO_MAX_ROWS}`);
  if (!isPlinkoRisk(risk)) throw new RangeError(`risk must be one of ${PLINKO_RISKS.join(', ')}`);
  const path = plinkoPathFromFloats(new FloatStream(seeds, mac).take(rows));
  const bucket = path.reduce((sum, step) => sum + step, 0);
  return { path, bucket, multiplierX10: PLINKO_TABLES_X10[rows]![risk][bucket]! };
}
