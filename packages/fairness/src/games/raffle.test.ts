import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nativeHmacSha256 } from '../test/native-hmac';
import { RAFFLE_VECTORS, SEED_1, SEED_1_HASH } from '../vectors';
import type { HmacSha256 } from '../random';
import {
  drawRaffleWinners,
  RAFFLE_ATTEMPTS_BEFORE_NARROWING,
  RAFFLE_MAX_TOTAL_TICKETS,
  RAFFLE_NARROWED_ATTEMPTS,
  raffleFirstTickets,
  verifyRaffle,
} from './raffle';

/**
 * A straight reading of the algorithm with node:crypto, linear scans and no shortcuts: the model. Its bound: after
 * `before` attempts a rank draws among the tickets left (those of entrants who have not won), up to `narrowed` more.
 */
function modelDraw(seed: string, raffleId: number, prizes: number, counts: number[], before = 65_536, narrowed = 64) {
  const owners = counts.flatMap((count, entry) => Array.from({ length: count }, () => entry));
  const total = owners.length;
  const winners: { rank: number; ticket: number; entry: number; attempt: number }[] = [];
  if (total === 0) return winners;
  const valueAt = (rank: number, attempt: number) =>
    createHmac('sha256', seed).update(`${raffleId}:${rank}:${attempt}`).digest().readUIntBE(0, 6);
  const hasWon = (entry: number) => winners.some((winner) => winner.entry === entry);
  for (let rank = 1; rank <= prizes && winners.length < counts.length; rank += 1) {
    const drawn = winners.length;
    for (let attempt = 0; attempt < before && winners.length === drawn; attempt += 1) {
      const value = valueAt(rank, attempt);
      if (value >= 2 ** 48 - (2 ** 48 % total)) continue;
      const ticket = (value % total) + 1;
      const entry = owners[ticket - 1]!;
      if (!hasWon(entry)) winners.push({ rank, ticket, entry, attempt });
    }
    if (winners.length > drawn) continue;
    // The tickets left, by their numbers in the whole list.
    const left = owners.map((entry, index) => ({ entry, ticket: index + 1 })).filter(({ entry }) => !hasWon(entry));
    for (let attempt = before; attempt < before + narrowed && winners.length === drawn; attempt += 1) {
      const value = valueAt(rank, attempt);
      if (value >= 2 ** 48 - (2 ** 48 % left.length)) continue;
      winners.push({ rank, ...left[value % left.length]!, attempt });
    }
    if (winners.length === drawn) throw new RangeError('exhausted');
  }
  return winners;
}

const seedArb = fc.stringMatching(/^[0-9a-f]{64}$/);
const countsArb = fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 0, maxLength: 30 });

describe('drawRaffleWinners', () => {
  it('draws the fixed vectors computed in Python', () => {
    for (const vector of RAFFLE_VECTORS) {
      expect(drawRaffleWinners({ ...vector.input, counts: [...vector.input.counts] })).toEqual(vector.winners);
    }
    expect(verifyRaffle({ ...RAFFLE_VECTORS[0].input, counts: [5, 1, 12, 3] }).seedHash).toBe(SEED_1_HASH);
  });

  it('numbers the tickets consecutively from 1 in the list order', () => {
    expect(raffleFirstTickets([5, 1, 12, 3])).toEqual([1, 6, 7, 19]);
    expect(raffleFirstTickets([])).toEqual([]);
  });

  it('draws nobody from an empty ticket list, and no more winners than entrants', () => {
    expect(drawRaffleWinners({ seed: SEED_1, raffleId: 3, prizes: 5, counts: [] })).toEqual([]);
    expect(drawRaffleWinners({ seed: SEED_1, raffleId: 3, prizes: 5, counts: [4] })).toHaveLength(1);
    expect(drawRaffleWinners({ seed: SEED_1, raffleId: 3, prizes: 0, counts: [4, 2] })).toEqual([]);
  });

  it('narrows a rank to the tickets left after 65,536 attempts: one entrant with all but two of 2^40 tickets', () => {
    let calls = 0;
    // Counts the HMACs: the unbounded loop needed about 2^40 for rank 2 (it stops the test instead).
    const counted: HmacSha256 = (key, message) => {
      calls += 1;
      if (calls > 1_000_000) throw new Error('the draw keeps rejecting');
      return nativeHmacSha256(key, message);
    };
    const counts = [RAFFLE_MAX_TOTAL_TICKETS - 2, 1, 1];
    const winners = drawRaffleWinners({ seed: SEED_1, raffleId: 11, prizes: 5, counts }, counted);
    // Three winners for three entrants (never more prizes than entrants), the two small ones narrowed.
    expect(winners.map((winner) => [winner.rank, winner.entry])).toEqual([
      [1, 0],
      [2, expect.any(Number)],
      [3, expect.any(Number)],
    ]);
    expect(new Set(winners.map((winner) => winner.entry))).toEqual(new Set([0, 1, 2]));
    expect(winners.slice(1).every((winner) => winner.attempt >= RAFFLE_ATTEMPTS_BEFORE_NARROWING)).toBe(true);
    expect(winners.find((winner) => winner.entry === 2)!.ticket).toBe(RAFFLE_MAX_TOTAL_TICKETS);
    expect(calls).toBeLessThan(2 * RAFFLE_ATTEMPTS_BEFORE_NARROWING + 2 * RAFFLE_NARROWED_ATTEMPTS + 10);
  });

  it('gives up a rank with a RangeError after its bounded attempts instead of spinning', () => {
    let calls = 0;
    // Every attempt's value is 2^48 - 1, at or above the limit of 3 tickets: each attempt is rejected.
    const rejecting: HmacSha256 = () => {
      calls += 1;
      if (calls > 1_000_000) throw new Error('the draw keeps rejecting');
      return new Uint8Array(32).fill(0xff);
    };
    expect(() => drawRaffleWinners({ seed: SEED_1, raffleId: 1, prizes: 1, counts: [2, 1] }, rejecting)).toThrow(
      new RangeError(
        `raffle rank 1: no ticket drawn in ${RAFFLE_ATTEMPTS_BEFORE_NARROWING + RAFFLE_NARROWED_ATTEMPTS} attempts`,
      ),
    );
    expect(calls).toBe(RAFFLE_ATTEMPTS_BEFORE_NARROWING + RAFFLE_NARROWED_ATTEMPTS);
  });

  it('refuses inputs it cannot draw from', () => {
    expect(() => drawRaffleWinners({ seed: '', raffleId: 1, prizes: 1, counts: [1] })).toThrow(RangeError);
    expect(() => drawRaffleWinners({ seed: SEED_1, raffleId: 0, prizes: 1, counts: [1] })).toThrow(RangeError);
    expect(() => drawRaffleWinners({ seed: SEED_1, raffleId: 1, prizes: 1, counts: [0] })).toThrow(RangeError);
    expect(() => drawRaffleWinners({ seed: SEED_1, raffleId: 1, prizes: 1, counts: [2 ** 41] })).toThrow(RangeError);
  });

  it('matches the model: winners by rank, distinct entrants, each holding its ticket, recomputable', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 8 }),
        countsArb,
        (seed, id, prizes, counts) => {
          const winners = drawRaffleWinners({ seed, raffleId: id, prizes, counts });
          expect(winners).toEqual(modelDraw(seed, id, prizes, counts));
          expect(winners).toHaveLength(Math.min(prizes, counts.length));
          expect(winners.map((winner) => winner.rank)).toEqual(winners.map((_, index) => index + 1));
          expect(new Set(winners.map((winner) => winner.entry)).size).toBe(winners.length);
          const firsts = raffleFirstTickets(counts);
          for (const winner of winners) {
            expect(winner.ticket).toBeGreaterThanOrEqual(firsts[winner.entry]!);
            expect(winner.ticket).toBeLessThan(firsts[winner.entry]! + counts[winner.entry]!);
          }
          // The same inputs, another HMAC implementation: the same winners.
          expect(drawRaffleWinners({ seed, raffleId: id, prizes, counts }, nativeHmacSha256)).toEqual(winners);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('picks the first prize uniformly over the tickets (chi-square over 20,000 draws)', () => {
    const total = 10;
    const hits = new Array<number>(total).fill(0);
    const draws = 20_000;
    for (let raffleId = 1; raffleId <= draws; raffleId += 1) {
      const [first] = drawRaffleWinners(
        { seed: SEED_1, raffleId, prizes: 1, counts: new Array(total).fill(1) },
        nativeHmacSha256,
      );
      hits[first!.ticket - 1]! += 1;
    }
    const expected = draws / total;
    const chiSquare = hits.reduce((sum, hit) => sum + (hit - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: above 27.88 one time in a thousand for a uniform draw.
    expect(chiSquare).toBeLessThan(27.88);
  });
});
