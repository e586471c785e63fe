import { fastRules, kenoRules, payoutAt } from '@parlay/fairness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_CHOICE,
  FAST_TABS,
  KENO_NUMBERS,
  KENO_TABS,
  betLabel,
  bestOdds,
  choiceToBets,
  formatOdds,
  optionsById,
  quickPick,
  slipTotals,
  stakeChips,
  toggleNumber,
  toggleOption,
  type BoardChoice,
} from './board';
import { lotteryTranslator } from './lottery-i18n';

const FAST_ODDS = fastRules.defaultOdds('Lott');
const KENO_ODDS = kenoRules.defaultOdds('Lott');
const fastIds = [...optionsById('fast').keys()];
const kenoIds = [...optionsById('keno').keys()];
const en = lotteryTranslator('en');

const fastChoice = fc
  .uniqueArray(fc.constantFrom(...fastIds), { maxLength: 30 })
  .map((options): BoardChoice => ({ options, numbers: [] }));
const kenoChoice = fc
  .record({
    options: fc.uniqueArray(fc.constantFrom(...kenoIds)),
    numbers: fc.uniqueArray(fc.constantFrom(...KENO_NUMBERS), { maxLength: 10 }),
  })
  .map((choice): BoardChoice => choice);

describe('the board: choices to bets', () => {
  it('covers every fast bet type and option the rules take, each once', () => {
    const betTypes = new Set(FAST_TABS.flatMap((tab) => tab.rows.flatMap((row) => row.options.map((o) => o.betType))));
    expect([...betTypes].sort()).toEqual([...fastRules.betTypes].sort());
    // 5 × 10 digits, 6 × 4 two-sides, 46 sums, 3 × 4 three-kinds, 3 dragon/tiger.
    expect(fastIds).toHaveLength(50 + 24 + 46 + 12 + 3);
    for (const option of optionsById('fast').values()) expect(FAST_ODDS[option.oddsKey]).toBeGreaterThan(0);
    for (const option of optionsById('keno').values()) expect(KENO_ODDS[option.oddsKey]).toBeGreaterThan(0);
    expect(KENO_TABS[0]!.grid).toBe(true);
  });

  it('maps any fast choice to one bet an option, in the order chosen, each one the rules accept', () => {
    fc.assert(
      fc.property(fastChoice, fc.integer({ min: 1, max: 1_000_000 }), (choice, stake) => {
        const bets = choiceToBets('fast', choice, stake);
        expect(bets).toHaveLength(choice.options.length);
        bets.forEach((bet, index) => {
          expect(`${bet.betType}|${bet.selection[0]}`).toBe(choice.options[index]);
          expect(bet.stakeMinor).toBe(stake);
          expect(fastRules.checkBet(bet, FAST_ODDS)).toBeNull();
        });
      }),
    );
  });

  it("maps keno's numbers to one pickN bet (N how many, ascending) before its options, each accepted", () => {
    fc.assert(
      fc.property(kenoChoice, fc.integer({ min: 1, max: 1_000_000 }), (choice, stake) => {
        const bets = choiceToBets('keno', choice, stake);
        expect(bets).toHaveLength(choice.options.length + (choice.numbers.length > 0 ? 1 : 0));
        if (choice.numbers.length > 0) {
          expect(bets[0]!.betType).toBe(`pick${choice.numbers.length}`);
          expect(bets[0]!.selection.map(Number)).toEqual([...choice.numbers].sort((a, b) => a - b));
        }
        for (const bet of bets) expect(kenoRules.checkBet(bet, KENO_ODDS)).toBeNull();
      }),
    );
  });

  it('gives the examples players read', () => {
    let choice = toggleOption(EMPTY_CHOICE, 'digit|1:7');
    choice = toggleOption(choice, 'big_small|sum:big');
    choice = toggleOption(choice, 'front3|straight');
    choice = toggleOption(choice, 'dragon_tiger|tie');
    const bets = choiceToBets('fast', choice, 1_000);
    expect(bets).toEqual([
      { betType: 'digit', selection: ['1:7'], stakeMinor: 1_000 },
      { betType: 'big_small', selection: ['sum:big'], stakeMinor: 1_000 },
      { betType: 'front3', selection: ['straight'], stakeMinor: 1_000 },
      { betType: 'dragon_tiger', selection: ['tie'], stakeMinor: 1_000 },
    ]);
    expect(bets.map((bet) => betLabel('fast', bet, en))).toEqual([
      '1st digit · 7',
      'Sum · Big',
      'Front 3 (1st–3rd) · Straight',
      'Dragon Tiger · Tie',
    ]);
    // Choosing an option again lets it go.
    expect(choiceToBets('fast', toggleOption(choice, 'digit|1:7'), 1_000)).toHaveLength(3);

    const keno = [40, 5, 12].reduce(toggleNumber, EMPTY_CHOICE);
    const kenoBets = choiceToBets('keno', toggleOption(keno, 'odd_even|tie'), 500);
    expect(kenoBets).toEqual([
      { betType: 'pick3', selection: ['5', '12', '40'], stakeMinor: 500 },
      { betType: 'odd_even', selection: ['tie'], stakeMinor: 500 },
    ]);
    expect(betLabel('keno', kenoBets[0]!, en)).toBe('Pick 3: 5, 12, 40');
    expect(betLabel('keno', kenoBets[1]!, en)).toBe('More odd or even · Tie');
  });

  it('takes no eleventh keno number, and lets a chosen one go', () => {
    const ten = KENO_NUMBERS.slice(0, 10).reduce(toggleNumber, EMPTY_CHOICE);
    expect(toggleNumber(ten, 80)).toBe(ten);
    expect(toggleNumber(ten, 3).numbers).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('quick-picks distinct numbers of 1-80', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.infiniteStream(fc.double({ min: 0, max: 0.999999 })), (n, s) => {
        const picked = quickPick(n, () => s.next().value);
        expect(picked).toHaveLength(n);
        expect(new Set(picked).size).toBe(n);
        expect(picked.every((number) => number >= 1 && number <= 80)).toBe(true);
      }),
    );
  });
});

describe('the slip: totals and odds', () => {
  it('totals the stakes and the most the slip can win, as the rules pay the best hit', () => {
    fc.assert(
      fc.property(kenoChoice, fc.integer({ min: 1, max: 100_000 }), (choice, stake) => {
        const bets = choiceToBets('keno', choice, stake);
        const totals = slipTotals('keno', bets, KENO_ODDS);
        expect(totals.stakeMinor).toBe(stake * bets.length);
        // The most each bet's exposure says it could pay, summed.
        const most = bets.reduce(
          (sum, bet) => sum + Math.max(...kenoRules.exposure(bet, KENO_ODDS).map((e) => e.payoutMinor)),
          0,
        );
        expect(totals.potentialWinMinor).toBe(most);
      }),
    );
    const bet = { betType: 'digit', selection: ['3:4'], stakeMinor: 1_000 };
    expect(bestOdds('fast', bet, FAST_ODDS)).toBe(FAST_ODDS['digit']);
    expect(slipTotals('fast', [bet], FAST_ODDS).potentialWinMinor).toBe(payoutAt(1_000, FAST_ODDS['digit']!));
  });

  it('shows odds in hundredths as players read them', () => {
    expect(formatOdds(980, 'en')).toBe('9.80');
    expect(formatOdds(195, 'ko')).toBe('1.95');
    expect(formatOdds(10_000_000, 'en')).toBe('100,000');
    // From 1,000 on: whole, cut down, never above what pays.
    expect(formatOdds(278_571, 'en')).toBe('2,785');
    expect(formatOdds(99_999, 'en')).toBe('999.99');
  });

  it('offers quick stakes within the limits', () => {
    expect(stakeChips({ minBetMinor: 100, maxBetMinor: 5_000 })).toEqual([100, 500, 1_000, 5_000]);
    expect(stakeChips({ minBetMinor: 0, maxBetMinor: 1_000_000 })).toEqual([1, 5, 10, 50, 100]);
  });
});
