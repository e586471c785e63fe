import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { HmacSha256 } from '../random';

// A fast lottery's or the e-lottery's draw (docs/decisions/0070-lottery-vendor.md and
// docs/product/lottery.md#draws-and-fairness): pure, so the vendor draws with it and its verifier page and
// `npm run verify -- lottery` recompute it from the same public inputs: the revealed seed (64 hex digits made when the draw was scheduled, its SHA-256 published
// before betting opened), the game's code and the draw's number.
//
// For round = 0, 1, 2, ...: h = HMAC-SHA256(key = the seed's UTF-8 text, message = `${gameCode}:${drawNo}:${round}`),
// read as eight 32-bit big-endian words w (0 .. 2^32 - 1), in order; the words of round 0, then those of round 1, ...
// A value among n (10 digits, or the numbers 1 .. max) takes the next word: a w at or above the largest multiple of n
// not above 2^32 is rejected (the next word), so that w mod n is exactly uniform. A digit is w mod 10; a number is
// w mod max + 1, and one already drawn is rejected too, so the numbers are distinct, in the order drawn.
//
// Rejection for bias is rare (a word is rejected with a chance of 6 in 2^32 for digits, 16 in 2^32 for 1 .. 80): two
// vectors found by search hit it (vectors.ts), and the tests also drive it with an HMAC of chosen words. A draw that
// has not finished after LOTTERY_DRAW_MAX_ROUNDS rounds throws a RangeError rather than spin (a chance far below
// 2^-1000).

export const LOTTERY_DRAW_ALGORITHM = 'hmac-sha256-lottery-v1';

/** The rounds (eight words each) a draw may read before it gives up. */
export const LOTTERY_DRAW_MAX_ROUNDS = 1_000;

/** The largest pool a distinct draw takes: one word must hold it with room to reject. */
export const LOTTERY_DRAW_MAX_POOL = 1_000_000;

const TWO_POW_32 = 4_294_967_296;

/** A game code or draw number: letters, digits, `_` and `-` (no `:`, which separates the message's parts). */
const DRAW_PART_PATTERN = /^[\w-]{1,64}$/;

export interface LotteryDrawInput {
  /** The revealed seed, used as its UTF-8 text (not decoded) as the HMAC key. */
  seed: string;
  /** The game, e.g. FAST5 or KENO. */
  gameCode: string;
  /** The draw's number within its game, e.g. 20261129-0001. */
  drawNo: string;
}

const nobleHmacSha256: HmacSha256 = (key, message) => hmac(sha256, key, message);

function checkInput(input: LotteryDrawInput): void {
  if (input.seed.length === 0) throw new RangeError('seed is empty');
  if (!DRAW_PART_PATTERN.test(input.gameCode)) throw new RangeError(`bad game code: ${input.gameCode}`);
  if (!DRAW_PART_PATTERN.test(input.drawNo)) throw new RangeError(`bad draw number: ${input.drawNo}`);
}

/** The draw's words in order (see the top of this file), read one at a time. */
function wordReader(input: LotteryDrawInput, mac: HmacSha256): () => number {
  const key = utf8ToBytes(input.seed);
  let round = 0;
  let words: number[] = [];
  let next = 0;
  return () => {
    if (next === words.length) {
      if (round === LOTTERY_DRAW_MAX_ROUNDS) {
        throw new RangeError(`lottery draw ${input.gameCode}:${input.drawNo}: not drawn in ${round} rounds`);
      }
      const bytes = mac(key, utf8ToBytes(`${input.gameCode}:${input.drawNo}:${round}`));
      words = [];
      for (let offset = 0; offset + 4 <= bytes.length; offset += 4) {
        words.push(
          ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0,
        );
      }
      round += 1;
      next = 0;
    }
    const word = words[next]!;
    next += 1;
    return word;
  };
}

/** The next unbiased value 0 .. n - 1 from the reader: words at or above the largest multiple of n are rejected. */
function uniformBelow(read: () => number, n: number): number {
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (;;) {
    const word = read();
    if (word < limit) return word % n;
  }
}

/** `count` digits 0 .. 9 (with repetition), e.g. the 5 of a fast lottery. */
export function drawDigits(input: LotteryDrawInput, count: number, mac: HmacSha256 = nobleHmacSha256): number[] {
  checkInput(input);
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('count must be 1 or more');
  const read = wordReader(input, mac);
  return Array.from({ length: count }, () => uniformBelow(read, 10));
}

/** `count` distinct numbers of 1 .. max, in the order drawn (the e-lottery: 20 of 80). */
export function drawDistinct(
  input: LotteryDrawInput,
  count: number,
  max: number,
  mac: HmacSha256 = nobleHmacSha256,
): number[] {
  checkInput(input);
  if (!Number.isSafeInteger(max) || max < 1 || max > LOTTERY_DRAW_MAX_POOL) {
    throw new RangeError(`max must be 1 .. ${LOTTERY_DRAW_MAX_POOL}`);
  }
  if (!Number.isSafeInteger(count) || count < 1 || count > max) throw new RangeError(`count must be 1 .. ${max}`);
  const read = wordReader(input, mac);
  const drawn: number[] = [];
  const seen = new Set<number>();
  while (drawn.length < count) {
    const number = uniformBelow(read, max) + 1;
    if (seen.has(number)) continue;
    seen.add(number);
    drawn.push(number);
  }
  return drawn;
}
