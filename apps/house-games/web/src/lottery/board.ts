import {
  FAST_MAX_SUM,
  FAST_THREE_KINDS,
  KENO_MAX_PICK,
  KENO_POOL,
  payoutAt,
  type LotteryBet,
  type LotteryOdds,
} from '@parlay/fairness';
import type { LotteryTextKey } from './lottery-i18n';

// The lottery board's options and what the player's choice on it places (docs/product/lottery.md): pure, so the
// tests map choices to bets and check each against the family's own rules (packages/fairness/src/lottery/).
// A fast game's board is its options by tab, one bet an option; keno's is the 80-number grid (the numbers chosen are
// one pickN bet, N how many) and its big/small and odd/even options.

export type LotteryFamily = 'fast' | 'keno';

/** What a button of the board shows: a number as it is, or a word to translate. */
export type OptionText = { number: string } | { key: LotteryTextKey };

/** One option of the board: one bet of the slip when chosen. */
export interface BoardOption {
  /** Unique in its game: the bet type and the selection. */
  id: string;
  betType: string;
  selection: string;
  /** The odds key it is paid at (for a keno pick: the bet type, paid by its hits). */
  oddsKey: string;
  text: OptionText;
  /** A ball (a digit or number) rather than a word button. */
  ball: boolean;
}

export interface BoardRow {
  title: LotteryTextKey;
  options: BoardOption[];
}

export interface BoardTab {
  id: string;
  title: LotteryTextKey;
  rows: BoardRow[];
  /** Keno's number grid: its numbers are chosen apart from the options. */
  grid?: boolean;
}

const POSITIONS = [1, 2, 3, 4, 5] as const;
const POSITION_TITLES: LotteryTextKey[] = ['pos1', 'pos2', 'pos3', 'pos4', 'pos5'];

function option(betType: string, selection: string, oddsKey: string, text: OptionText, ball = false): BoardOption {
  return { id: `${betType}|${selection}`, betType, selection, oddsKey, text, ball };
}

const word = (key: LotteryTextKey): OptionText => ({ key });

function twoSides(where: string): BoardOption[] {
  return [
    option('big_small', `${where}:big`, 'big_small', word('big')),
    option('big_small', `${where}:small`, 'big_small', word('small')),
    option('odd_even', `${where}:odd`, 'odd_even', word('odd')),
    option('odd_even', `${where}:even`, 'odd_even', word('even')),
  ];
}

const THREE_KIND_TEXT: Record<(typeof FAST_THREE_KINDS)[number], LotteryTextKey> = {
  triple: 'triple',
  straight: 'straight',
  pair: 'pair',
  mixed: 'mixed',
};

/** The fast games' board (FAST1, FAST3, FAST5): the same for each. */
export const FAST_TABS: readonly BoardTab[] = [
  {
    id: 'digit',
    title: 'tabDigits',
    rows: POSITIONS.map((position, index) => ({
      title: POSITION_TITLES[index]!,
      options: Array.from({ length: 10 }, (_, digit) =>
        option('digit', `${position}:${digit}`, 'digit', { number: String(digit) }, true),
      ),
    })),
  },
  {
    id: 'two_sides',
    title: 'tabTwoSides',
    rows: [
      { title: 'sumRow', options: twoSides('sum') },
      ...POSITIONS.map((position, index) => ({ title: POSITION_TITLES[index]!, options: twoSides(String(position)) })),
    ],
  },
  {
    id: 'sum',
    title: 'tabSum',
    rows: [
      {
        title: 'sumRow',
        options: Array.from({ length: FAST_MAX_SUM + 1 }, (_, sum) =>
          option('sum', String(sum), `sum:${sum}`, { number: String(sum) }, true),
        ),
      },
    ],
  },
  {
    id: 'three',
    title: 'tabThree',
    rows: (['front3', 'middle3', 'back3'] as const).map((betType) => ({
      title: betType,
      options: FAST_THREE_KINDS.map((kind) => option(betType, kind, `${betType}:${kind}`, word(THREE_KIND_TEXT[kind]))),
    })),
  },
  {
    id: 'dragon_tiger',
    title: 'tabDragonTiger',
    rows: [
      {
        title: 'dragonTigerRow',
        options: [
          option('dragon_tiger', 'dragon', 'dragon_tiger', word('dragon')),
          option('dragon_tiger', 'tiger', 'dragon_tiger', word('tiger')),
          option('dragon_tiger', 'tie', 'dragon_tiger:tie', word('tie')),
        ],
      },
    ],
  },
];

/** The e-lottery's board (KENO): the grid, then big/small and odd/even of the 20 drawn. */
export const KENO_TABS: readonly BoardTab[] = [
  { id: 'pick', title: 'tabPick', rows: [], grid: true },
  {
    id: 'options',
    title: 'tabKenoOptions',
    rows: [
      {
        title: 'kenoSumRow',
        options: [
          option('big_small', 'big', 'big_small', word('big')),
          option('big_small', 'small', 'big_small', word('small')),
          option('big_small', 'tie', 'big_small:tie', word('tie')),
        ],
      },
      {
        title: 'kenoOddEvenRow',
        options: [
          option('odd_even', 'odd', 'odd_even', word('odd')),
          option('odd_even', 'even', 'odd_even', word('even')),
          option('odd_even', 'tie', 'odd_even:tie', word('tie')),
        ],
      },
    ],
  },
];

export const KENO_NUMBERS: readonly number[] = Array.from({ length: KENO_POOL }, (_, index) => index + 1);

export function tabsOf(family: LotteryFamily): readonly BoardTab[] {
  return family === 'keno' ? KENO_TABS : FAST_TABS;
}

/** Every option of a family's board by id. */
export function optionsById(family: LotteryFamily): ReadonlyMap<string, BoardOption> {
  return new Map(tabsOf(family).flatMap((tab) => tab.rows.flatMap((row) => row.options.map((o) => [o.id, o]))));
}

/** What the player has chosen on a board: options (by id, in the order chosen) and keno's numbers. */
export interface BoardChoice {
  options: readonly string[];
  numbers: readonly number[];
}

export const EMPTY_CHOICE: BoardChoice = { options: [], numbers: [] };

/** Chooses an option, or lets it go when it was chosen. */
export function toggleOption(choice: BoardChoice, id: string): BoardChoice {
  const options = choice.options.includes(id) ? choice.options.filter((o) => o !== id) : [...choice.options, id];
  return { ...choice, options };
}

/** Chooses a keno number, or lets it go; no more than ten (a pick10 at most): an eleventh is not taken. */
export function toggleNumber(choice: BoardChoice, number: number): BoardChoice {
  if (choice.numbers.includes(number)) return { ...choice, numbers: choice.numbers.filter((n) => n !== number) };
  if (choice.numbers.length >= KENO_MAX_PICK) return choice;
  return { ...choice, numbers: [...choice.numbers, number] };
}

/** `count` distinct numbers of 1-80 drawn with `random` (0 <= x < 1): keno's quick pick. */
export function quickPick(count: number, random: () => number = Math.random): number[] {
  const pool = [...KENO_NUMBERS];
  const picked: number[] = [];
  const wanted = Math.min(Math.max(count, 1), KENO_MAX_PICK);
  while (picked.length < wanted) {
    const [number] = pool.splice(Math.floor(random() * pool.length), 1);
    picked.push(number!);
  }
  return picked.sort((a, b) => a - b);
}

/**
 * The slip's bets from a choice, each at `stakeMinor`: one bet an option (in the order chosen); keno's numbers one
 * pickN bet, N how many, its numbers in ascending order.
 */
export function choiceToBets(family: LotteryFamily, choice: BoardChoice, stakeMinor: number): LotteryBet[] {
  const known = optionsById(family);
  const bets: LotteryBet[] = [];
  if (family === 'keno' && choice.numbers.length > 0) {
    const numbers = [...choice.numbers].sort((a, b) => a - b).map(String);
    bets.push({ betType: `pick${numbers.length}`, selection: numbers, stakeMinor });
  }
  for (const id of choice.options) {
    const found = known.get(id);
    if (found) bets.push({ betType: found.betType, selection: [found.selection], stakeMinor });
  }
  return bets;
}

/** The odds key a bet is paid at (its best one for a keno pick: the top of its paytable). */
function oddsKeyOf(family: LotteryFamily, bet: LotteryBet): string | null {
  if (/^pick\d+$/.test(bet.betType)) return null;
  return optionsById(family).get(`${bet.betType}|${bet.selection[0]}`)?.oddsKey ?? null;
}

/** A keno pickN's paytable in the session's odds: hits → odds, highest hits first. */
export function pickPaytable(picked: number, odds: LotteryOdds): { hits: number; odds: number }[] {
  const table: { hits: number; odds: number }[] = [];
  for (let hits = picked; hits >= 0; hits -= 1) {
    const at = odds[`pick${picked}:${hits}`];
    if (at !== undefined && at > 0) table.push({ hits, odds: at });
  }
  return table;
}

/** The most a bet pays at, in hundredths: its option's odds, or a pick's top prize. Null when the table has none. */
export function bestOdds(family: LotteryFamily, bet: LotteryBet, odds: LotteryOdds): number | null {
  if (/^pick\d+$/.test(bet.betType)) {
    const table = pickPaytable(Number(bet.betType.slice(4)), odds);
    return table.length ? Math.max(...table.map((row) => row.odds)) : null;
  }
  const key = oddsKeyOf(family, bet);
  const at = key === null ? undefined : odds[key];
  return at !== undefined && at > 0 ? at : null;
}

/** The slip's total stake and the most it can win (each bet at its best odds; floored as the vendor pays). */
export function slipTotals(
  family: LotteryFamily,
  bets: readonly LotteryBet[],
  odds: LotteryOdds,
): { stakeMinor: number; potentialWinMinor: number } {
  let stakeMinor = 0;
  let potentialWinMinor = 0;
  for (const bet of bets) {
    stakeMinor += bet.stakeMinor;
    const at = bestOdds(family, bet, odds);
    if (at !== null) potentialWinMinor += payoutAt(bet.stakeMinor, at);
  }
  return { stakeMinor, potentialWinMinor };
}

/**
 * Odds in hundredths as the board shows them: 9.8 → "9.80"; from 1,000 on whole, cut down (never shown above what
 * pays), so that a sum's or a keno jackpot's odds fit on its ball.
 */
export function formatOdds(hundredths: number, language: string): string {
  if (hundredths >= 100_000) return new Intl.NumberFormat(language).format(Math.floor(hundredths / 100));
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    hundredths / 100,
  );
}

/** Quick stakes: multiples of the smallest stake allowed, within the largest. */
export function stakeChips(limits: { minBetMinor: number; maxBetMinor: number }): number[] {
  const base = Math.max(1, limits.minBetMinor);
  return [1, 5, 10, 50, 100].map((times) => base * times).filter((amount) => amount <= limits.maxBetMinor);
}

type Translate = (key: LotteryTextKey, values?: Record<string, string | number>) => string;

const PLACE_TITLE: Record<string, LotteryTextKey> = {
  sum: 'sumRow',
  '1': 'pos1',
  '2': 'pos2',
  '3': 'pos3',
  '4': 'pos4',
  '5': 'pos5',
};

/** What an option shows, in words or as its number. */
export function optionText(text: OptionText, t: Translate): string {
  return 'number' in text ? text.number : t(text.key);
}

/** A bet as the slip and the player's bets name it: "1st digit · 7", "Pick 3: 5, 12, 40". */
export function betLabel(
  family: LotteryFamily,
  bet: { betType: string; selection: readonly string[] },
  t: Translate,
): string {
  const [first = ''] = bet.selection;
  if (/^pick\d+$/.test(bet.betType)) return `${t('pickBet', { n: bet.selection.length })}: ${bet.selection.join(', ')}`;
  const found = optionsById(family).get(`${bet.betType}|${first}`);
  if (!found) return `${bet.betType} ${bet.selection.join(', ')}`;
  const value = optionText(found.text, t);
  if (family === 'keno') return `${t(bet.betType === 'big_small' ? 'kenoSumRow' : 'kenoOddEvenRow')} · ${value}`;
  switch (bet.betType) {
    case 'digit':
    case 'big_small':
    case 'odd_even':
      return `${t(PLACE_TITLE[first.split(':')[0]!] ?? 'sumRow')} · ${value}`;
    case 'sum':
      return `${t('sum')} · ${value}`;
    case 'dragon_tiger':
      return `${t('tabDragonTiger')} · ${value}`;
    default:
      return `${t(bet.betType as LotteryTextKey)} · ${value}`;
  }
}
