import { FAST_BET_TYPES, LOTTERY_PRIZE_MODES, fastRules, kenoRules, type LotteryBet } from '@parlay/fairness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slipExposure, slipPayout } from './lottery-draws';
import { LOTTERY_GAMES, LOTTERY_GAME_CODES, drawSlot, gameDrawSlot, type DrawResult } from './lottery-games';
import type { SlipBet } from './lottery.repository';

const at = (text: string) => Date.parse(text);

describe(drawSlot.name, () => {
  it('numbers the draws of a day from 0001, the one at midnight closing the day before', () => {
    expect(drawSlot(LOTTERY_GAMES.FAST1, at('2026-11-29T00:00:30Z'), 0)).toEqual({
      drawNo: '20261129-0001',
      opensAt: at('2026-11-28T23:59:50Z'),
      closesAt: at('2026-11-29T00:00:50Z'),
      drawsAt: at('2026-11-29T00:01:00Z'),
    });
    expect(drawSlot(LOTTERY_GAMES.FAST1, at('2026-11-29T23:59:00Z'), 0).drawNo).toBe('20261129-1440');
    expect(drawSlot(LOTTERY_GAMES.FAST5, at('2026-11-29T23:59:59Z'), 0).drawNo).toBe('20261129-0288');
    expect(drawSlot(LOTTERY_GAMES.KENO, at('2026-11-30T00:00:00Z'), 1).drawNo).toBe('20261130-0002');
    expect(drawSlot(LOTTERY_GAMES.FAST3, at('2026-11-29T12:00:00Z'), 0).drawNo).toBe('20261129-0241');
  });

  it('gives every moment one draw taking bets, closing before it draws, numbered apart from every other', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOTTERY_GAME_CODES),
        fc.integer({ min: at('2026-01-01T00:00:00Z'), max: at('2030-01-01T00:00:00Z') }),
        (code, now) => {
          const game = LOTTERY_GAMES[code];
          // The Vietnamese draws too, on their companies' weekly schedule.
          const slots = [0, 1, 2].map((offset) => gameDrawSlot(game, now, offset));
          for (const slot of slots) {
            expect(slot.opensAt).toBeLessThan(slot.closesAt);
            expect(slot.drawsAt - slot.closesAt).toBe(game.defaultCloseSeconds * 1000);
            expect(slot.drawNo).toMatch(/^\d{8}-\d{4}$/);
          }
          expect(slots[0]!.drawsAt).toBeGreaterThan(now);
          // Each draw opens as the one before closes; the numbers differ.
          expect(slots[1]!.opensAt).toBe(slots[0]!.closesAt);
          expect(new Set(slots.map((slot) => slot.drawNo)).size).toBe(3);
          // The draw taking bets at `now` is the next one or, in its closing seconds, the one after it.
          const taking = slots.find((slot) => slot.opensAt <= now && now < slot.closesAt);
          expect(taking === undefined ? now >= slots[0]!.closesAt : true).toBe(true);
        },
      ),
    );
  });
});

const fastBet = fc.oneof(
  fc.record({
    betType: fc.constant('digit'),
    selection: fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 9 })).map(([p, d]) => [`${p}:${d}`]),
  }),
  fc.record({
    betType: fc.constantFrom('big_small', 'odd_even'),
    selection: fc
      .constantFrom('1', '2', '3', '4', '5', 'sum')
      .chain((where) => fc.constantFrom('big', 'small', 'odd', 'even').map((what) => [`${where}:${what}`])),
  }),
  fc.record({ betType: fc.constant('sum'), selection: fc.integer({ min: 0, max: 45 }).map((n) => [String(n)]) }),
  fc.record({
    betType: fc.constantFrom('front3', 'middle3', 'back3'),
    selection: fc.constantFrom('triple', 'straight', 'pair', 'mixed').map((kind) => [kind]),
  }),
  fc.record({
    betType: fc.constant('dragon_tiger'),
    selection: fc.constantFrom('dragon', 'tiger', 'tie').map((option) => [option]),
  }),
);

const kenoBet = fc.oneof(
  fc
    .uniqueArray(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 10 })
    .map((numbers) => ({ betType: `pick${numbers.length}`, selection: numbers.map(String) })),
  fc.record({
    betType: fc.constantFrom('big_small', 'odd_even'),
    selection: fc.constantFrom('big', 'small', 'odd', 'even', 'tie').map((option) => [option]),
  }),
);

/** The slip's bets as the vendor keeps them: only those the rules take, with their mode's odds. */
function keep(
  family: typeof fastRules | typeof kenoRules,
  bets: { betType: string; selection: string[] }[],
  stakes: number[],
  mode: (typeof LOTTERY_PRIZE_MODES)[number],
): SlipBet[] {
  const odds = family.defaultOdds(mode);
  return bets
    .map((bet, index) => ({ ...bet, stakeMinor: stakes[index % stakes.length]!, odds: { ...odds } }))
    .filter((bet: LotteryBet & { odds: Record<string, number> }) => family.checkBet(bet, odds) === null);
}

describe("a slip's liability", () => {
  it("bounds what it pays on any draw: each key it could win on holds at least that key's share", () => {
    let betsKept = 0;
    fc.assert(
      fc.property(
        fc.constantFrom('FAST1', 'KENO'),
        fc.array(fc.integer({ min: 100, max: 100_000 }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...LOTTERY_PRIZE_MODES),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 5, maxLength: 5 }),
        fc.shuffledSubarray(
          Array.from({ length: 80 }, (_, index) => index + 1),
          { minLength: 20, maxLength: 20 },
        ),
        fc.array(fc.oneof(fastBet, kenoBet), { minLength: 1, maxLength: 8 }),
        (code, stakes, mode, digits, numbers, bets) => {
          const game = LOTTERY_GAMES[code];
          const family = game.rules.family === 'fast' ? fastRules : kenoRules;
          const kept = keep(family, bets, stakes, mode);
          betsKept += kept.length;
          const slip = { gameCode: code, bets: kept };
          const result: DrawResult = game.rules.family === 'fast' ? { digits } : { numbers };
          const exposure = slipExposure(slip);
          const held = [...exposure.values()].reduce((sum, amount) => sum + amount, 0);
          const payout = slipPayout(slip, result);
          // Each bet pays at most its own exposure, so the slip at most the sum held in the draw's liability.
          expect(payout).toBeLessThanOrEqual(held);
          for (const bet of kept) {
            const own = game.rules.exposure(bet, bet.odds).reduce((sum, entry) => sum + entry.payoutMinor, 0);
            expect(game.rules.settle(bet, result, bet.odds)).toBeLessThanOrEqual(own);
          }
        },
      ),
    );
    // The generators make bets the rules take, not only refused ones.
    expect(betsKept).toBeGreaterThan(100);
  });

  it('uses the family of its game', () => {
    expect(LOTTERY_GAMES.FAST5.rules.betTypes).toEqual(FAST_BET_TYPES);
    expect(LOTTERY_GAMES.KENO.rules.family).toBe('keno');
  });
});
