import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOTTERY_TARGET_RTP_BASIS_POINTS } from './pricing';
import { LOTTERY_PRIZE_MODES, type LotteryBet, type LotteryOdds } from './types';
import {
  checkVnResult,
  VN_BET_TYPES,
  VN_PRIZE_SHAPES,
  VN_PRIZE_TIERS,
  VN_PROVINCES,
  VN_REGIONS,
  VN_WEEKLY_SCHEDULE,
  vnBetTypesFor,
  vnDateAt,
  vnDrawInstant,
  vnDrawsOn,
  vnNextDraws,
  vnPrizeCount,
  vnRules,
  vnWeekday,
  type VnRegion,
  type VnResult,
} from './vn';
import { referenceVnPayout } from './vn.reference.test-helper';

// A real northern result: Sunday 17 February 2008, as posted that evening with the day's settled lô bets in the
// KLNet forum's "Lode JSC" thread (https://raw.githubusercontent.com/klnet/online/master/showthread.php-page=6-t=4741.html):
// "88 về 2 nháy" (88 came twice) and "L82(500) 2 nháy ~> 500x4x2=4000" (500 on lô 82 at 4× a hit, 82 twice).
const XSMB_2008_02_17: VnResult = {
  region: 'north',
  province: 'MB',
  date: '2008-02-17',
  prizes: {
    special: ['87223'],
    first: ['86839'],
    second: ['00714', '50304'],
    third: ['33431', '58327', '52388', '28905', '07952', '45451'],
    fourth: ['7888', '3544', '0286', '2741'],
    fifth: ['9566', '8987', '7042', '0482', '9768', '5682'],
    sixth: ['103', '397', '841'],
    seventh: ['81', '16', '95', '94'],
  },
};

// A southern-shaped result (six-digit special, 18 prizes) for Tây Ninh on Thursday 9 October 2025. The research found
// no dated, per-company southern result to copy (docs/product/lottery.md#vietnamese-regional-draws, Sources): these
// are sample numbers in the published format, not Tây Ninh's real draw of that day.
const XSMN_SAMPLE: VnResult = {
  region: 'south',
  province: 'TN',
  date: '2025-10-09',
  prizes: {
    eighth: ['40'],
    seventh: ['884'],
    sixth: ['5934', '7442', '3430'],
    fifth: ['8877'],
    fourth: ['00810', '02321', '00681', '51728', '24507', '58068', '96136'],
    third: ['03856', '04216'],
    second: ['49226'],
    first: ['02518'],
    special: ['042293'],
  },
};

const SEA = vnRules.defaultOdds('SEA');

function bet(betType: string, selection: string[], stakeMinor = 1_000): LotteryBet {
  return { betType, selection, stakeMinor };
}

describe('the result checker', () => {
  it('takes both fixtures', () => {
    expect(checkVnResult(XSMB_2008_02_17)).toBeNull();
    expect(checkVnResult(XSMN_SAMPLE)).toBeNull();
  });

  it('has the 27 and 18 prizes of the published structure', () => {
    expect(vnPrizeCount('north')).toBe(27);
    expect(vnPrizeCount('central')).toBe(18);
    expect(vnPrizeCount('south')).toBe(18);
  });

  const refusals: [string, VnResult, ReturnType<typeof checkVnResult>][] = [
    ['an unknown region', { ...XSMN_SAMPLE, region: 'west' as VnRegion }, { code: 'UNKNOWN_REGION' }],
    ['an unknown company', { ...XSMN_SAMPLE, province: 'XX' }, { code: 'UNKNOWN_PROVINCE' }],
    ['a company of another region', { ...XSMN_SAMPLE, province: 'DNA' }, { code: 'UNKNOWN_PROVINCE' }],
    ['a prototype name as a company', { ...XSMN_SAMPLE, province: 'toString' }, { code: 'UNKNOWN_PROVINCE' }],
    ['a date that does not exist', { ...XSMN_SAMPLE, date: '2025-02-29' }, { code: 'BAD_DATE' }],
    ['a date in another format', { ...XSMN_SAMPLE, date: '09/10/2025' }, { code: 'BAD_DATE' }],
    ['a company on a day it does not draw', { ...XSMN_SAMPLE, date: '2025-10-10' }, { code: 'NO_DRAW_THAT_DAY' }],
    [
      'a tier the draw does not have',
      { ...XSMN_SAMPLE, prizes: { ...XSMN_SAMPLE.prizes, ninth: ['1'] } as VnResult['prizes'] },
      { code: 'UNKNOWN_TIER', tier: 'ninth' },
    ],
    [
      'an eighth prize in the north',
      { ...XSMB_2008_02_17, prizes: { ...XSMB_2008_02_17.prizes, eighth: ['12'] } },
      { code: 'PRIZE_COUNT', tier: 'eighth' },
    ],
    [
      'a missing tier',
      { ...XSMN_SAMPLE, prizes: { ...XSMN_SAMPLE.prizes, eighth: undefined } },
      { code: 'PRIZE_COUNT', tier: 'eighth' },
    ],
    [
      'one number too few',
      {
        ...XSMB_2008_02_17,
        prizes: { ...XSMB_2008_02_17.prizes, third: ['33431', '58327', '52388', '28905', '07952'] },
      },
      { code: 'PRIZE_COUNT', tier: 'third' },
    ],
    [
      "a northern special prize of the south's six digits",
      { ...XSMB_2008_02_17, prizes: { ...XSMB_2008_02_17.prizes, special: ['087223'] } },
      { code: 'PRIZE_DIGITS', tier: 'special', index: 0 },
    ],
    [
      'a leading zero dropped',
      { ...XSMB_2008_02_17, prizes: { ...XSMB_2008_02_17.prizes, fourth: ['7888', '3544', '286', '2741'] } },
      { code: 'PRIZE_DIGITS', tier: 'fourth', index: 2 },
    ],
    [
      'a letter for a digit',
      { ...XSMN_SAMPLE, prizes: { ...XSMN_SAMPLE.prizes, sixth: ['5934', '7442', '343O'] } },
      { code: 'PRIZE_DIGITS', tier: 'sixth', index: 2 },
    ],
    [
      'a number typed as a number',
      { ...XSMN_SAMPLE, prizes: { ...XSMN_SAMPLE.prizes, eighth: [40 as unknown as string] } },
      { code: 'PRIZE_DIGITS', tier: 'eighth', index: 0 },
    ],
  ];
  it.each(refusals)('refuses %s', (_, result, error) => {
    expect(checkVnResult(result)).toEqual(error);
  });

  it('is what settle refuses', () => {
    const broken = { ...XSMN_SAMPLE, prizes: { ...XSMN_SAMPLE.prizes, second: [] } };
    expect(() => vnRules.settle(bet('de', ['93']), broken, SEA)).toThrow(/PRIZE_COUNT/);
  });
});

describe('settling the 17 February 2008 northern draw', () => {
  it("pays the forum's own settlement: 500 on lô 82 at 4× a hit, 82 drawn twice, wins 4,000", () => {
    const fourTimes: LotteryOdds = { lo2_mb: 400 };
    expect(vnRules.settle(bet('lo2_mb', ['82'], 500), XSMB_2008_02_17, fourTimes)).toBe(4_000);
    expect(vnRules.settle(bet('lo2_mb', ['02'], 500), XSMB_2008_02_17, fourTimes)).toBe(0);
  });

  // Each line: the bet, and its payout worked by hand at the SEA odds (1,000 staked unless said).
  const cases: [string, LotteryBet, number][] = [
    ['đề 23 (special 87223)', bet('de', ['23']), (1_000 * 9_800) / 100],
    ['đề 32', bet('de', ['32']), 0],
    ['3 càng 223', bet('de3', ['223']), (1_000 * 98_000) / 100],
    ['3 càng 723', bet('de3', ['723']), 0],
    ['đề đầu 2', bet('de_dau', ['2']), (1_000 * 980) / 100],
    ['đề đuôi 3', bet('de_duoi', ['3']), (1_000 * 980) / 100],
    ['đề đuôi 2', bet('de_duoi', ['2']), 0],
    ['lô 88, twice (52388, 7888)', bet('lo2_mb', ['88']), (1_000 * 362 * 2) / 100],
    ['lô 41, twice (2741, 841)', bet('lo2_mb', ['41']), (1_000 * 362 * 2) / 100],
    ['lô 23, once (the special prize counts)', bet('lo2_mb', ['23']), (1_000 * 362) / 100],
    ['lô 94, once (a seventh prize counts)', bet('lo2_mb', ['94']), (1_000 * 362) / 100],
    ['lô 00', bet('lo2_mb', ['00']), 0],
    ['lô 3 số 388', bet('lo3_mb', ['388']), (1_000 * 4_260) / 100],
    ['lô 3 số 888 (7888)', bet('lo3_mb', ['888']), (1_000 * 4_260) / 100],
    ['lô 3 số 7 staked, floored', bet('lo3_mb', ['841'], 7), Math.floor((7 * 4_260) / 100)],
    ['lô 3 số 081 (a seventh prize has two digits only)', bet('lo3_mb', ['081']), 0],
    ['đầu 95 (a seventh prize)', bet('dau_mb', ['95']), (1_000 * 2_450) / 100],
    ['đầu 23 (the special prize is not the lowest tier)', bet('dau_mb', ['23']), 0],
    ['xiên 2 88 + 82 (paid once, not per occurrence)', bet('xien2_mb', ['88', '82']), (1_000 * 1_785) / 100],
    ['xiên 2 88 + 00', bet('xien2_mb', ['88', '00']), 0],
    ['xiên 3 23 + 41 + 16', bet('xien3_mb', ['23', '41', '16']), (1_000 * 7_968) / 100],
    ['xiên 4 14 + 04 + 31 + 27', bet('xien4_mb', ['14', '04', '31', '27']), (1_000 * 36_705) / 100],
    ['trượt 4 00 01 02 06', bet('truot4_mb', ['00', '01', '02', '06']), (1_000 * 295) / 100],
    ['trượt 4 00 01 02 03 (03 came: 103)', bet('truot4_mb', ['00', '01', '02', '03']), 0],
    ['trượt 8', bet('truot8_mb', ['00', '01', '02', '06', '07', '08', '09', '10']), (1_000 * 931) / 100],
    [
      'trượt 10',
      bet('truot10_mb', ['00', '01', '02', '06', '07', '08', '09', '10', '11', '12']),
      (1_000 * 1_685) / 100,
    ],
  ];
  it.each(cases)('%s', (_, placed, payout) => {
    expect(vnRules.checkBet(placed, SEA)).toBeNull();
    expect(vnRules.settle(placed, XSMB_2008_02_17, SEA)).toBe(payout);
    expect(referenceVnPayout(placed, XSMB_2008_02_17, SEA)).toBe(payout);
  });
});

describe('settling a southern draw', () => {
  const cases: [string, LotteryBet, number][] = [
    ['đề (đuôi) 93 (special 042293)', bet('de', ['93']), (1_000 * 9_800) / 100],
    ['3 càng (xỉu chủ đuôi) 293', bet('de3', ['293']), (1_000 * 98_000) / 100],
    ['đầu 40 (the eighth prize)', bet('dau_mn', ['40']), (1_000 * 9_800) / 100],
    ['đầu 84 (the seventh prize is not the lowest tier here)', bet('dau_mn', ['84']), 0],
    ['lô 68, once (58068)', bet('lo2_mn', ['68']), (1_000 * 544) / 100],
    ['lô 16, once (04216)', bet('lo2_mn', ['16']), (1_000 * 544) / 100],
    ['lô 3 số 884 (the seventh prize has three digits)', bet('lo3_mn', ['884']), (1_000 * 5_764) / 100],
    ['lô 3 số 040 (the eighth prize has two)', bet('lo3_mn', ['040']), 0],
    ['xiên 2 40 + 93', bet('xien2_mn', ['40', '93']), (1_000 * 3_753) / 100],
    ['trượt 4 11 12 13 14', bet('truot4_mn', ['11', '12', '13', '14']), (1_000 * 204) / 100],
  ];
  it.each(cases)('%s', (_, placed, payout) => {
    expect(vnRules.settle(placed, XSMN_SAMPLE, SEA)).toBe(payout);
    expect(referenceVnPayout(placed, XSMN_SAMPLE, SEA)).toBe(payout);
  });

  it('refuses to settle a northern bet on a southern draw', () => {
    expect(() => vnRules.settle(bet('lo2_mb', ['68']), XSMN_SAMPLE, SEA)).toThrow(/not for a south draw/);
  });

  it('reads a central draw with its own codes, on the same 18 prizes', () => {
    const central: VnResult = { ...XSMN_SAMPLE, region: 'central', province: 'BDI' };
    expect(vnRules.settle(bet('lo2_mt', ['68']), central, SEA)).toBe((1_000 * 544) / 100);
    expect(() => vnRules.settle(bet('lo2_mn', ['68']), central, SEA)).toThrow(RangeError);
  });
});

describe('checking a bet', () => {
  const refusals: [string, LotteryBet, LotteryOdds, string][] = [
    ['an unknown bet type', bet('lo5_mb', ['12345']), SEA, 'UNKNOWN_BET_TYPE'],
    ['a region suffix on the special bets', bet('de_mb', ['07']), SEA, 'UNKNOWN_BET_TYPE'],
    ['a region that does not exist', bet('lo2_mx', ['07']), SEA, 'UNKNOWN_BET_TYPE'],
    ['two numbers for lô', bet('lo2_mb', ['07', '08']), SEA, 'SELECTION_COUNT'],
    ['no number', bet('de', []), SEA, 'SELECTION_COUNT'],
    ['three numbers for xiên 2', bet('xien2_mn', ['07', '08', '09']), SEA, 'SELECTION_COUNT'],
    ['one digit for lô', bet('lo2_mb', ['7']), SEA, 'BAD_SELECTION'],
    ['three digits for đề', bet('de', ['107']), SEA, 'BAD_SELECTION'],
    ['two digits for 3 càng', bet('de3', ['07']), SEA, 'BAD_SELECTION'],
    ['two digits for đề đầu', bet('de_dau', ['07']), SEA, 'BAD_SELECTION'],
    ['a sign', bet('lo2_mb', ['-7']), SEA, 'BAD_SELECTION'],
    ['a full-width digit', bet('lo2_mb', ['０7']), SEA, 'BAD_SELECTION'],
    ['the same number twice in a xiên', bet('xien3_mb', ['07', '08', '07']), SEA, 'DUPLICATE_NUMBER'],
    ['the same number twice in a trượt', bet('truot4_mt', ['01', '02', '03', '01']), SEA, 'DUPLICATE_NUMBER'],
    ['no stake', bet('de', ['07'], 0), SEA, 'BAD_STAKE'],
    ['a fraction of a minor unit', bet('de', ['07'], 1.5), SEA, 'BAD_STAKE'],
    ['a stake whose 27 hits overflow', bet('lo2_mb', ['07'], 1e12), SEA, 'BAD_STAKE'],
    ['odds the table lacks', bet('lo2_mb', ['07']), { de: 9_800 }, 'ODDS_MISSING'],
    ['odds that are not whole hundredths', bet('de', ['07']), { de: 98.5 }, 'ODDS_MISSING'],
  ];
  it.each(refusals)('refuses %s', (_, placed, odds, code) => {
    expect(vnRules.checkBet(placed, odds)).toBe(code);
    expect(() => vnRules.settle(placed, XSMB_2008_02_17, odds)).toThrow(RangeError);
  });
});

describe('exposure', () => {
  it('counts lô per occurrence, under the number it names', () => {
    expect(vnRules.exposure(bet('lo2_mb', ['07'], 1_000), SEA)).toEqual([{ key: 'lo2:07', payoutMinor: 3_620 }]);
    expect(vnRules.exposure(bet('de', ['07'], 1_000), SEA)).toEqual([{ key: 'de:07', payoutMinor: 98_000 }]);
    expect(vnRules.exposure(bet('de_dau', ['3'], 10), SEA)).toEqual([{ key: 'de_dau:3', payoutMinor: 98 }]);
  });

  it('puts the whole payout of a xiên or trượt under each of its numbers', () => {
    expect(vnRules.exposure(bet('xien2_mb', ['07', '70'], 1_000), SEA)).toEqual([
      { key: 'xien:07', payoutMinor: 17_850 },
      { key: 'xien:70', payoutMinor: 17_850 },
    ]);
    expect(vnRules.exposure(bet('truot4_mn', ['01', '02', '03', '04'], 100), SEA).map((e) => e.key)).toEqual([
      'truot:01',
      'truot:02',
      'truot:03',
      'truot:04',
    ]);
  });
});

describe('the default odds', () => {
  it('price every bet type in every prize mode, at or just under the mode’s return', () => {
    const chances: Record<string, number> = {
      de: 1 / 100,
      de3: 1 / 1_000,
      de_dau: 1 / 10,
      de_duoi: 1 / 10,
      lo2_mb: 27 / 100,
      lo2_mn: 18 / 100,
      lo3_mb: 23 / 1_000,
      lo3_mt: 17 / 1_000,
      dau_mb: 4 / 100,
      dau_mt: 1 / 100,
      truot4_mb: 0.96 ** 27,
      truot10_mn: 0.9 ** 18,
    };
    for (const mode of LOTTERY_PRIZE_MODES) {
      const odds = vnRules.defaultOdds(mode);
      expect(Object.keys(odds).sort()).toEqual([...VN_BET_TYPES].sort());
      const rtp = LOTTERY_TARGET_RTP_BASIS_POINTS[mode] / 10_000;
      for (const [betType, chance] of Object.entries(chances)) {
        const returned = (odds[betType]! / 100) * chance;
        expect(returned).toBeLessThanOrEqual(rtp + 1e-12);
        expect(returned).toBeGreaterThan(rtp - chance / 100 - 1e-12);
      }
    }
  });

  it('price xiên by the chance that all its numbers come, found here by counting', () => {
    // Exact for two numbers over n prizes: 1 - 2 × 0.99^n + 0.98^n.
    const both = (n: number) => 1 - 2 * 0.99 ** n + 0.98 ** n;
    expect((SEA.xien2_mb! / 100) * both(27)).toBeCloseTo(0.98, 2);
    expect((SEA.xien2_mn! / 100) * both(18)).toBeCloseTo(0.98, 2);
    expect(SEA.xien2_mt).toBe(SEA.xien2_mn);
  });
});

describe('the schedule', () => {
  it('draws every company of the schedule in its own region, the north once a day', () => {
    for (const region of VN_REGIONS) {
      for (const day of VN_WEEKLY_SCHEDULE[region]) {
        expect(day.length).toBeGreaterThan(0);
        for (const province of day) expect(VN_PROVINCES[province]?.region).toBe(region);
      }
    }
    expect(VN_WEEKLY_SCHEDULE.north.every((day) => day.length === 1)).toBe(true);
    expect(VN_WEEKLY_SCHEDULE.south[6]).toEqual(['HCM', 'LA', 'BP', 'HG']);
  });

  it('gives the draw instants in Vietnam time (UTC+7)', () => {
    expect(vnDrawInstant('south', '2026-11-30').toISOString()).toBe('2026-11-30T09:15:00.000Z');
    expect(vnDrawInstant('central', '2026-11-30').toISOString()).toBe('2026-11-30T10:15:00.000Z');
    expect(vnDrawInstant('north', '2026-11-30').toISOString()).toBe('2026-11-30T11:15:00.000Z');
    expect(vnWeekday('2026-11-30')).toBe(1);
    expect(vnDrawsOn('south', '2026-11-30').map((draw) => draw.province)).toEqual(['HCM', 'DT', 'CM']);
    expect(() => vnDrawInstant('north', '2026-13-01')).toThrow(RangeError);
  });

  it('gives the next draws: today’s before their time, tomorrow’s from it on', () => {
    // 23:30 UTC on Sunday the 29th is 06:30 on Monday the 30th in Vietnam.
    expect(vnDateAt(new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-30');
    const before = vnNextDraws('central', new Date('2026-11-30T10:14:59Z'));
    expect(before.map((draw) => [draw.date, draw.province])).toEqual([
      ['2026-11-30', 'PY'],
      ['2026-11-30', 'TTH'],
    ]);
    const at = vnNextDraws('central', new Date('2026-11-30T10:15:00Z'));
    expect(at.map((draw) => [draw.date, draw.province])).toEqual([
      ['2026-12-01', 'DLK'],
      ['2026-12-01', 'QNA'],
    ]);
    expect(vnNextDraws('north', new Date('2026-12-31T12:00:00Z'))[0]!.date).toBe('2027-01-01');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The model test: on random results and bets, vn.ts pays what the independent reference pays.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A number of `digits` digits, its last two often from a small set so that repeats and xiên wins happen. */
function prizeNumber(digits: number): fc.Arbitrary<string> {
  const ending = fc.oneof(fc.constantFrom('07', '70', '77', '00'), fc.integer({ min: 0, max: 99 }).map(pad(2)));
  const head = fc.integer({ min: 0, max: 10 ** (digits - 2) - 1 }).map(pad(digits - 2));
  return fc.tuple(head, ending).map(([h, e]) => (digits === 2 ? e : h + e));
}

function pad(width: number) {
  return (n: number) => String(n).padStart(width, '0');
}

const resultArb: fc.Arbitrary<VnResult> = fc.constantFrom(...VN_REGIONS).chain((region) =>
  fc
    .record({
      day: fc.integer({ min: 0, max: 3_650 }),
      pick: fc.nat(),
      tiers: fc.tuple(
        ...VN_PRIZE_TIERS.map((tier) => {
          const { count, digits } = VN_PRIZE_SHAPES[region][tier];
          return fc.array(prizeNumber(digits), { minLength: count, maxLength: count });
        }),
      ),
    })
    .map(({ day, pick, tiers }) => {
      const date = new Date(Date.UTC(2020, 0, 1) + day * DAY_MS).toISOString().slice(0, 10);
      const companies = VN_WEEKLY_SCHEDULE[region][vnWeekday(date)]!;
      const prizes = Object.fromEntries(VN_PRIZE_TIERS.map((tier, index) => [tier, tiers[index]!]));
      return { region, province: companies[pick % companies.length]!, date, prizes };
    }),
);

/** A bet of the result's region that vn.ts accepts: numbers from the result's endings or anywhere. */
function betArb(result: VnResult): fc.Arbitrary<LotteryBet> {
  const everyPrize = Object.values(result.prizes).flatMap((numbers) => [...(numbers ?? [])]);
  return fc.constantFrom(...vnBetTypesFor(result.region)).chain((betType) => {
    const digits = betType === 'de3' || betType.startsWith('lo3') ? 3 : betType.startsWith('de_') ? 1 : 2;
    const count = Number(/^(?:xien|truot)(\d+)_/.exec(betType)?.[1] ?? 1);
    const drawn = everyPrize.filter((number) => number.length >= digits).map((number) => number.slice(-digits));
    const number = fc.oneof(fc.constantFrom(...drawn), fc.integer({ min: 0, max: 10 ** digits - 1 }).map(pad(digits)));
    return fc.record({
      betType: fc.constant(betType),
      selection: fc.uniqueArray(number, { minLength: count, maxLength: count }),
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
          const odds = useDefault ? vnRules.defaultOdds(mode) : { [placed.betType]: anyOdds };
          expect(checkVnResult(result)).toBeNull();
          expect(vnRules.checkBet(placed, odds)).toBeNull();
          const paid = vnRules.settle(placed, result, odds);
          expect(paid).toBe(referenceVnPayout(placed, result, odds));
          // What a number's exposure says is what one occurrence of it pays.
          const [first] = vnRules.exposure(placed, odds);
          expect(first!.payoutMinor).toBe(Math.floor((placed.stakeMinor * odds[placed.betType]!) / 100));
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
