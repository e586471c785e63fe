import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOTTERY_TARGET_RTP_BASIS_POINTS } from './pricing';
import {
  checkSeaResult,
  SEA_BET_TYPES,
  SEA_OPERATORS,
  SEA_PRIZE_TIERS,
  SEA_TIER_COUNTS,
  seaDateAt,
  seaDrawInstant,
  seaDrawsThatDay,
  seaNextDraw,
  seaPermutationCount,
  seaRules,
  type SeaOperator,
  type SeaPrizeTier,
  type SeaResult,
} from './sea';
import { referenceSeaPayout } from './sea.reference.test-helper';
import { LOTTERY_PRIZE_MODES, type LotteryBet, type LotteryOdds } from './types';

// Magnum 4D's draw of Wednesday 31 August 2022: its top three as published
// (https://lotto4d.co/2022/08/31/magnum-4d-results-wednesday-31-august-2022/: 1082, 4194, 3982). The research found
// no full list of that draw's special and consolation prizes, so those twenty are sample numbers in the published
// shape (docs/product/lottery.md#sea-lottery-4d, Sources), chosen to exercise repeats and orderings.
const MAGNUM_2022_08_31: SeaResult = {
  operator: 'MAGNUM',
  date: '2022-08-31',
  prizes: {
    first: ['1082'],
    second: ['4194'],
    third: ['3982'],
    special: ['1280', '5521', '0317', '8264', '1082', '7745', '3309', '6158', '2490', '9036'],
    consolation: ['4419', '0982', '7112', '5830', '2267', '6693', '8041', '1475', '3328', '9504'],
  },
};

// Singapore Pools' draw of Wednesday 27 June 2007, in which 6904 won both the first and the second prize
// (https://4dwinner.blogspot.com/2007/07/4-d-winner-you-bet-4-d-is-most-popular.html, from The Straits Times); the
// other 21 numbers are samples.
const SG_2007_06_27: SeaResult = {
  operator: 'SG',
  date: '2007-06-27',
  prizes: {
    first: ['6904'],
    second: ['6904'],
    third: ['5172'],
    special: ['0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008', '0009', '0010'],
    consolation: ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010'],
  },
};

const SEA = seaRules.defaultOdds('SEA');

function bet(betType: string, number: string, stakeMinor = 1_000): LotteryBet {
  return { betType, selection: [number], stakeMinor };
}

describe('the result checker', () => {
  it('takes both fixtures, 23 numbers each', () => {
    expect(checkSeaResult(MAGNUM_2022_08_31)).toBeNull();
    expect(checkSeaResult(SG_2007_06_27)).toBeNull();
    expect(SEA_PRIZE_TIERS.reduce((sum, tier) => sum + SEA_TIER_COUNTS[tier], 0)).toBe(23);
  });

  const prizes = MAGNUM_2022_08_31.prizes;
  const refusals: [string, SeaResult, ReturnType<typeof checkSeaResult>][] = [
    ['an unknown operator', { ...MAGNUM_2022_08_31, operator: 'GDLOTTO' as SeaOperator }, { code: 'UNKNOWN_OPERATOR' }],
    ['a date that does not exist', { ...MAGNUM_2022_08_31, date: '2022-02-30' }, { code: 'BAD_DATE' }],
    ['a date in another format', { ...MAGNUM_2022_08_31, date: '31/08/2022' }, { code: 'BAD_DATE' }],
    ['a Thursday (no draw)', { ...MAGNUM_2022_08_31, date: '2022-09-01' }, { code: 'NO_DRAW_THAT_DAY' }],
    [
      'a tier the draw does not have',
      { ...MAGNUM_2022_08_31, prizes: { ...prizes, fourth: ['1234'] } as SeaResult['prizes'] },
      { code: 'UNKNOWN_TIER', tier: 'fourth' },
    ],
    [
      'nine special prizes',
      { ...MAGNUM_2022_08_31, prizes: { ...prizes, special: prizes.special.slice(1) } },
      { code: 'PRIZE_COUNT', tier: 'special' },
    ],
    [
      'a missing tier',
      { ...MAGNUM_2022_08_31, prizes: { ...prizes, consolation: undefined as unknown as string[] } },
      { code: 'PRIZE_COUNT', tier: 'consolation' },
    ],
    [
      'a leading zero dropped',
      { ...MAGNUM_2022_08_31, prizes: { ...prizes, consolation: ['4419', '982', ...prizes.consolation.slice(2)] } },
      { code: 'PRIZE_DIGITS', tier: 'consolation', index: 1 },
    ],
    [
      'a letter for a digit',
      { ...MAGNUM_2022_08_31, prizes: { ...prizes, first: ['1O82'] } },
      { code: 'PRIZE_DIGITS', tier: 'first', index: 0 },
    ],
    [
      'a number typed as a number',
      { ...MAGNUM_2022_08_31, prizes: { ...prizes, third: [3982 as unknown as string] } },
      { code: 'PRIZE_DIGITS', tier: 'third', index: 0 },
    ],
  ];
  it.each(refusals)('refuses %s', (_, result, error) => {
    expect(checkSeaResult(result)).toEqual(error);
  });

  it('is what settle refuses', () => {
    const broken = { ...MAGNUM_2022_08_31, prizes: { ...prizes, second: [] } };
    expect(() => seaRules.settle(bet('big', '1082'), broken, SEA)).toThrow(/PRIZE_COUNT/);
  });
});

describe('settling the Magnum draw of 31 August 2022', () => {
  it("pays the operator's own table when the brand sets it: RM1 big on the first prize wins RM2,500", () => {
    const magnum: LotteryOdds = {
      'big:first': 250_000,
      'big:second': 100_000,
      'big:third': 50_000,
      'big:special': 18_000,
      'big:consolation': 6_000,
    };
    expect(seaRules.settle(bet('big', '4194', 100), MAGNUM_2022_08_31, magnum)).toBe(100_000);
    // 1082 is first and (in the sample) a special prize too: both pay.
    expect(seaRules.settle(bet('big', '1082', 100), MAGNUM_2022_08_31, magnum)).toBe(268_000);
  });

  // Each line: the bet (10.00 staked unless said) and its payout worked by hand at the SEA mode's odds.
  const cases: [string, LotteryBet, number][] = [
    ['big 1082: first and a special', bet('big', '1082'), (1_000 * (382_812 + 27_562)) / 100],
    ['big 4194: second', bet('big', '4194'), (1_000 * 153_125) / 100],
    ['big 3982: third', bet('big', '3982'), (1_000 * 76_562) / 100],
    ['big 1280: a special', bet('big', '1280'), (1_000 * 27_562) / 100],
    ['big 0982: a consolation', bet('big', '0982'), (1_000 * 9_187) / 100],
    ['big 1111', bet('big', '1111'), 0],
    ['big 1082, 7 staked, floored', bet('big', '1082', 7), Math.floor((7 * 410_374) / 100)],
    ['small 1082: first (its special does not count)', bet('small', '1082'), (1_000 * 527_692) / 100],
    ['small 3982: third', bet('small', '3982'), (1_000 * 150_769) / 100],
    ['small 1280: a special pays small nothing', bet('small', '1280'), 0],
    ['4a 1082', bet('4a', '1082'), (1_000 * 980_000) / 100],
    ['4a 4194: second pays 4a nothing', bet('4a', '4194'), 0],
    [
      'i-box big 1028 (24 orderings): 1082 first and special, 1280 special',
      bet('ibox_big', '1028'),
      Math.floor((1_000 * (382_812 + 27_562 * 2)) / 2_400),
    ],
    ['i-box small 2801: 1082 first', bet('ibox_small', '2801'), Math.floor((1_000 * 527_692) / 2_400)],
    [
      'i-box big 4419 (12 orderings): 4194 second, 4419 consolation',
      bet('ibox_big', '4419'),
      Math.floor((1_000 * (153_125 + 9_187)) / 1_200),
    ],
    ['3a 082: the first prize ends in it', bet('3a', '082'), (1_000 * 98_000) / 100],
    ['3a 194: the second prize is not 3a', bet('3a', '194'), 0],
    ['3abc 082: first', bet('3abc', '082'), (1_000 * 40_163) / 100],
    ['3abc 982: third (a consolation ending in it does not count)', bet('3abc', '982'), (1_000 * 24_098) / 100],
    ['3abc 083', bet('3abc', '083'), 0],
  ];
  it.each(cases)('%s', (_, placed, payout) => {
    expect(seaRules.checkBet(placed, SEA)).toBeNull();
    expect(seaRules.settle(placed, MAGNUM_2022_08_31, SEA)).toBe(payout);
    expect(referenceSeaPayout(placed, MAGNUM_2022_08_31, SEA)).toBe(payout);
  });
});

describe('settling the Singapore draw of 27 June 2007', () => {
  it('pays 6904 twice, first and second, as it won', () => {
    expect(seaRules.settle(bet('big', '6904'), SG_2007_06_27, SEA)).toBe((1_000 * (382_812 + 153_125)) / 100);
    expect(seaRules.settle(bet('small', '6904'), SG_2007_06_27, SEA)).toBe((1_000 * (527_692 + 301_538)) / 100);
    expect(seaRules.settle(bet('3abc', '904'), SG_2007_06_27, SEA)).toBe((1_000 * (40_163 + 33_737)) / 100);
  });
});

describe('checking a bet', () => {
  const refusals: [string, LotteryBet, LotteryOdds, string][] = [
    ['an unknown bet type', bet('5d', '12345'), SEA, 'UNKNOWN_BET_TYPE'],
    ['a tier as a bet type', bet('big:first', '1234'), SEA, 'UNKNOWN_BET_TYPE'],
    ['two numbers', { betType: 'big', selection: ['1234', '5678'], stakeMinor: 100 }, SEA, 'SELECTION_COUNT'],
    ['no number', { betType: 'small', selection: [], stakeMinor: 100 }, SEA, 'SELECTION_COUNT'],
    ['three digits for big', bet('big', '123'), SEA, 'BAD_SELECTION'],
    ['four digits for 3a', bet('3a', '1234'), SEA, 'BAD_SELECTION'],
    ['a full-width digit', bet('big', '１234'), SEA, 'BAD_SELECTION'],
    ['an i-box of one ordering', bet('ibox_big', '7777'), SEA, 'DUPLICATE_NUMBER'],
    ['no stake', bet('big', '1234', 0), SEA, 'BAD_STAKE'],
    ['a fraction of a minor unit', bet('big', '1234', 2.5), SEA, 'BAD_STAKE'],
    ['a stake whose 23 hits overflow', bet('big', '1234', 1e10), SEA, 'BAD_STAKE'],
    ['a tier the table lacks', bet('big', '1234'), { 'big:first': 250_000 }, 'ODDS_MISSING'],
    ['odds that are not whole hundredths', bet('4a', '1234'), { '4a': 6_000.5 }, 'ODDS_MISSING'],
  ];
  it.each(refusals)('refuses %s', (_, placed, odds, code) => {
    expect(seaRules.checkBet(placed, odds)).toBe(code);
    expect(() => seaRules.settle(placed, MAGNUM_2022_08_31, odds)).toThrow(RangeError);
  });

  it('counts the orderings of four digits', () => {
    expect(['1234', '1123', '1122', '1112', '1111'].map(seaPermutationCount)).toEqual([24, 12, 6, 4, 1]);
  });
});

describe('exposure', () => {
  it('puts one occurrence of the best tier under the number every bet on it shares', () => {
    expect(seaRules.exposure(bet('big', '1082'), SEA)).toEqual([{ key: '4d:1082', payoutMinor: 3_828_120 }]);
    expect(seaRules.exposure(bet('small', '1082'), SEA)).toEqual([{ key: '4d:1082', payoutMinor: 5_276_920 }]);
    expect(seaRules.exposure(bet('3abc', '082'), SEA)).toEqual([{ key: '3d:082', payoutMinor: 401_630 }]);
  });

  it("spreads an i-box over its orderings, each a P-th of the box's payout", () => {
    const box = seaRules.exposure(bet('ibox_big', '1122', 600), SEA);
    expect(box.map((entry) => entry.key)).toEqual(
      ['1122', '1212', '1221', '2112', '2121', '2211'].map((number) => `4d:${number}`),
    );
    expect(new Set(box.map((entry) => entry.payoutMinor))).toEqual(new Set([Math.floor((600 * 382_812) / 600)]));
  });
});

describe('the default odds', () => {
  it("price every tier in every mode at the mode's return or just under, in the real table's proportions", () => {
    const expectedKeys = [
      ...SEA_PRIZE_TIERS.map((tier) => `big:${tier}`),
      ...SEA_PRIZE_TIERS.map((tier) => `ibox_big:${tier}`),
      ...['first', 'second', 'third'].flatMap((tier) => [`small:${tier}`, `ibox_small:${tier}`, `3abc:${tier}`]),
      '4a',
      '3a',
    ].sort();
    const tiersOf: Record<string, [string, number][]> = {};
    for (const mode of LOTTERY_PRIZE_MODES) {
      const odds = seaRules.defaultOdds(mode);
      expect(Object.keys(odds).sort()).toEqual(expectedKeys);
      const rtp = LOTTERY_TARGET_RTP_BASIS_POINTS[mode] / 10_000;
      for (const [key, value] of Object.entries(odds)) {
        const betType = key.split(':')[0]!;
        (tiersOf[betType] ??= []).push([key.split(':')[1] ?? 'first', value]);
      }
      for (const betType of SEA_BET_TYPES) {
        const outOf = betType.startsWith('3') ? 1_000 : 10_000;
        const returned = tiersOf[betType]!.reduce(
          (sum, [tier, value]) => sum + (value / 100) * (SEA_TIER_COUNTS[tier as 'first'] / outOf),
          0,
        );
        expect(returned).toBeLessThanOrEqual(rtp + 1e-12);
        expect(returned).toBeGreaterThan(rtp - 0.0001);
      }
      for (const key of Object.keys(tiersOf)) delete tiersOf[key];
    }
    // The tiers keep the real table's proportions: big's first is 2,500 / 1,000 of its second.
    expect(SEA['big:first']! / SEA['big:second']!).toBeCloseTo(2.5, 4);
    expect(SEA['ibox_big:special']).toBe(SEA['big:special']);
  });
});

describe('the schedule', () => {
  it('draws every operator on Wednesday, Saturday and Sunday only', () => {
    // 2026-11-29 is a Sunday.
    const week = ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'];
    for (const operator of SEA_OPERATORS) {
      expect(week.map((date) => seaDrawsThatDay(operator, date))).toEqual([
        true,
        false,
        false,
        true,
        false,
        false,
        true,
      ]);
    }
    expect(seaDrawsThatDay('MAGNUM', '2026-02-30')).toBe(false);
  });

  it('gives the draw instants: 19:00 in Malaysia, 18:30 in Singapore (UTC+8)', () => {
    expect(seaDrawInstant('MAGNUM', '2026-12-02').toISOString()).toBe('2026-12-02T11:00:00.000Z');
    expect(seaDrawInstant('DAMACAI', '2026-12-02').toISOString()).toBe('2026-12-02T11:00:00.000Z');
    expect(seaDrawInstant('SG', '2026-12-02').toISOString()).toBe('2026-12-02T10:30:00.000Z');
    expect(() => seaDrawInstant('SG', '2026-13-01')).toThrow(RangeError);
  });

  it('gives the next draw: today’s before its time, the next draw day’s from it on', () => {
    // 16:30 UTC on Saturday the 28th is 00:30 on Sunday the 29th in Kuala Lumpur.
    expect(seaDateAt(new Date('2026-11-28T16:30:00Z'))).toBe('2026-11-29');
    expect(seaNextDraw('SG', new Date('2026-11-29T10:29:59Z')).date).toBe('2026-11-29');
    expect(seaNextDraw('SG', new Date('2026-11-29T10:30:00Z')).date).toBe('2026-12-02');
    expect(seaNextDraw('TOTO', new Date('2026-12-02T11:00:00Z')).drawAt.toISOString()).toBe('2026-12-05T11:00:00.000Z');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The model test: on random results and bets, sea.ts pays what the independent reference pays.

const pad4 = (n: number) => String(n).padStart(4, '0');
/** Numbers often from a few close ones, so that repeats, orderings and last-three matches happen. */
const prizeNumber = fc.oneof(
  fc.constantFrom('1082', '1280', '0182', '2081', '1122', '2211', '5082', '1082'),
  fc.integer({ min: 0, max: 9_999 }).map(pad4),
);

const resultArb: fc.Arbitrary<SeaResult> = fc
  .record({
    operator: fc.constantFrom(...SEA_OPERATORS),
    week: fc.integer({ min: 0, max: 520 }),
    day: fc.constantFrom(0, 3, 6),
    tiers: fc.tuple(
      ...SEA_PRIZE_TIERS.map((tier) =>
        fc.array(prizeNumber, { minLength: SEA_TIER_COUNTS[tier], maxLength: SEA_TIER_COUNTS[tier] }),
      ),
    ),
  })
  .map(({ operator, week, day, tiers }) => {
    // 2017-01-01 was a Sunday: weeks from it, on a draw day.
    const date = new Date(Date.UTC(2017, 0, 1 + week * 7 + day)).toISOString().slice(0, 10);
    const prizes: Partial<Record<SeaPrizeTier, string[]>> = {};
    for (const [index, tier] of SEA_PRIZE_TIERS.entries()) prizes[tier] = tiers[index]!;
    return { operator, date, prizes: prizes as SeaResult['prizes'] };
  });

function betArb(result: SeaResult): fc.Arbitrary<LotteryBet> {
  const drawn = Object.values(result.prizes).flat();
  return fc.constantFrom(...SEA_BET_TYPES).chain((betType) => {
    const three = betType.startsWith('3');
    const number = fc
      .oneof(fc.constantFrom(...drawn), prizeNumber)
      .map((n) => (three ? n.slice(-3) : n))
      .filter((n) => !betType.startsWith('ibox') || seaPermutationCount(n) > 1);
    return fc.record({
      betType: fc.constant(betType),
      selection: number.map((n) => [n]),
      stakeMinor: fc.integer({ min: 1, max: 10_000_000 }),
    });
  });
}

describe('the model', () => {
  it('pays what the reference pays, at the default odds and at any odds', () => {
    fc.assert(
      fc.property(
        resultArb.chain((result) =>
          fc.tuple(
            fc.constant(result),
            betArb(result),
            fc.constantFrom(...LOTTERY_PRIZE_MODES),
            fc.integer({ min: 1, max: 5_000_000 }),
            fc.boolean(),
          ),
        ),
        ([result, placed, mode, anyOdds, useDefault]) => {
          const defaults = seaRules.defaultOdds(mode);
          const odds = useDefault
            ? defaults
            : Object.fromEntries(Object.keys(defaults).map((key, index) => [key, anyOdds + index]));
          expect(checkSeaResult(result)).toBeNull();
          expect(seaRules.checkBet(placed, odds)).toBeNull();
          expect(seaRules.settle(placed, result, odds)).toBe(referenceSeaPayout(placed, result, odds));
          // No bet pays more than its exposure times the prizes that could match it.
          const exposed = seaRules.exposure(placed, odds).reduce((sum, entry) => sum + entry.payoutMinor, 0);
          expect(seaRules.settle(placed, result, odds)).toBeLessThanOrEqual((exposed + 1) * 23);
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
