import { payoutAt, seaRules, vnBetTypesFor, vnRules, type SeaResult, type VnResult } from '@parlay/fairness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lotteryTranslator } from './lottery-i18n';
import {
  EMPTY_PICKS,
  REGIONAL_FAMILIES,
  REGIONAL_KINDS,
  REGIONS,
  betKind,
  boardOrder,
  drawLocalTime,
  formatDrawCountdown,
  fourDigitNumbers,
  isValidNumber,
  kindName,
  loTable,
  markedNumbers,
  orderings,
  pickerNumbers,
  pickerOf,
  picksToBets,
  pressedNumbers,
  regionalBetLabel,
  regionalOdds,
  regionalTotals,
  removeBet,
  resultRows,
  togglePick,
  twoDigitNumbers,
  type BetShape,
  type RegionalPicks,
} from './regional';

// The shapes the games call answers for a northern game (lottery-board-info.test.ts checks the vendor's side): the
// count of numbers and their digits of each bet type, as docs/product/lottery.md#the-bets writes them.
const SHAPE: Record<string, { count: number; digits: number }> = {
  de: { count: 1, digits: 2 },
  de3: { count: 1, digits: 3 },
  de_dau: { count: 1, digits: 1 },
  de_duoi: { count: 1, digits: 1 },
  lo2: { count: 1, digits: 2 },
  lo3: { count: 1, digits: 3 },
  dau: { count: 1, digits: 2 },
  xien2: { count: 2, digits: 2 },
  xien3: { count: 3, digits: 2 },
  xien4: { count: 4, digits: 2 },
  truot4: { count: 4, digits: 2 },
  truot8: { count: 8, digits: 2 },
  truot10: { count: 10, digits: 2 },
};
const NORTH: BetShape[] = vnBetTypesFor('north').map((betType) => ({ betType, ...SHAPE[betKind(betType)]! }));
const ODDS = vnRules.defaultOdds('Lott');
const en = lotteryTranslator('en');

// A real northern result (Sunday 17 February 2008), as packages/fairness/src/lottery/vn.test.ts has it.
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

/** A random number a shape's picker could give (typed ones too). */
const numberOf = (shape: BetShape) =>
  fc.integer({ min: 0, max: 10 ** shape.digits! - 1 }).map((n) => String(n).padStart(shape.digits!, '0'));
/** Random taps: a bet type of the board and a number of it. */
const taps = fc.array(
  fc.constantFrom(...NORTH).chain((shape) => numberOf(shape).map((number) => ({ shape, number }))),
  { maxLength: 60 },
);
const tapAll = (list: { shape: BetShape; number: string }[]): RegionalPicks =>
  list.reduce((picks, tap) => togglePick(picks, tap.shape, tap.number), EMPTY_PICKS);

describe('the regional board: pickers', () => {
  it('fits each bet type: ten digits for one, the 00-99 grid for two, a typed number for three or more', () => {
    const picker = (betType: string) => pickerOf(NORTH.find((shape) => shape.betType === betType)!);
    expect(['de_dau', 'de_duoi'].map(picker)).toEqual(['digit', 'digit']);
    expect(['de', 'lo2_mb', 'dau_mb', 'xien3_mb', 'truot10_mb'].map(picker)).toEqual(Array(5).fill('grid'));
    expect(['de3', 'lo3_mb'].map(picker)).toEqual(['typed', 'typed']);
    expect(pickerOf({ betType: 'digit', count: 1, digits: null })).toBeNull();
    expect(pickerOf({ betType: 'big', count: 1, digits: 4 })).toBe('typed');
    expect(pickerNumbers(NORTH.find((shape) => shape.betType === 'lo2_mb')!)).toEqual(
      Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')),
    );
    expect(pickerNumbers(NORTH.find((shape) => shape.betType === 'de_dau')!)).toHaveLength(10);
  });

  it('orders the bet types as players buy them, lô first, keeping the ones it has no word for, last', () => {
    const order = boardOrder([...NORTH, { betType: 'mystery', count: 1, digits: 2 }]).map((shape) => shape.betType);
    expect(order).toEqual([
      'lo2_mb',
      'lo3_mb',
      'de',
      'de3',
      'de_dau',
      'de_duoi',
      'dau_mb',
      'xien2_mb',
      'xien3_mb',
      'xien4_mb',
      'truot4_mb',
      'truot8_mb',
      'truot10_mb',
      'mystery',
    ]);
  });

  it('takes a typed number of exactly its digits, ASCII only, as the vendor does', () => {
    const de3 = NORTH.find((shape) => shape.betType === 'de3')!;
    for (const text of ['123', '007', '000']) expect(isValidNumber(de3, text)).toBe(true);
    for (const text of ['12', '1234', '7', '12a', ' 123', '١٢٣', '１２３', ''])
      expect(isValidNumber(de3, text)).toBe(false);
    // The board's word is the rules' word: whatever it takes, vnRules takes, and the other way round.
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (text) => {
        const accepted = vnRules.checkBet({ betType: 'de3', selection: [text], stakeMinor: 100 }, ODDS) === null;
        expect(isValidNumber(de3, text)).toBe(accepted);
      }),
    );
  });

  it('names every Vietnamese bet type in players’ words, with a translated sentence of what it wins', () => {
    for (const betType of vnBetTypesFor('south')) {
      const kind = REGIONAL_KINDS[betKind(betType)];
      expect(kind, betType).toBeDefined();
      expect(en(kind!.hint)).not.toBe('');
    }
    expect(kindName('lo2_mn')).toBe('Lô 2 số');
    expect(kindName('xien3_mt')).toBe('Xiên 3');
    expect(kindName('de3')).toBe('3 càng');
    // A kind the board has no word for keeps its code.
    expect(kindName('sum')).toBe('sum');
  });
});

describe('the regional board: picks to bets', () => {
  it('makes only bets the rules take: one a number for one-number types, one a full combination for xiên and trượt', () => {
    fc.assert(
      fc.property(taps, fc.integer({ min: 1, max: 100_000 }), (list, stake) => {
        const picks = tapAll(list);
        const bets = picksToBets(NORTH, picks, stake);
        for (const bet of bets) expect(vnRules.checkBet(bet, ODDS), JSON.stringify(bet)).toBeNull();
        // Each one-number pick is one bet; each completed combination is one, its numbers ascending and its own.
        const singles = Object.values(picks.singles).reduce((sum, numbers) => sum + numbers.length, 0);
        expect(bets).toHaveLength(singles + picks.combos.length);
        const keys = bets.map((bet) => `${bet.betType}|${bet.selection.join()}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const combo of picks.combos) expect([...combo.numbers].sort()).toEqual(combo.numbers);
        // A pending combination is not a bet yet and is short of its count.
        if (picks.pending) {
          const shape = NORTH.find((candidate) => candidate.betType === picks.pending!.betType)!;
          expect(picks.pending.numbers.length).toBeLessThan(shape.count);
        }
        // In the board's order of bet types.
        const order = bets.map((bet) => NORTH.findIndex((shape) => shape.betType === bet.betType));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });

  it('completes a xiên 3 on its third number, once, and lets a pending number go when tapped again', () => {
    const xien3 = NORTH.find((shape) => shape.betType === 'xien3_mb')!;
    let picks = togglePick(togglePick(EMPTY_PICKS, xien3, '38'), xien3, '07');
    expect(pressedNumbers(picks, xien3)).toEqual(['38', '07']);
    expect(picksToBets(NORTH, picks, 1_000)).toEqual([]);
    picks = togglePick(picks, xien3, '38');
    expect(pressedNumbers(picks, xien3)).toEqual(['07']);
    picks = ['38', '91'].reduce((p, n) => togglePick(p, xien3, n), picks);
    expect(picksToBets(NORTH, picks, 1_000)).toEqual([
      { betType: 'xien3_mb', selection: ['07', '38', '91'], stakeMinor: 1_000 },
    ]);
    expect(pressedNumbers(picks, xien3)).toEqual([]);
    // The same three again, in another order, are not a second bet.
    picks = ['91', '07', '38'].reduce((p, n) => togglePick(p, xien3, n), picks);
    expect(picksToBets(NORTH, picks, 1_000)).toHaveLength(1);
    // A number not of the type's digits is not taken.
    expect(togglePick(picks, xien3, '7')).toBe(picks);
  });

  it('removes exactly the bet asked and leaves the others', () => {
    fc.assert(
      fc.property(taps, fc.nat(), (list, at) => {
        const picks = tapAll(list);
        const bets = picksToBets(NORTH, picks, 500);
        fc.pre(bets.length > 0);
        const index = at % bets.length;
        expect(picksToBets(NORTH, removeBet(NORTH, picks, index), 500)).toEqual(bets.filter((_, i) => i !== index));
      }),
    );
  });

  it('totals the stakes and what one hit of each bet pays, as the rules pay a single hit', () => {
    const bets = [
      { betType: 'lo2_mb', selection: ['27'], stakeMinor: 21_600 },
      { betType: 'de', selection: ['23'], stakeMinor: 1_000 },
      { betType: 'xien2_mb', selection: ['07', '38'], stakeMinor: 3_333 },
    ];
    const totals = regionalTotals(bets, ODDS);
    expect(totals.stakeMinor).toBe(25_933);
    expect(totals.oneHitWinMinor).toBe(
      bets.reduce((sum, bet) => sum + payoutAt(bet.stakeMinor, ODDS[bet.betType]!), 0),
    );
    // On the 2008 result: đề 23 hits once (the special ends 23) and pays exactly its one-hit sum.
    const de = bets[1]!;
    expect(vnRules.settle(de, XSMB_2008_02_17, ODDS)).toBe(payoutAt(de.stakeMinor, ODDS['de']!));
    // A family that pays by tier (`type:tier`) is shown at its best tier.
    expect(regionalOdds({ 'big:first': 250_000, 'big:consolation': 6_000 }, 'big')).toBe(250_000);
    expect(regionalOdds({}, 'big')).toBeUndefined();
  });

  it('labels a bet with its kind and numbers', () => {
    expect(regionalBetLabel({ betType: 'lo2_mb', selection: ['27'] })).toBe('Lô 2 số · 27');
    expect(regionalBetLabel({ betType: 'xien2_mb', selection: ['07', '38'] })).toBe('Xiên 2 · 07, 38');
  });
});

describe('the regional board: a result', () => {
  it('lays out the 27 northern prizes from Giải ĐB to Giải bảy, marking the tails of the player’s numbers', () => {
    const rows = resultRows(XSMB_2008_02_17, new Set(['88', '23', '50']));
    expect(rows.map((row) => row.name)).toEqual([
      'Giải ĐB',
      'Giải nhất',
      'Giải nhì',
      'Giải ba',
      'Giải tư',
      'Giải năm',
      'Giải sáu',
      'Giải bảy',
    ]);
    expect(rows.flatMap((row) => row.numbers)).toHaveLength(27);
    expect(rows[0]!.numbers).toEqual([{ head: '872', tail: '23', mine: true }]);
    // 88 came twice ("về 2 nháy"): both are marked; 50 ends no prize (50304 ends 04) and marks nothing.
    const marked = rows.flatMap((row) => row.numbers.filter((n) => n.mine).map((n) => `${n.head}${n.tail}`));
    expect(marked).toEqual(['87223', '52388', '7888']);
    expect(rows.at(-1)!.numbers.map((n) => n.head + n.tail)).toEqual(['81', '16', '95', '94']);
  });

  it('reads the lô table: each prize’s last two digits under their head, a number drawn twice twice', () => {
    const table = loTable(XSMB_2008_02_17);
    expect(table.map((row) => row.head)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(table.reduce((sum, row) => sum + row.tails.length, 0)).toBe(27);
    expect(table[8]).toEqual({ head: '8', tails: ['1', '2', '2', '6', '7', '8', '8'] });
    expect(table[0]).toEqual({ head: '0', tails: ['3', '4', '5'] });
    // The table agrees with the rules: a lô pays once for each of its number's entries.
    for (const row of table)
      for (const tail of new Set(row.tails)) {
        const hits = row.tails.filter((t) => t === tail).length;
        const bet = { betType: 'lo2_mb', selection: [`${row.head}${tail}`], stakeMinor: 100 };
        expect(vnRules.settle(bet, XSMB_2008_02_17, ODDS)).toBe(Math.floor((100 * ODDS['lo2_mb']! * hits) / 100));
      }
  });

  it('marks the two-digit numbers of the player’s bets, not the one- or three-digit ones', () => {
    const numbers = twoDigitNumbers([
      { bets: [{ selection: ['27'] }, { selection: ['07', '38'] }] },
      { bets: [{ selection: ['123'] }, { selection: ['5'] }] },
    ]);
    expect([...numbers].sort()).toEqual(['07', '27', '38']);
  });
});

describe('the regional board: times', () => {
  it('shows a draw at its time in Vietnam, whatever the browser’s zone', () => {
    // The north draws at 18:15 in Vietnam: 11:15 UTC.
    expect(drawLocalTime('2026-11-29T11:15:00.000Z', 'north', 'en').time).toBe('18:15');
    expect(drawLocalTime('2026-11-29T09:15:00.000Z', 'south', 'ko').time).toBe('16:15');
    expect(drawLocalTime('2026-11-29T17:30:00.000Z', 'north', 'en').date).toMatch(/30/);
  });

  it('counts down days for a draw a week away, and as the fast games do under a day', () => {
    expect(formatDrawCountdown(2 * 86_400_000 + 5_000, en)).toBe('2d 00:00:05');
    expect(formatDrawCountdown(3_661_000, en)).toBe('1:01:01');
    expect(formatDrawCountdown(59_000, lotteryTranslator('ko'))).toBe('00:59');
  });
});

// ---- the SEA 4D draws -------------------------------------------------------------------------------------------

// The shapes the games call answers for a SEA game (lottery-board-info.test.ts checks the vendor's side).
const SEA_SHAPES: BetShape[] = seaRules.betTypes.map((betType) => ({
  betType,
  count: 1,
  digits: betType.startsWith('3') ? 3 : 4,
}));
const SEA_ODDS = seaRules.defaultOdds('Lott');
const ko = lotteryTranslator('ko');

/** A Magnum result of Sunday 29 November 2026 (a draw day): `picked` in the tiers named, filler elsewhere. */
function seaResult(picked: string, tiers: ('first' | 'second' | 'third' | 'special')[]): SeaResult {
  // None an ordering of 1234 nor ending in 234: 5100, 5200, 5300, 5400-5409, 6000-6009.
  const lead = { first: '51', second: '52', third: '53', special: '54', consolation: '60' };
  const filler = (tier: keyof typeof lead, count: number) =>
    Array.from({ length: count }, (_, i) => `${lead[tier]}${String(i).padStart(2, '0')}`);
  const pick = (tier: 'first' | 'second' | 'third' | 'special', count: number) => {
    const numbers = filler(tier, count);
    if (tiers.includes(tier)) numbers[0] = picked;
    return numbers;
  };
  return {
    operator: 'MAGNUM',
    date: '2026-11-29',
    prizes: {
      first: pick('first', 1),
      second: pick('second', 1),
      third: pick('third', 1),
      special: pick('special', 10),
      consolation: filler('consolation', 10),
    },
  };
}

describe('the regional board: the SEA 4D draws', () => {
  it('names every SEA bet type in players’ words, with a sentence of what it wins in KO and EN', () => {
    expect(SEA_SHAPES.map((shape) => kindName(shape.betType))).toEqual([
      'Big',
      'Small',
      '4A',
      'iBox Big',
      'iBox Small',
      '3A',
      '3ABC',
    ]);
    for (const { betType } of SEA_SHAPES) {
      const kind = REGIONAL_KINDS[betKind(betType)]!;
      expect(en(kind.hint)).toMatch(new RegExp(`^${kind.name}: `));
      expect(ko(kind.hint)).not.toBe(en(kind.hint));
    }
    // Typed pickers of four digits, three for 3A and 3ABC; in the counters' order, Big first.
    expect(boardOrder([...SEA_SHAPES].reverse()).map((shape) => shape.betType)).toEqual(seaRules.betTypes);
    expect(SEA_SHAPES.map((shape) => pickerOf(shape))).toEqual(Array(7).fill('typed'));
    expect(regionalBetLabel({ betType: '3a', selection: ['234'] })).toBe('3A · 234');
  });

  it('says “per hit” exactly of the bets the rules pay again for a second prize of their number', () => {
    for (const { betType, digits } of SEA_SHAPES) {
      const number = digits === 4 ? '1234' : '234';
      const bet = { betType, selection: [number], stakeMinor: 1_000 };
      // The number in the 1st prize alone, then in the 1st, 2nd, 3rd and a Special.
      const once = seaRules.settle(bet, seaResult('1234', ['first']), SEA_ODDS);
      const again = seaRules.settle(bet, seaResult('1234', ['first', 'second', 'third', 'special']), SEA_ODDS);
      expect(once, betType).toBeGreaterThan(0);
      expect(REGIONAL_KINDS[betType]!.perHit, betType).toBe(again > once);
    }
  });

  it('promises for one hit what the rules pay for the 1st prize, an i-box a share per ordering', () => {
    for (const { betType, digits } of SEA_SHAPES) {
      const bet = { betType, selection: [digits === 4 ? '1234' : '234'], stakeMinor: 777 };
      expect(regionalTotals([bet], SEA_ODDS).oneHitWinMinor, betType).toBe(
        seaRules.settle(bet, seaResult('1234', ['first']), SEA_ODDS),
      );
    }
    // 1123 has 12 orderings: an i-box big on it wins a twelfth of big's.
    const box = { betType: 'ibox_big', selection: ['1123'], stakeMinor: 1_200 };
    expect(regionalTotals([box], SEA_ODDS).oneHitWinMinor).toBe(
      seaRules.settle(box, seaResult('3211', ['first']), SEA_ODDS),
    );
  });

  it('lays out the 23 prizes from the 1st to Consolation, marking the player’s numbers whole, or their last three', () => {
    const family = REGIONAL_FAMILIES['sea']!;
    const result = seaResult('1234', ['first', 'special']);
    const mine = markedNumbers(
      [
        {
          bets: [
            { betType: 'big', selection: ['1234'] },
            { betType: '3abc', selection: ['300'] },
          ],
        },
      ],
      family.marking,
    );
    const rows = resultRows(result, mine, family.tiers, family.marking);
    expect(rows.map((row) => row.name)).toEqual(['1st Prize', '2nd Prize', '3rd Prize', 'Special', 'Consolation']);
    expect(rows.map((row) => en(row.label!))).toEqual(['1st', '2nd', '3rd', 'Starter', 'Consolation']);
    expect(rows.map((row) => ko(row.label!))).toEqual(['1등', '2등', '3등', '특별상 (스타터)', '위로상']);
    expect(rows.flatMap((row) => row.numbers)).toHaveLength(23);
    expect(rows[0]!.numbers).toEqual([{ head: '', tail: '1234', mine: true }]);
    // The 2nd prize (5200) is none of mine; the 3rd (5300) ends in my 3ABC's 300: its last three are marked.
    expect(rows[1]!.numbers).toEqual([{ head: '5200', tail: '', mine: false }]);
    expect(rows[2]!.numbers).toEqual([{ head: '5', tail: '300', mine: true }]);
    const marked = rows.flatMap((row) => row.numbers.filter((n) => n.mine).map((n) => `${n.head}|${n.tail}`));
    expect(marked).toEqual(['|1234', '5|300', '|1234']);
    // The results list names a draw by its 1st prize; a 4D result has no lô table.
    expect(family.headline).toBe('first');
    expect(en(family.title)).toBe('4D lottery');
    expect(ko(family.title)).toBe('4D 복권');
  });

  it('marks every ordering of an i-box’s number, and the three- and four-digit numbers of the other bets', () => {
    expect(orderings('1234')).toHaveLength(24);
    expect(orderings('1123')).toHaveLength(12);
    expect(orderings('1122')).toEqual(['1122', '1212', '1221', '2112', '2121', '2211']);
    const numbers = fourDigitNumbers([
      {
        bets: [
          { betType: 'ibox_small', selection: ['1122'] },
          { betType: 'small', selection: ['9876'] },
        ],
      },
      {
        bets: [
          { betType: '3a', selection: ['045'] },
          { betType: 'lo2_mb', selection: ['27'] },
        ],
      },
    ]);
    expect([...numbers].sort()).toEqual(['045', '1122', '1212', '1221', '2112', '2121', '2211', '9876']);
    // The Vietnamese families still mark by the last two digits.
    expect([...markedNumbers([{ bets: [{ betType: 'lo2_mb', selection: ['27'] }] }], 'tail')]).toEqual(['27']);
  });

  it('groups the operators by country and shows a draw at its time there (UTC+8), whatever the browser’s zone', () => {
    expect(en(REGIONS['malaysia']!.label)).toBe('Malaysia');
    expect(ko(REGIONS['singapore']!.label)).toBe('싱가포르');
    // Magnum draws at 19:00 in Malaysia (11:00 UTC), Singapore Pools at 18:30 (10:30 UTC).
    expect(drawLocalTime('2026-11-29T11:00:00.000Z', 'malaysia', 'en').time).toBe('19:00');
    expect(drawLocalTime('2026-11-29T10:30:00.000Z', 'singapore', 'ko').time).toBe('18:30');
  });
});
