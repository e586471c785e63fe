import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAST_BET_TYPES, fastRules, fastThreeKind, type FastResult } from './fast';
import { LOTTERY_TARGET_RTP_BASIS_POINTS } from './pricing';
import { LOTTERY_PRIZE_MODES, type LotteryBet, type LotteryOdds } from './types';

// The second implementation: the rules of docs/product/lottery.md#fast-lotteries read plainly, one option at a time.

interface ModelOption {
  betType: string;
  selection: string;
  oddsKey: string;
  exposureKey: string;
  wins: (digits: readonly number[]) => boolean;
}

/** The sorted three-digit sets that are straights: a, a + 1, a + 2 with 0 following 9. */
const STRAIGHTS = new Set(
  Array.from({ length: 10 }, (_, a) => [a, (a + 1) % 10, (a + 2) % 10].sort((x, y) => x - y).join('')),
);

function modelKind(three: readonly number[]): string {
  const distinct = new Set(three).size;
  if (distinct === 1) return 'triple';
  if (distinct === 2) return 'pair';
  return STRAIGHTS.has([...three].sort((x, y) => x - y).join('')) ? 'straight' : 'mixed';
}

const total = (digits: readonly number[]) => digits[0]! + digits[1]! + digits[2]! + digits[3]! + digits[4]!;

function modelOptions(): ModelOption[] {
  const options: ModelOption[] = [];
  const add = (betType: string, selection: string, oddsKey: string, exposureKey: string, wins: ModelOption['wins']) =>
    options.push({ betType, selection, oddsKey, exposureKey, wins });
  for (let position = 1; position <= 5; position += 1) {
    for (let digit = 0; digit <= 9; digit += 1) {
      add('digit', `${position}:${digit}`, 'digit', `pos${position}:${digit}`, (d) => d[position - 1] === digit);
    }
    add('big_small', `${position}:big`, 'big_small', `pos${position}:big`, (d) => d[position - 1]! >= 5);
    add('big_small', `${position}:small`, 'big_small', `pos${position}:small`, (d) => d[position - 1]! <= 4);
    add('odd_even', `${position}:odd`, 'odd_even', `pos${position}:odd`, (d) => d[position - 1]! % 2 === 1);
    add('odd_even', `${position}:even`, 'odd_even', `pos${position}:even`, (d) => d[position - 1]! % 2 === 0);
  }
  add('big_small', 'sum:big', 'big_small', 'sum:big', (d) => total(d) >= 23);
  add('big_small', 'sum:small', 'big_small', 'sum:small', (d) => total(d) <= 22);
  add('odd_even', 'sum:odd', 'odd_even', 'sum:odd', (d) => total(d) % 2 === 1);
  add('odd_even', 'sum:even', 'odd_even', 'sum:even', (d) => total(d) % 2 === 0);
  for (let sum = 0; sum <= 45; sum += 1) add('sum', String(sum), `sum:${sum}`, `sum:${sum}`, (d) => total(d) === sum);
  for (const [betType, start] of [
    ['front3', 0],
    ['middle3', 1],
    ['back3', 2],
  ] as const) {
    for (const kind of ['triple', 'straight', 'pair', 'mixed']) {
      const key = `${betType}:${kind}`;
      add(betType, kind, key, key, (d) => modelKind(d.slice(start, start + 3)) === kind);
    }
  }
  add('dragon_tiger', 'dragon', 'dragon_tiger', 'dragon_tiger:dragon', (d) => d[0]! > d[4]!);
  add('dragon_tiger', 'tiger', 'dragon_tiger', 'dragon_tiger:tiger', (d) => d[0]! < d[4]!);
  add('dragon_tiger', 'tie', 'dragon_tiger:tie', 'dragon_tiger:tie', (d) => d[0] === d[4]);
  return options;
}

const OPTIONS = modelOptions();

function modelPayout(option: ModelOption, stakeMinor: number, digits: readonly number[], odds: LotteryOdds): number {
  return option.wins(digits) ? Math.floor((stakeMinor * odds[option.oddsKey]!) / 100) : 0;
}

/** Every one of the 10^5 draws, as digit arrays. */
function allDraws(): number[][] {
  return Array.from({ length: 100_000 }, (_, n) => [...String(n).padStart(5, '0')].map(Number));
}

const digitsArb = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 5, maxLength: 5 });
const optionArb = fc.constantFrom(...OPTIONS);
const modeArb = fc.constantFrom(...LOTTERY_PRIZE_MODES);
// Stakes and odds whose payouts stay safe integers (the refusal of larger ones is tested below).
const stakeArb = fc.integer({ min: 1, max: 100_000_000 });

describe('fast lottery rules', () => {
  it('takes the bet types in the board order, each option of the model', () => {
    expect(fastRules.betTypes).toEqual(FAST_BET_TYPES);
    expect(new Set(OPTIONS.map((option) => option.betType))).toEqual(new Set(FAST_BET_TYPES));
    const odds = fastRules.defaultOdds('Lott');
    for (const option of OPTIONS) {
      expect(
        fastRules.checkBet({ betType: option.betType, selection: [option.selection], stakeMinor: 100 }, odds),
      ).toBe(null);
    }
  });

  it('settles as the model on random draws, options, stakes and odds', () => {
    fc.assert(
      fc.property(
        digitsArb,
        optionArb,
        stakeArb,
        modeArb,
        fc.option(fc.integer({ min: 1, max: 10_000_000 })),
        (digits, option, stakeMinor, mode, changed) => {
          const odds = changed === null ? fastRules.defaultOdds(mode) : { [option.oddsKey]: changed };
          const bet: LotteryBet = { betType: option.betType, selection: [option.selection], stakeMinor };
          const paid = fastRules.settle(bet, { digits }, odds);
          expect(paid).toBe(modelPayout(option, stakeMinor, digits, odds));
          // Its exposure: the one option it names, at the most it could pay, never less than it paid.
          const exposure = fastRules.exposure(bet, odds);
          expect(exposure).toEqual([
            { key: option.exposureKey, payoutMinor: Math.floor((stakeMinor * odds[option.oddsKey]!) / 100) },
          ]);
          expect(paid).toBeLessThanOrEqual(exposure[0]!.payoutMinor);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('wins each option on the draws the model says, over all 100,000 draws (sampled options)', () => {
    const draws = allDraws();
    const odds = fastRules.defaultOdds('SEA');
    for (const option of OPTIONS.filter((_, index) => index % 7 === 0)) {
      const bet = { betType: option.betType, selection: [option.selection], stakeMinor: 100 };
      const [key] = fastRules.exposure(bet, odds);
      // Counted, not asserted one by one: two million expectations would take most of a minute.
      const wrong = draws.filter(
        (digits) => fastRules.settle(bet, { digits }, odds) !== (option.wins(digits) ? key!.payoutMinor : 0),
      );
      expect(wrong).toEqual([]);
    }
  });

  it("prices every option at the largest hundredths whose exact return is within its mode's target", () => {
    const draws = allDraws();
    const wins = OPTIONS.map((option) => draws.filter((digits) => option.wins(digits)).length);
    for (const mode of LOTTERY_PRIZE_MODES) {
      const odds = fastRules.defaultOdds(mode);
      const target = LOTTERY_TARGET_RTP_BASIS_POINTS[mode];
      expect(Object.keys(odds).sort()).toEqual([...new Set(OPTIONS.map((option) => option.oddsKey))].sort());
      OPTIONS.forEach((option, index) => {
        const at = odds[option.oddsKey]!;
        // RTP = odds / 100 × wins / 100,000 ≤ target / 10,000, exactly: odds × wins ≤ target × 1,000.
        expect(at * wins[index]!).toBeLessThanOrEqual(target * 1_000);
        expect((at + 1) * wins[index]!).toBeGreaterThan(target * 1_000);
      });
    }
  });

  it('returns the RTP per bet type stated in docs/product/lottery.md (Lott, in basis points)', () => {
    const draws = allDraws();
    const odds = fastRules.defaultOdds('Lott');
    const rtp = (betType: string, selection: string) => {
      const option = OPTIONS.find((one) => one.betType === betType && one.selection === selection)!;
      const won = draws.filter((digits) => option.wins(digits)).length;
      return Math.floor((odds[option.oddsKey]! * won) / 1_000);
    };
    expect(rtp('digit', '3:7')).toBe(9_750);
    expect(rtp('big_small', 'sum:big')).toBe(9_750);
    expect(rtp('odd_even', '2:odd')).toBe(9_750);
    expect([rtp('sum', '22'), rtp('sum', '10'), rtp('sum', '5')]).toEqual([9_750, 9_749, 9_749]);
    expect(['triple', 'straight', 'pair', 'mixed'].map((kind) => rtp('front3', kind))).toEqual([
      9_750, 9_750, 9_747, 9_702,
    ]);
    expect([rtp('dragon_tiger', 'dragon'), rtp('dragon_tiger', 'tie')]).toEqual([9_720, 9_750]);
    const sums = Array.from({ length: 46 }, (_, sum) => rtp('sum', String(sum)));
    expect(Math.min(...sums)).toBeGreaterThanOrEqual(9_744);
  });

  it('refuses a bad bet with its code', () => {
    const odds = fastRules.defaultOdds('ZY');
    const check = (betType: string, selection: string[], stakeMinor = 100, table: LotteryOdds = odds) =>
      fastRules.checkBet({ betType, selection, stakeMinor }, table);
    expect(check('pick5', ['1'])).toBe('UNKNOWN_BET_TYPE');
    expect(check('digit', ['1:7', '2:7'])).toBe('SELECTION_COUNT');
    expect(check('sum', [])).toBe('SELECTION_COUNT');
    for (const [betType, selection] of [
      ['digit', '6:1'],
      ['digit', '1:10'],
      ['digit', '0:5'],
      ['big_small', 'sum:odd'],
      ['big_small', '6:big'],
      ['odd_even', '1:big'],
      ['sum', '46'],
      ['sum', '07'],
      ['sum', '-1'],
      ['front3', 'quad'],
      ['dragon_tiger', 'draw'],
    ]) {
      expect(check(betType!, [selection!])).toBe('BAD_SELECTION');
    }
    for (const stake of [0, -100, 1.5, Number.NaN, 2 ** 53]) expect(check('digit', ['1:7'], stake)).toBe('BAD_STAKE');
    // A stake whose payout at the odds would not be a safe integer.
    expect(check('sum', ['0'], Math.floor(Number.MAX_SAFE_INTEGER / 1_000))).toBe('BAD_STAKE');
    expect(check('digit', ['1:7'], 100, {})).toBe('ODDS_MISSING');
    expect(check('digit', ['1:7'], 100, { digit: 0 })).toBe('ODDS_MISSING');
    expect(check('sum', ['3'], 100, { 'sum:4': 1_000 })).toBe('ODDS_MISSING');
    expect(check('dragon_tiger', ['tie'], 100, { dragon_tiger: 200 })).toBe('ODDS_MISSING');
  });

  it('refuses to settle a refused bet or a malformed result', () => {
    const odds = fastRules.defaultOdds('Elott');
    const bet = { betType: 'digit', selection: ['1:7'], stakeMinor: 100 };
    const result: FastResult = { digits: [7, 0, 0, 0, 0] };
    expect(fastRules.settle(bet, result, odds)).toBe(965);
    expect(() => fastRules.settle({ ...bet, selection: ['9:9'] }, result, odds)).toThrow(RangeError);
    expect(() => fastRules.exposure({ ...bet, stakeMinor: 0 }, odds)).toThrow(RangeError);
    expect(() => fastRules.settle(bet, { digits: [7, 0, 0, 0] }, odds)).toThrow(RangeError);
    expect(() => fastRules.settle(bet, { digits: [7, 0, 0, 0, 10] }, odds)).toThrow(RangeError);
  });

  it('names the kind of three digits as the model does, for all 1,000', () => {
    for (let n = 0; n < 1_000; n += 1) {
      const three = [Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10] as const;
      expect(fastThreeKind(...three)).toBe(modelKind(three));
    }
    expect([fastThreeKind(8, 9, 0), fastThreeKind(1, 9, 0), fastThreeKind(7, 9, 8), fastThreeKind(9, 0, 2)]).toEqual([
      'straight',
      'straight',
      'straight',
      'mixed',
    ]);
  });
});
