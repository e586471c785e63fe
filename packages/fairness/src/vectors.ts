import type { RoundSeeds } from './random';

// Fixed vectors of every game's outcome function, computed independently with Python's hmac and hashlib
// modules from the formulas of the issue. The unit tests, the verify command and the verifier page's
// journey all check against these.

export const SEED_1 = '3f5c8e2a9b7d4c1e6f0a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70';
/** SHA-256 of 'parlay'. */
export const SEED_2 = '61fb51e57b258404f93b38b6628b2c507b4c0291b9c5124a8e8c3c6fd860f9be';

export interface RoundVector {
  seeds: RoundSeeds;
  /** Dice roll, 0.00 to 100.00. */
  dice: number;
  /** Limbo multiplier. */
  limbo: number;
  /** Mine tiles by mine count. */
  mines: Record<number, number[]>;
  /** The slot's reel stops of the round's first spin. */
  stops: number[];
}

export const ROUND_VECTORS: RoundVector[] = [
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

/**
 * Plinko drops (games/plinko.ts), computed in Python with hmac and hashlib: the round's first `rows` floats, each
 * int.from_bytes(4 bytes, 'big') / 2**32, and floor(float × 2) a row (0 left, 1 right); the bucket is the sum, its
 * multiplier Stake's table. Rows above 8 read the second hash (round 1). The fifth is the first nonce of its seeds
 * whose ten rows all go right: the far bucket of 10 rows, 76× at high risk.
 */
export const PLINKO_VECTORS = [
  {
    seeds: { serverSeed: SEED_1, clientSeed: 'lucky-player', nonce: 0 },
    rows: 8,
    risk: 'low',
    path: [1, 0, 0, 0, 0, 0, 1, 1],
    bucket: 3,
    multiplier: 1,
  },
  {
    seeds: { serverSeed: SEED_1, clientSeed: 'lucky-player', nonce: 1 },
    rows: 16,
    risk: 'high',
    path: [1, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 1],
    bucket: 10,
    multiplier: 0.2,
  },
  {
    seeds: { serverSeed: SEED_2, clientSeed: 'abc', nonce: 42 },
    rows: 12,
    risk: 'medium',
    path: [1, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1],
    bucket: 7,
    multiplier: 0.6,
  },
  {
    seeds: { serverSeed: SEED_2, clientSeed: '0123456789', nonce: 999_999 },
    rows: 16,
    risk: 'low',
    path: [0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1],
    bucket: 8,
    multiplier: 0.5,
  },
  {
    seeds: { serverSeed: SEED_1, clientSeed: 'lucky-player', nonce: 124 },
    rows: 10,
    risk: 'high',
    path: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    bucket: 10,
    multiplier: 76,
  },
] as const;

/** The crash salt of the vectors below. */
export const CRASH_SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
/** chain[0] = SHA-256('parlay-crash-seed'), then SHA-256 of each hex text; crash points computed in Python. */
export const CRASH_VECTORS = [
  ['a90741368e8ce115b872aa1df82afbfeb341ef6adcdc24e8d4908f4e5bce1bad', 2.59],
  ['bf63782d2df54daa15e2bda4812bfc027ba2750180ece4deca2513a3ae050b8c', 1.22],
  ['0c9b1720128dae16fd5f6680f1dde063d88959cb72c3adf9d1f520a46c4b4de4', 2.17],
  ['2d94f2288ea9a1e9740c4c2bb434b152f4ae8cc889a92f2dd0297d8b7c4d4604', 10.82],
  ['f54ef44ef316f4e34fff3cf84da32f5c89f07b4e765517c2e8edd42eb1dfecc7', 1.31],
] as const;

/**
 * Raffle draws (games/raffle.ts), computed in Python with hmac and hashlib from the algorithm's description:
 * { seed, raffleId, prizes, counts } → winners by rank (the third of the first vector needed 9 rejected attempts:
 * tickets of entrants who had won; the second of the third, 47,824). The fifth holds the bound (decision 0055, Later):
 * one entrant with all but two of the most tickets a draw may hold, so that ranks 2 and 3 narrow to the tickets left
 * after 65,536 attempts.
 */
export const RAFFLE_VECTORS = [
  {
    input: { seed: SEED_1, raffleId: 7, prizes: 3, counts: [5, 1, 12, 3] },
    winners: [
      { rank: 1, ticket: 3, entry: 0, attempt: 0 },
      { rank: 2, ticket: 8, entry: 2, attempt: 0 },
      { rank: 3, ticket: 6, entry: 1, attempt: 9 },
    ],
  },
  {
    input: { seed: SEED_2, raffleId: 42, prizes: 5, counts: [1, 1] },
    winners: [
      { rank: 1, ticket: 1, entry: 0, attempt: 0 },
      { rank: 2, ticket: 2, entry: 1, attempt: 0 },
    ],
  },
  {
    input: { seed: SEED_1, raffleId: 1, prizes: 2, counts: [1_000_000, 1] },
    winners: [
      { rank: 1, ticket: 993_482, entry: 0, attempt: 0 },
      { rank: 2, ticket: 1_000_001, entry: 1, attempt: 47_824 },
    ],
  },
  {
    input: { seed: SEED_2, raffleId: 9, prizes: 3, counts: [3, 2, 7, 1, 4, 9, 2] },
    winners: [
      { rank: 1, ticket: 18, entry: 5, attempt: 0 },
      { rank: 2, ticket: 10, entry: 2, attempt: 0 },
      { rank: 3, ticket: 13, entry: 3, attempt: 1 },
    ],
  },
  {
    input: { seed: SEED_2, raffleId: 5, prizes: 3, counts: [2 ** 40 - 2, 1, 1] },
    winners: [
      { rank: 1, ticket: 484_734_182_837, entry: 0, attempt: 0 },
      { rank: 2, ticket: 1_099_511_627_776, entry: 2, attempt: 65_536 },
      { rank: 3, ticket: 1_099_511_627_775, entry: 1, attempt: 65_536 },
    ],
  },
] as const;
/** SHA-256 of SEED_1's text: the hash a raffle drawn with it published. */
export const SEED_1_HASH = '60002eebd180a38b97f0e173ee7408d311a968fcc5e66d6312f921b8b379634c';

/**
 * Fast and e-lottery draws (lottery/draw.ts), computed in Python with hmac and hashlib from the algorithm as written:
 * { seed, gameCode, drawNo } → the five digits (FAST1, FAST3, FAST5) or the 20 numbers of 1-80 in the order drawn
 * (KENO). The keno draws skip numbers already drawn (3, 3, 5 and 1 of them). Two were found by searching draw numbers
 * (in C with OpenSSL) for a word rejected for bias: FAST5 draw 122183717, whose round 0 third word 4,294,967,293 is at
 * or above 2^32 - 6, the largest multiple of 10 not above 2^32 (without the rejection its digits would read 2 5 3 3 8);
 * KENO draw 1131171, whose round 0 fifth word 4,294,967,283 is at or above 2^32 - 16, the largest multiple of 80.
 */
export const LOTTERY_VECTORS = [
  { input: { seed: SEED_1, gameCode: 'FAST1', drawNo: '20261129-0001' }, numbers: [6, 9, 3, 3, 2] },
  { input: { seed: SEED_1, gameCode: 'FAST3', drawNo: '20261129-0042' }, numbers: [5, 9, 9, 5, 7] },
  { input: { seed: SEED_1, gameCode: 'FAST5', drawNo: '20261129-0001' }, numbers: [2, 1, 3, 4, 7] },
  { input: { seed: SEED_1, gameCode: 'FAST5', drawNo: '20261129-0288' }, numbers: [2, 3, 3, 2, 5] },
  { input: { seed: SEED_2, gameCode: 'FAST1', drawNo: '20261129-0001' }, numbers: [1, 1, 9, 8, 4] },
  { input: { seed: SEED_2, gameCode: 'FAST3', drawNo: '20261129-0042' }, numbers: [3, 1, 5, 4, 2] },
  { input: { seed: SEED_2, gameCode: 'FAST5', drawNo: '20261129-0001' }, numbers: [0, 2, 7, 1, 6] },
  { input: { seed: SEED_2, gameCode: 'FAST5', drawNo: '20261129-0288' }, numbers: [9, 4, 6, 4, 1] },
  { input: { seed: SEED_1, gameCode: 'FAST5', drawNo: '122183717' }, numbers: [2, 5, 3, 8, 4] },
  {
    input: { seed: SEED_1, gameCode: 'KENO', drawNo: '20261129-0001' },
    numbers: [73, 9, 20, 74, 41, 62, 17, 34, 21, 40, 27, 47, 3, 52, 7, 63, 77, 69, 11, 4],
  },
  {
    input: { seed: SEED_1, gameCode: 'KENO', drawNo: '20261129-0150' },
    numbers: [60, 64, 57, 18, 16, 67, 53, 66, 2, 54, 58, 43, 76, 45, 34, 40, 9, 23, 28, 29],
  },
  {
    input: { seed: SEED_2, gameCode: 'KENO', drawNo: '20261129-0001' },
    numbers: [5, 62, 71, 23, 16, 31, 64, 50, 35, 7, 72, 6, 27, 15, 4, 61, 41, 34, 2, 44],
  },
  {
    input: { seed: SEED_2, gameCode: 'KENO', drawNo: '20261129-0150' },
    numbers: [40, 20, 50, 7, 56, 49, 70, 19, 25, 13, 23, 1, 8, 2, 30, 22, 17, 46, 57, 9],
  },
  {
    input: { seed: SEED_1, gameCode: 'KENO', drawNo: '1131171' },
    numbers: [44, 73, 18, 66, 45, 59, 65, 36, 68, 48, 10, 79, 3, 35, 13, 31, 19, 12, 26, 80],
  },
] as const;
/** SHA-256 of SEED_2's text. */
export const SEED_2_HASH = '3ec6b642e20a958291871c9ac5cded7ad0661205525ddc97378c260809de635e';
