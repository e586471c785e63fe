import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HmacSha256 } from '../random';
import { chiSquare } from '../test/chi-square';
import { nativeHmacSha256 } from '../test/native-hmac';
import { LOTTERY_VECTORS, SEED_1, SEED_1_HASH, SEED_2, SEED_2_HASH } from '../vectors';
import { drawDigits, drawDistinct, LOTTERY_DRAW_MAX_ROUNDS, type LotteryDrawInput } from './draw';
import { drawFast } from './fast';
import { drawKeno } from './keno';
import { lotteryDrawNumbers, lotteryProofMatches, verifyLotteryDraw } from './verify';

/** A straight reading of the algorithm with node:crypto and Buffer reads: the model. */
function modelWords(input: LotteryDrawInput): () => number {
  const queue: number[] = [];
  let round = 0;
  return () => {
    if (queue.length === 0) {
      const digest = createHmac('sha256', input.seed).update(`${input.gameCode}:${input.drawNo}:${round}`).digest();
      for (let index = 0; index < 8; index += 1) queue.push(digest.readUInt32BE(index * 4));
      round += 1;
    }
    return queue.shift()!;
  };
}

function modelDigits(input: LotteryDrawInput, count: number): number[] {
  const next = modelWords(input);
  const digits: number[] = [];
  while (digits.length < count) {
    const word = next();
    if (word < 4_294_967_290) digits.push(word % 10);
  }
  return digits;
}

function modelDistinct(input: LotteryDrawInput, count: number, max: number): number[] {
  const next = modelWords(input);
  const numbers: number[] = [];
  while (numbers.length < count) {
    const word = next();
    if (word >= 2 ** 32 - (2 ** 32 % max)) continue;
    if (!numbers.includes((word % max) + 1)) numbers.push((word % max) + 1);
  }
  return numbers;
}

/** The first five words mod 10, none rejected: what a biased draw would have read. */
function modelDigitsWithoutRejection(digest: Buffer): number[] {
  return Array.from({ length: 5 }, (_, index) => digest.readUInt32BE(index * 4) % 10);
}

/** An HMAC that answers each round with chosen words (then repeats the last round's). */
function wordsMac(rounds: number[][]): { mac: HmacSha256; calls: () => number } {
  let calls = 0;
  const mac: HmacSha256 = (_key, message) => {
    const round = Number(new TextDecoder().decode(message).split(':')[2]);
    calls += 1;
    const bytes = new Uint8Array(32);
    const view = new DataView(bytes.buffer);
    rounds[Math.min(round, rounds.length - 1)]!.forEach((word, index) => view.setUint32(index * 4, word));
    return bytes;
  };
  return { mac, calls: () => calls };
}

const partArb = fc.stringMatching(/^[\w-]{1,20}$/);
const inputArb = fc.record({ seed: fc.stringMatching(/^[0-9a-f]{64}$/), gameCode: partArb, drawNo: partArb });

describe('lottery draws', () => {
  it('draws the fixed vectors computed in Python', () => {
    for (const { input, numbers } of LOTTERY_VECTORS) {
      const drawn = input.gameCode === 'KENO' ? drawKeno(input).numbers : drawFast(input).digits;
      expect(drawn).toEqual(numbers);
      expect(lotteryDrawNumbers(input, nativeHmacSha256)).toEqual(numbers);
    }
    const [first] = LOTTERY_VECTORS;
    expect(verifyLotteryDraw(first.input)).toEqual({
      algorithm: 'hmac-sha256-lottery-v1',
      gameCode: 'FAST1',
      drawNo: '20261129-0001',
      seedHash: SEED_1_HASH,
      numbers: [6, 9, 3, 3, 2],
    });
    expect(verifyLotteryDraw({ seed: SEED_2, gameCode: 'KENO', drawNo: '1' }).seedHash).toBe(SEED_2_HASH);
  });

  it('matches the model on random seeds, games, draws, counts and pools', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 100 }), (input, count, max) => {
        expect(drawDigits(input, count)).toEqual(modelDigits(input, count));
        const distinct = drawDistinct(input, Math.min(count, max), max);
        expect(distinct).toEqual(modelDistinct(input, Math.min(count, max), max));
        expect(new Set(distinct).size).toBe(distinct.length);
        expect(distinct.every((number) => number >= 1 && number <= max)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('rejects a word for bias in the vectors found by search: FAST5 122183717 and KENO 1131171', () => {
    const fast = createHmac('sha256', SEED_1).update('FAST5:122183717:0').digest();
    expect(fast.readUInt32BE(8)).toBe(4_294_967_293);
    expect(fast.readUInt32BE(8)).toBeGreaterThanOrEqual(2 ** 32 - 6);
    // Kept, that word would have been the third digit (3) and shifted the two after it.
    expect(drawFast({ seed: SEED_1, gameCode: 'FAST5', drawNo: '122183717' }).digits).toEqual([2, 5, 3, 8, 4]);
    expect(modelDigitsWithoutRejection(fast)).toEqual([2, 5, 3, 3, 8]);
    const digest = createHmac('sha256', SEED_1).update('KENO:1131171:0').digest();
    expect(digest.readUInt32BE(16)).toBe(4_294_967_283);
    expect(digest.readUInt32BE(16)).toBeGreaterThanOrEqual(2 ** 32 - 16);
    // Without the rejection, that word would have been the fifth number (4,294,967,283 mod 80 + 1 = 4).
    expect(drawKeno({ seed: SEED_1, gameCode: 'KENO', drawNo: '1131171' }).numbers[4]).not.toBe(4);
  });

  it('rejects words at or above the largest multiple of the pool, and reads on into the next round', () => {
    const top = 2 ** 32 - 1;
    // Digits: 4,294,967,290 is the first rejected word (a multiple of 10), 4,294,967,289 the last kept (9).
    const digits = wordsMac([
      [top, 4_294_967_290, 4_294_967_289, 13, top, top, top, top],
      [25, 36, 47, 58, 69, 70, 81, 92],
    ]);
    expect(drawDigits({ seed: 's', gameCode: 'G', drawNo: '1' }, 5, digits.mac)).toEqual([9, 3, 5, 6, 7]);
    expect(digits.calls()).toBe(2);
    // 1 .. 80: 2^32 - 16 is rejected, 2^32 - 17 (mod 80 = 79) gives 80, 0 gives 1; 159 and 79 (80 again) and 80
    // (1 again) are skipped.
    const distinct = wordsMac([[2 ** 32 - 16, 2 ** 32 - 17, 159, 0, 79, 80, 1, top]]);
    expect(drawDistinct({ seed: 's', gameCode: 'G', drawNo: '1' }, 3, 80, distinct.mac)).toEqual([80, 1, 2]);
  });

  it('gives up with a RangeError after its bounded rounds instead of spinning', () => {
    const rejecting = wordsMac([new Array<number>(8).fill(2 ** 32 - 1)]);
    expect(() => drawDigits({ seed: 's', gameCode: 'G', drawNo: '1' }, 1, rejecting.mac)).toThrow(RangeError);
    expect(rejecting.calls()).toBe(LOTTERY_DRAW_MAX_ROUNDS);
  });

  it('refuses inputs it cannot draw from', () => {
    const input = { seed: SEED_1, gameCode: 'FAST5', drawNo: '20261129-0001' };
    expect(() => drawDigits({ ...input, seed: '' }, 5)).toThrow(RangeError);
    expect(() => drawDigits({ ...input, gameCode: 'FAST:5' }, 5)).toThrow(RangeError);
    expect(() => drawDigits({ ...input, drawNo: '' }, 5)).toThrow(RangeError);
    expect(() => drawDigits(input, 0)).toThrow(RangeError);
    expect(() => drawDistinct(input, 81, 80)).toThrow(RangeError);
    expect(() => drawDistinct(input, 1, 0)).toThrow(RangeError);
    expect(() => lotteryDrawNumbers({ ...input, gameCode: 'VN_NORTH' })).toThrow(RangeError);
  });

  it('matches a proof by seed hash and numbers: the fast digits in order, keno in any order', () => {
    const fast = verifyLotteryDraw(LOTTERY_VECTORS[2].input);
    const fastProof = { ...LOTTERY_VECTORS[2].input, seedHash: SEED_1_HASH.toUpperCase(), numbers: [2, 1, 3, 4, 7] };
    expect(lotteryProofMatches(fastProof, fast)).toBe(true);
    expect(lotteryProofMatches({ ...fastProof, numbers: [1, 2, 3, 4, 7] }, fast)).toBe(false);
    expect(lotteryProofMatches({ ...fastProof, seedHash: SEED_2_HASH }, fast)).toBe(false);
    const keno = verifyLotteryDraw(LOTTERY_VECTORS[9].input);
    const sorted = [...LOTTERY_VECTORS[9].numbers].sort((a, b) => a - b);
    expect(lotteryProofMatches({ ...LOTTERY_VECTORS[9].input, seedHash: SEED_1_HASH, numbers: sorted }, keno)).toBe(
      true,
    );
    // 3 replaced by 80, which this draw did not draw.
    const swapped = [...sorted.slice(1), 80];
    expect(lotteryProofMatches({ ...LOTTERY_VECTORS[9].input, seedHash: SEED_1_HASH, numbers: swapped }, keno)).toBe(
      false,
    );
  });

  it('draws each digit of each position uniformly (chi-square over 20,000 fast draws)', () => {
    const counts = Array.from({ length: 5 }, () => new Array<number>(10).fill(0));
    for (let draw = 0; draw < 20_000; draw += 1) {
      drawDigits({ seed: SEED_1, gameCode: 'FAST1', drawNo: String(draw) }, 5, nativeHmacSha256).forEach(
        (digit, position) => (counts[position]![digit]! += 1),
      );
    }
    // Five tests at 1 in 10,000 each: a fair draw fails one of them about once in 2,000 runs of a new seed.
    for (const position of counts) expect(chiSquare(position).pValue).toBeGreaterThan(1e-4);
  });

  it('draws every keno number equally often, first or twentieth (chi-square over 10,000 draws)', () => {
    const all = new Array<number>(80).fill(0);
    const first = new Array<number>(80).fill(0);
    const last = new Array<number>(80).fill(0);
    for (let draw = 0; draw < 10_000; draw += 1) {
      const numbers = drawDistinct({ seed: SEED_2, gameCode: 'KENO', drawNo: String(draw) }, 20, 80, nativeHmacSha256);
      numbers.forEach((number) => (all[number - 1]! += 1));
      first[numbers[0]! - 1]! += 1;
      last[numbers[19]! - 1]! += 1;
    }
    expect(chiSquare(all).pValue).toBeGreaterThan(1e-4);
    expect(chiSquare(first).pValue).toBeGreaterThan(1e-4);
    expect(chiSquare(last).pValue).toBeGreaterThan(1e-4);
  });
});
