import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  KENO_BET_TYPES,
  KENO_DRAWN,
  KENO_POOL,
  KENO_SUM_TIE,
  KENO_SUM_TIE_WAYS,
  kenoPickOdds,
  kenoRules,
  type KenoResult,
} from './keno';
import { LOTTERY_TARGET_RTP_BASIS_POINTS } from './pricing';
import { LOTTERY_PRIZE_MODES, type LotteryBet, type LotteryOdds } from './types';

// The second implementation: docs/product/lottery.md#e-lottery read plainly, and the chances from Pascal's triangle.

/** C(n, k) for n ≤ 80 from Pascal's triangle. */
const PASCAL: bigint[][] = [[1n]];
for (let n = 1; n <= 80; n += 1) {
  PASCAL.push(Array.from({ length: n + 1 }, (_, k) => (PASCAL[n - 1]![k - 1] ?? 0n) + (PASCAL[n - 1]![k] ?? 0n)));
}
const C = (n: number, k: number) => (k < 0 || k > n ? 0n : PASCAL[n]![k]!);
const DRAWS = C(80, 20);

/** Of the C(80, 20) draws, how many add up to each sum: subsets counted by size and sum, number by number. */
function drawsBySum(): bigint[] {
  const maxSum = 1_410;
  let table = Array.from({ length: 21 }, () => new Array<bigint>(maxSum + 1).fill(0n));
  table[0]![0] = 1n;
  for (let number = 1; number <= 80; number += 1) {
    const next = table.map((row) => [...row]);
    for (let size = 1; size <= 20; size += 1) {
      for (let sum = number; sum <= maxSum; sum += 1) next[size]![sum]! += table[size - 1]![sum - number]!;
    }
    table = next;
  }
  return table[20]!;
}

function modelSettle(bet: LotteryBet, numbers: readonly number[], odds: LotteryOdds): number {
  const pay = (key: string) => (odds[key] ? Math.floor((bet.stakeMinor * odds[key]) / 100) : 0);
  if (bet.betType.startsWith('pick')) {
    let hits = 0;
    for (const text of bet.selection) if (numbers.includes(parseInt(text, 10))) hits += 1;
    return pay(`${bet.betType}:${hits}`);
  }
  const [option] = bet.selection;
  let outcome: string;
  if (bet.betType === 'big_small') {
    const sum = numbers.reduce((total, number) => total + number, 0);
    outcome = sum === 810 ? 'tie' : sum > 810 ? 'big' : 'small';
  } else {
    const odd = numbers.filter((number) => number % 2 === 1).length;
    outcome = odd === 10 ? 'tie' : odd > 10 ? 'odd' : 'even';
  }
  if (outcome !== option) return 0;
  return pay(option === 'tie' ? `${bet.betType}:tie` : bet.betType);
}

/** The exact return of a pickN table in basis points: Σ odds/100 × P(hits) × 10,000, as a fraction. */
function pickReturn(picked: number, odds: LotteryOdds): { times: bigint; over: bigint } {
  let times = 0n;
  for (let hits = 0; hits <= picked; hits += 1) {
    times += BigInt(odds[`pick${picked}:${hits}`] ?? 0) * C(20, hits) * C(60, picked - hits) * 100n;
  }
  return { times, over: C(80, picked) };
}

const resultArb = fc
  .shuffledSubarray(
    Array.from({ length: 80 }, (_, index) => index + 1),
    { minLength: 20, maxLength: 20 },
  )
  .map((numbers): KenoResult => ({ numbers }));
const pickBetArb = fc.integer({ min: 1, max: 10 }).chain((picked) =>
  fc.record({
    betType: fc.constant(`pick${picked}`),
    selection: fc
      .shuffledSubarray(
        Array.from({ length: 80 }, (_, index) => index + 1),
        { minLength: picked, maxLength: picked },
      )
      .chain((numbers) =>
        fc.tuple(...numbers.map((number) => fc.constantFrom(String(number), String(number).padStart(2, '0')))),
      ),
    stakeMinor: fc.integer({ min: 1, max: 100_000_000 }),
  }),
);
const optionBetArb = fc.record({
  betType: fc.constantFrom('big_small', 'odd_even'),
  selection: fc.constantFrom(['big'], ['small'], ['odd'], ['even'], ['tie']),
  stakeMinor: fc.integer({ min: 1, max: 100_000_000 }),
});
const betArb = fc.oneof(pickBetArb, optionBetArb);

describe('e-lottery (keno) rules', () => {
  it('takes pick1 .. pick10, big_small and odd_even', () => {
    expect(kenoRules.betTypes).toEqual(KENO_BET_TYPES);
    expect(KENO_BET_TYPES).toEqual([
      ...['pick1', 'pick2', 'pick3', 'pick4', 'pick5', 'pick6', 'pick7', 'pick8', 'pick9', 'pick10'],
      'big_small',
      'odd_even',
    ]);
    expect([KENO_DRAWN, KENO_POOL, KENO_SUM_TIE]).toEqual([20, 80, 810]);
  });

  it('settles as the model on random draws, bets, stakes and odds', () => {
    fc.assert(
      fc.property(
        resultArb,
        betArb,
        fc.constantFrom(...LOTTERY_PRIZE_MODES),
        fc.boolean(),
        (result, bet, mode, shuffleOdds) => {
          let odds = kenoRules.defaultOdds(mode);
          // Another table: the same keys with their odds rotated, so that a wrong key pays the wrong amount.
          if (shuffleOdds) {
            const keys = Object.keys(odds);
            odds = Object.fromEntries(keys.map((key, index) => [key, odds[keys[(index + 1) % keys.length]!]!]));
          }
          const valid = kenoRules.checkBet(bet, odds) === null;
          const options = bet.betType === 'big_small' ? ['big', 'small', 'tie'] : ['odd', 'even', 'tie'];
          expect(valid).toBe(bet.betType.startsWith('pick') || options.includes(bet.selection[0]));
          if (!valid) {
            expect(() => kenoRules.settle(bet, result, odds)).toThrow(RangeError);
            return;
          }
          const paid = kenoRules.settle(bet, result, odds);
          expect(paid).toBe(modelSettle(bet, result.numbers, odds));
          const exposure = kenoRules.exposure(bet, odds);
          if (bet.betType.startsWith('pick')) {
            const picked = bet.selection.length;
            const best = Math.max(
              ...Array.from({ length: picked + 1 }, (_, hits) => odds[`pick${picked}:${hits}`] ?? 0),
            );
            const payoutMinor = Math.floor((bet.stakeMinor * best) / 100);
            expect(exposure).toEqual(bet.selection.map((text) => ({ key: `n:${parseInt(text, 10)}`, payoutMinor })));
          } else {
            const key = bet.selection[0] === 'tie' ? `${bet.betType}:tie` : bet.betType;
            expect(exposure).toEqual([
              {
                key: `${bet.betType}:${bet.selection[0]}`,
                payoutMinor: Math.floor((bet.stakeMinor * odds[key]!) / 100),
              },
            ]);
          }
          expect(paid).toBeLessThanOrEqual(exposure[0]!.payoutMinor);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('counts the draws adding up to 810 as the constant says, and big as many as small', () => {
    const bySum = drawsBySum();
    expect(bySum.reduce((total, ways) => total + ways, 0n)).toBe(DRAWS);
    expect(bySum[810]).toBe(KENO_SUM_TIE_WAYS);
    const big = bySum.slice(811).reduce((total, ways) => total + ways, 0n);
    const small = bySum.slice(0, 810).reduce((total, ways) => total + ways, 0n);
    expect(big).toBe(small);
    expect(big * 2n + KENO_SUM_TIE_WAYS).toBe(DRAWS);
  });

  it("returns each pickN table's exact hypergeometric RTP within 0.2% below its mode's target", () => {
    for (const mode of LOTTERY_PRIZE_MODES) {
      const odds = kenoRules.defaultOdds(mode);
      const target = BigInt(LOTTERY_TARGET_RTP_BASIS_POINTS[mode]);
      for (let picked = 1; picked <= 10; picked += 1) {
        const { times, over } = pickReturn(picked, odds);
        expect(times).toBeLessThanOrEqual(target * over);
        expect(times).toBeGreaterThanOrEqual((target - 20n) * over);
        expect(kenoPickOdds(picked, LOTTERY_TARGET_RTP_BASIS_POINTS[mode])).toEqual(
          Object.fromEntries(Object.entries(odds).filter(([key]) => key.startsWith(`pick${picked}:`))),
        );
      }
    }
  });

  it('returns the pick RTPs and pays the prizes stated in docs/product/lottery.md (Lott)', () => {
    const odds = kenoRules.defaultOdds('Lott');
    const basisPoints = Array.from({ length: 10 }, (_, index) => {
      const { times, over } = pickReturn(index + 1, odds);
      return Number((times * 100n) / over) / 100;
    });
    expect(basisPoints).toEqual([
      9750, 9746.51, 9744.66, 9741.24, 9748.24, 9745.67, 9747.17, 9742.44, 9739.95, 9745.15,
    ]);
    expect(odds['pick1:1']).toBe(390);
    expect([odds['pick5:3'], odds['pick5:4'], odds['pick5:5']]).toEqual([321, 2_408, 64_226]);
    expect(odds['pick10:10']).toBe(14_534_854);
  });

  it("prices big/small and odd/even (ties lose) at the largest hundredths within the mode's target", () => {
    const oddTie = C(40, 10) * C(40, 10);
    const chances: [string, bigint][] = [
      ['big_small', (DRAWS - KENO_SUM_TIE_WAYS) / 2n],
      ['big_small:tie', KENO_SUM_TIE_WAYS],
      ['odd_even', (DRAWS - oddTie) / 2n],
      ['odd_even:tie', oddTie],
    ];
    for (const mode of LOTTERY_PRIZE_MODES) {
      const odds = kenoRules.defaultOdds(mode);
      const target = BigInt(LOTTERY_TARGET_RTP_BASIS_POINTS[mode]);
      for (const [key, ways] of chances) {
        // odds / 100 × ways / DRAWS ≤ target / 10,000 ⇔ odds × ways × 100 ≤ target × DRAWS.
        expect(BigInt(odds[key]!) * ways * 100n).toBeLessThanOrEqual(target * DRAWS);
        expect(BigInt(odds[key]! + 1) * ways * 100n).toBeGreaterThan(target * DRAWS);
      }
    }
    expect(kenoRules.defaultOdds('Lott')).toMatchObject({
      big_small: 195,
      'big_small:tie': 22_177,
      odd_even: 244,
      'odd_even:tie': 479,
    });
  });

  it('settles the ties: big and small lose on 810, odd and even on 10 and 10', () => {
    const odds = kenoRules.defaultOdds('SEA');
    // 1..10 and 71..80: sum 55 + 755 = 810, five odd and five even in each half.
    const tie: KenoResult = {
      numbers: [...Array.from({ length: 10 }, (_, i) => i + 1), ...Array.from({ length: 10 }, (_, i) => i + 71)],
    };
    const settle = (betType: string, option: string) =>
      kenoRules.settle({ betType, selection: [option], stakeMinor: 1_000 }, tie, odds);
    expect([settle('big_small', 'big'), settle('big_small', 'small'), settle('big_small', 'tie')]).toEqual([
      0,
      0,
      odds['big_small:tie']! * 10,
    ]);
    expect([settle('odd_even', 'odd'), settle('odd_even', 'even'), settle('odd_even', 'tie')]).toEqual([
      0,
      0,
      odds['odd_even:tie']! * 10,
    ]);
  });

  it('refuses a bad bet with its code', () => {
    const odds = kenoRules.defaultOdds('ZY');
    const check = (betType: string, selection: string[], stakeMinor = 100, table: LotteryOdds = odds) =>
      kenoRules.checkBet({ betType, selection, stakeMinor }, table);
    expect(check('pick11', ['1'])).toBe('UNKNOWN_BET_TYPE');
    expect(check('pick0', [])).toBe('UNKNOWN_BET_TYPE');
    expect(check('digit', ['1:7'])).toBe('UNKNOWN_BET_TYPE');
    expect(check('pick3', ['1', '2'])).toBe('SELECTION_COUNT');
    expect(check('big_small', ['big', 'small'])).toBe('SELECTION_COUNT');
    for (const number of ['0', '81', '007', '7.0', 'seven', ' 7', '-1']) {
      expect(check('pick2', ['5', number])).toBe('BAD_SELECTION');
    }
    expect(check('big_small', ['odd'])).toBe('BAD_SELECTION');
    expect(check('odd_even', ['810'])).toBe('BAD_SELECTION');
    expect(check('pick3', ['7', '07', '9'])).toBe('DUPLICATE_NUMBER');
    for (const stake of [0, -1, 0.5, Number.NaN]) expect(check('pick1', ['80'], stake)).toBe('BAD_STAKE');
    expect(check('pick10', ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], 10 ** 12)).toBe('BAD_STAKE');
    expect(check('pick3', ['1', '2', '3'], 100, { 'pick4:4': 1_000 })).toBe('ODDS_MISSING');
    expect(check('pick3', ['1', '2', '3'], 100, { 'pick3:3': 0 })).toBe('ODDS_MISSING');
    expect(check('big_small', ['tie'], 100, { big_small: 195 })).toBe('ODDS_MISSING');
    // A pick table may name only its top prize; the other hit counts pay nothing.
    expect(check('pick3', ['1', '2', '3'], 100, { 'pick3:3': 5_000 })).toBe(null);
  });

  it('refuses to settle a malformed result', () => {
    const odds = kenoRules.defaultOdds('Elott');
    const bet = { betType: 'pick1', selection: ['7'], stakeMinor: 100 };
    const numbers = Array.from({ length: 20 }, (_, index) => index + 1);
    expect(kenoRules.settle(bet, { numbers }, odds)).toBe(Math.floor(odds['pick1:1']!));
    expect(() => kenoRules.settle(bet, { numbers: numbers.slice(1) }, odds)).toThrow(RangeError);
    expect(() => kenoRules.settle(bet, { numbers: [...numbers.slice(1), 2] }, odds)).toThrow(RangeError);
    expect(() => kenoRules.settle(bet, { numbers: [...numbers.slice(1), 81] }, odds)).toThrow(RangeError);
  });
});
