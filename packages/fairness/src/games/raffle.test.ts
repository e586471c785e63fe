import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nativeHmacSha256 } from '../test/native-hmac';
import { RAFFLE_VECTORS, SEED_1, SEED_1_HASH } from '../vectors';
import { drawRaffleWinners, raffleFirstTickets, verifyRaffle } from './raffle';

/** A straight reading of the algorithm with node:crypto, linear scans and no shortcuts: the model. */
function modelDraw(seed: string, raffleId: number, prizes: number, counts: number[]) {
  const owners = counts.flatMap((count, entry) => Array.from({ length: count }, () => entry));
  const total = owners.length;
  const winners: { rank: number; ticket: number; entry: number; attempt: number }[] = [];
  if (total === 0) return winners;
  const limit = 2 ** 48 - (2 ** 48 % total);
  for (let rank = 1; rank <= prizes && winners.length < counts.length; rank += 1) {
    for (let attempt = 0; ; attempt += 1) {
      const value = createHmac('sha256', seed).update(`${raffleId}:${rank}:${attempt}`).digest().readUIntBE(0, 6);
      if (value >= limit) continue;
      const ticket = (value % total) + 1;
      const entry = owners[ticket - 1]!;
      if (winners.some((winner) => winner.entry === entry)) continue;
      winners.push({ rank, ticket, entry, attempt });
      break;
    }
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
