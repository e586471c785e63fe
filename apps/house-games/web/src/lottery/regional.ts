import { payoutAt, type LotteryBet, type LotteryOdds } from '@parlay/fairness';
import { formatCountdown } from './countdown';
import type { LotteryTextKey } from './lottery-i18n';

// The regional board's rules (docs/product/lottery.md#the-players-page): pure, so the tests map picks to bets and
// check each against the family's own rules. A regional game (the Vietnamese draws; the SEA draws plug in the same
// way) is drawn from what the games call says of its bet types: how many numbers each names and of how many digits
// (BetShape), and its odds. What the board adds is the players' words for each kind of bet (REGIONAL_KINDS) and for
// each prize tier of a result (RESULT_TIERS): a family is added by adding its entries there, not another board.

/** A bet type as the games call describes it: `count` numbers of `digits` digits each (null: not plain digits). */
export interface BetShape {
  betType: string;
  count: number;
  digits: number | null;
}

/** How the numbers of a bet type are picked: ten digit balls, the 00-99 grid, or typed. */
export type Picker = 'digit' | 'grid' | 'typed';

/** The picker that fits a bet type's numbers; null when they are not plain digits (the board does not offer it). */
export function pickerOf(shape: BetShape): Picker | null {
  if (shape.digits === null) return null;
  if (shape.digits === 1) return 'digit';
  return shape.digits === 2 ? 'grid' : 'typed';
}

/** What players call a kind of bet (in their own words, as it is sold) and the translated sentence of what it wins. */
export interface KindInfo {
  name: string;
  hint: LotteryTextKey;
  /** Pays once for every prize it matches (lô, đầu), rather than once. */
  perHit: boolean;
  /** Covers every ordering of its number for one stake, a hit paying its odds divided by their count (i-box). */
  box?: boolean;
}

/** The Vietnamese bets (packages/fairness/src/lottery/vn.ts) by kind: the bet type without its region's suffix. */
export const REGIONAL_KINDS: Readonly<Record<string, KindInfo>> = {
  lo2: { name: 'Lô 2 số', hint: 'vnHintLo2', perHit: true },
  lo3: { name: 'Lô 3 số', hint: 'vnHintLo3', perHit: true },
  de: { name: 'Đề', hint: 'vnHintDe', perHit: false },
  de3: { name: '3 càng', hint: 'vnHintDe3', perHit: false },
  de_dau: { name: 'Đề đầu', hint: 'vnHintDeDau', perHit: false },
  de_duoi: { name: 'Đề đuôi', hint: 'vnHintDeDuoi', perHit: false },
  dau: { name: 'Đầu', hint: 'vnHintDau', perHit: true },
  xien2: { name: 'Xiên 2', hint: 'vnHintXien', perHit: false },
  xien3: { name: 'Xiên 3', hint: 'vnHintXien', perHit: false },
  xien4: { name: 'Xiên 4', hint: 'vnHintXien', perHit: false },
  truot4: { name: 'Trượt 4', hint: 'vnHintTruot', perHit: false },
  truot8: { name: 'Trượt 8', hint: 'vnHintTruot', perHit: false },
  truot10: { name: 'Trượt 10', hint: 'vnHintTruot', perHit: false },
  // The SEA 4D bets (packages/fairness/src/lottery/sea.ts), as the Malaysian and Singapore counters sell them. A bet
  // over several tiers is paid for each prize it matches (a number may come in more than one); 4A and 3A name the
  // first prize alone, which is drawn once.
  big: { name: 'Big', hint: 'seaHintBig', perHit: true },
  small: { name: 'Small', hint: 'seaHintSmall', perHit: true },
  '4a': { name: '4A', hint: 'seaHint4a', perHit: false },
  ibox_big: { name: 'iBox Big', hint: 'seaHintIboxBig', perHit: true, box: true },
  ibox_small: { name: 'iBox Small', hint: 'seaHintIboxSmall', perHit: true, box: true },
  '3a': { name: '3A', hint: 'seaHint3a', perHit: false },
  '3abc': { name: '3ABC', hint: 'seaHint3abc', perHit: true },
};

/** A bet type's kind: the code itself, or without the region's suffix (`lo2_mb` → `lo2`) when that is a known kind. */
export function betKind(betType: string): string {
  if (REGIONAL_KINDS[betType]) return betType;
  const bare = betType.replace(/_[a-z]{2,3}$/, '');
  return REGIONAL_KINDS[bare] ? bare : betType;
}

/** A bet type's name on the board: the players' word for it, or its code for a kind the board has no word for. */
export function kindName(betType: string): string {
  return REGIONAL_KINDS[betKind(betType)]?.name ?? betType;
}

/**
 * The bet types in the board's order: players' order of the kinds (lô first, as they are bought most; REGIONAL_KINDS),
 * the kinds it has no word for after, as the games call listed them.
 */
export function boardOrder(shapes: readonly BetShape[]): BetShape[] {
  const kinds = Object.keys(REGIONAL_KINDS);
  const rank = (shape: BetShape) => {
    const at = kinds.indexOf(betKind(shape.betType));
    return at < 0 ? kinds.length : at;
  };
  return shapes
    .map((shape, index) => ({ shape, index }))
    .sort((a, b) => rank(a.shape) - rank(b.shape) || a.index - b.index)
    .map(({ shape }) => shape);
}

/** A number as the bet type takes it: exactly its digits, ASCII 0-9 (the vendor refuses anything else). */
export function isValidNumber(shape: BetShape, text: string): boolean {
  return shape.digits !== null && new RegExp(`^[0-9]{${shape.digits}}$`).test(text);
}

/** Every number of a bet type's picker: "0"-"9" or "00"-"99" (a typed picker has none). */
export function pickerNumbers(shape: BetShape): string[] {
  const picker = pickerOf(shape);
  if (picker === 'digit') return Array.from({ length: 10 }, (_, digit) => String(digit));
  if (picker === 'grid') return Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
  return [];
}

/**
 * What the player has picked on a regional board. A bet type of one number makes a bet of each number picked; one of
 * k numbers (xiên, trượt) makes a bet of every k numbers picked together, gathered in `pending` until there are k.
 */
export interface RegionalPicks {
  singles: Readonly<Record<string, readonly string[]>>;
  combos: readonly { betType: string; numbers: readonly string[] }[];
  pending: { betType: string; numbers: readonly string[] } | null;
}

export const EMPTY_PICKS: RegionalPicks = { singles: {}, combos: [], pending: null };

/**
 * Picks a number of a bet type, or lets it go when it was picked. The k-th number of a combination completes it: it
 * goes to the slip as one bet (its numbers ascending; the same numbers again are not a second bet).
 */
export function togglePick(picks: RegionalPicks, shape: BetShape, number: string): RegionalPicks {
  if (!isValidNumber(shape, number)) return picks;
  const { betType } = shape;
  if (shape.count === 1) {
    const chosen = picks.singles[betType] ?? [];
    const next = chosen.includes(number) ? chosen.filter((n) => n !== number) : [...chosen, number];
    return { ...picks, singles: { ...picks.singles, [betType]: next } };
  }
  const pending = picks.pending?.betType === betType ? picks.pending.numbers : [];
  if (pending.includes(number)) {
    const rest = pending.filter((n) => n !== number);
    return { ...picks, pending: rest.length ? { betType, numbers: rest } : null };
  }
  const numbers = [...pending, number];
  if (numbers.length < shape.count) return { ...picks, pending: { betType, numbers } };
  const combo = [...numbers].sort();
  const known = picks.combos.some((c) => c.betType === betType && c.numbers.join() === combo.join());
  return { ...picks, combos: known ? picks.combos : [...picks.combos, { betType, numbers: combo }], pending: null };
}

/** The numbers a picker shows pressed: those picked for a one-number bet type, the pending ones for a combination. */
export function pressedNumbers(picks: RegionalPicks, shape: BetShape): readonly string[] {
  if (shape.count === 1) return picks.singles[shape.betType] ?? [];
  return picks.pending?.betType === shape.betType ? picks.pending.numbers : [];
}

/** The slip's bets, each at `stakeMinor`, in the board's order of bet types: one-number bets, then combinations. */
export function picksToBets(shapes: readonly BetShape[], picks: RegionalPicks, stakeMinor: number): LotteryBet[] {
  const bets: LotteryBet[] = [];
  for (const { betType } of shapes) {
    for (const number of picks.singles[betType] ?? []) bets.push({ betType, selection: [number], stakeMinor });
    for (const combo of picks.combos) {
      if (combo.betType === betType) bets.push({ betType, selection: [...combo.numbers], stakeMinor });
    }
  }
  return bets;
}

/** The picks without the slip's `index`-th bet (as picksToBets orders them). */
export function removeBet(shapes: readonly BetShape[], picks: RegionalPicks, index: number): RegionalPicks {
  const bet = picksToBets(shapes, picks, 1)[index];
  if (!bet) return picks;
  const [first = ''] = bet.selection;
  const shape = shapes.find((candidate) => candidate.betType === bet.betType);
  if (shape?.count === 1) {
    const rest = (picks.singles[bet.betType] ?? []).filter((n) => n !== first);
    return { ...picks, singles: { ...picks.singles, [bet.betType]: rest } };
  }
  const key = bet.selection.join();
  return { ...picks, combos: picks.combos.filter((c) => c.betType !== bet.betType || c.numbers.join() !== key) };
}

/**
 * The slip's total stake and what it wins if each bet hits once, at the session's odds (floored as the vendor pays).
 * A lô pays again for every other prize ending in its number, so one hit is what the slip can promise, not its most.
 */
export function regionalTotals(
  bets: readonly LotteryBet[],
  odds: LotteryOdds,
): { stakeMinor: number; oneHitWinMinor: number } {
  let stakeMinor = 0;
  let oneHitWinMinor = 0;
  for (const bet of bets) {
    stakeMinor += bet.stakeMinor;
    const at = regionalOdds(odds, bet.betType);
    if (at === undefined) continue;
    // An i-box's hit pays a share of its odds, one for each ordering it covers, floored once as the rules pay it.
    const shares = REGIONAL_KINDS[betKind(bet.betType)]?.box ? orderings(bet.selection[0] ?? '').length : 1;
    oneHitWinMinor += shares === 1 ? payoutAt(bet.stakeMinor, at) : Math.floor((bet.stakeMinor * at) / (100 * shares));
  }
  return { stakeMinor, oneHitWinMinor };
}

/** A bet as the slip and the player's bets name it: "Lô 2 số · 27", "Xiên 2 · 07, 38". */
export function regionalBetLabel(bet: { betType: string; selection: readonly string[] }): string {
  return `${kindName(bet.betType)} · ${bet.selection.join(', ')}`;
}

/** A regional game's region: the players' name of it, its translated one, and the time zone its draws keep. */
export interface RegionInfo {
  name: string;
  label: LotteryTextKey;
  timeZone: string;
  zone: string;
}

/**
 * The Vietnamese regions (Vietnam keeps UTC+7 all year), then the SEA draws' countries (both UTC+8 all year), as the
 * games call gives a game's `region` (apps/house-games/src/lottery/lottery-board-info.ts).
 */
export const REGIONS: Readonly<Record<string, RegionInfo>> = {
  north: { name: 'Miền Bắc', label: 'regionNorth', timeZone: 'Asia/Ho_Chi_Minh', zone: 'UTC+7' },
  central: { name: 'Miền Trung', label: 'regionCentral', timeZone: 'Asia/Ho_Chi_Minh', zone: 'UTC+7' },
  south: { name: 'Miền Nam', label: 'regionSouth', timeZone: 'Asia/Ho_Chi_Minh', zone: 'UTC+7' },
  malaysia: { name: 'Malaysia', label: 'regionMalaysia', timeZone: 'Asia/Kuala_Lumpur', zone: 'UTC+8' },
  singapore: { name: 'Singapore', label: 'regionSingapore', timeZone: 'Asia/Singapore', zone: 'UTC+8' },
};

/** A draw's date and time where it is drawn ("Sun 29/11", "18:15"), whatever the player's own time zone. */
export function drawLocalTime(
  drawsAt: string,
  region: string | null,
  language: string,
): { date: string; time: string } {
  const timeZone = REGIONS[region ?? '']?.timeZone ?? 'UTC';
  const at = new Date(drawsAt);
  return {
    date: new Intl.DateTimeFormat(language, { timeZone, weekday: 'short', day: 'numeric', month: 'numeric' }).format(
      at,
    ),
    time: new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      at,
    ),
  };
}

type Translate = (key: LotteryTextKey, values?: Record<string, string | number>) => string;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A countdown that may run for days (a company draws once a week): "2d 03:04:05", else as countdown.ts writes it. */
export function formatDrawCountdown(ms: number, t: Translate): string {
  if (ms < DAY_MS) return formatCountdown(ms);
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const two = (value: number) => String(value).padStart(2, '0');
  const time = `${two(Math.floor((total % 86_400) / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
  return t('days', { d: days, time });
}

// ---- a result ----------------------------------------------------------------------------------------------------

/** A regional result as the vendor publishes it: each prize tier's numbers, as digit strings. */
export interface RegionalResult {
  prizes: Readonly<Record<string, readonly string[] | undefined>>;
}

export function isRegionalResult(result: unknown): result is RegionalResult {
  return typeof result === 'object' && result !== null && typeof (result as RegionalResult).prizes === 'object';
}

/** A prize tier as the tickets print it: its players' name and its translated one. */
export interface TierInfo {
  tier: string;
  name: string;
  label: LotteryTextKey;
}

/** The Vietnamese prize tiers, in the order the tickets print them. */
export const VN_RESULT_TIERS: readonly TierInfo[] = [
  { tier: 'special', name: 'Giải ĐB', label: 'tierSpecial' },
  { tier: 'first', name: 'Giải nhất', label: 'tierFirst' },
  { tier: 'second', name: 'Giải nhì', label: 'tierSecond' },
  { tier: 'third', name: 'Giải ba', label: 'tierThird' },
  { tier: 'fourth', name: 'Giải tư', label: 'tierFourth' },
  { tier: 'fifth', name: 'Giải năm', label: 'tierFifth' },
  { tier: 'sixth', name: 'Giải sáu', label: 'tierSixth' },
  { tier: 'seventh', name: 'Giải bảy', label: 'tierSeventh' },
  { tier: 'eighth', name: 'Giải tám', label: 'tierEighth' },
];

/** The SEA 4D prize tiers, in the order the tickets print them (23 numbers: 1 + 1 + 1 + 10 + 10). */
export const SEA_RESULT_TIERS: readonly TierInfo[] = [
  { tier: 'first', name: '1st Prize', label: 'tierFirst' },
  { tier: 'second', name: '2nd Prize', label: 'tierSecond' },
  { tier: 'third', name: '3rd Prize', label: 'tierThird' },
  { tier: 'special', name: 'Special', label: 'tierSpecialStarter' },
  { tier: 'consolation', name: 'Consolation', label: 'tierConsolation' },
];

/**
 * How a result marks the player's numbers: `tail`, a prize whose last two digits are one of them (the Vietnamese
 * lô, read beside the lô table); `whole`, a prize that is one of their four-digit numbers (an i-box's orderings
 * included) or ends in one of their three-digit ones (the SEA 4D draws, which have no lô table).
 */
export type Marking = 'tail' | 'whole';

/**
 * The regional families the frame offers, by the games call's `family`: the lobby's title of their games, their
 * result's tiers and the tier the results list names a draw by, how a result marks the player's numbers, and the
 * words of the board's head (its region and company pickers, when the draws fall). A family shows in the frame once
 * it has its entry here (and its bets' words in REGIONAL_KINDS).
 */
export interface RegionalFamily {
  title: LotteryTextKey;
  tiers: readonly TierInfo[];
  headline: string;
  marking: Marking;
  regionLabel: LotteryTextKey;
  companyLabel: LotteryTextKey;
  schedule: LotteryTextKey;
}

export const REGIONAL_FAMILIES: Readonly<Record<string, RegionalFamily>> = {
  vn: {
    title: 'vnLottery',
    tiers: VN_RESULT_TIERS,
    headline: 'special',
    marking: 'tail',
    regionLabel: 'region',
    companyLabel: 'company',
    schedule: 'drawsWeekly',
  },
  sea: {
    title: 'seaLottery',
    tiers: SEA_RESULT_TIERS,
    headline: 'first',
    marking: 'whole',
    regionLabel: 'country',
    companyLabel: 'operator',
    schedule: 'drawsSea',
  },
};

/**
 * The odds a bet type pays at for one hit, in hundredths: its own key, or the best of its tiers' keys
 * (`type:tier`) for a family that pays a bet by the tier it hits. Undefined when the table has none.
 */
export function regionalOdds(odds: LotteryOdds, betType: string): number | undefined {
  const own = odds[betType];
  if (own !== undefined && own > 0) return own;
  const tiers = Object.entries(odds)
    .filter(([key, at]) => key.startsWith(`${betType}:`) && at > 0)
    .map(([, at]) => at);
  return tiers.length ? Math.max(...tiers) : undefined;
}

/** One number of a result's row: its digits before the last two, the last two (the lô tail), and whether it is mine. */
export interface ResultNumber {
  head: string;
  tail: string;
  mine: boolean;
}

/**
 * A prize number split for the table: by `tail`, at its last two digits, marked when those are one of `mine`; by
 * `whole`, marked whole when it is one of `mine`, or at its last three when those are (a 3A/3ABC number), else all head.
 */
function splitNumber(number: string, mine: ReadonlySet<string>, marking: Marking): ResultNumber {
  if (marking === 'tail') {
    const tail = number.slice(-2);
    return { head: number.slice(0, -2), tail, mine: mine.has(tail) };
  }
  if (mine.has(number)) return { head: '', tail: number, mine: true };
  const last3 = number.slice(-3);
  if (number.length > 3 && mine.has(last3)) return { head: number.slice(0, -3), tail: last3, mine: true };
  return { head: number, tail: '', mine: false };
}

/**
 * A result's rows in its family's order (`tiers`; tiers the board has no word for after, under their own code), each number
 * split as `marking` says (by default at its last two digits, marked when those are one of `mine`, the player's
 * two-digit numbers on that draw). Tiers without numbers (the north's eighth) are left out.
 */
export function resultRows(
  result: RegionalResult,
  mine: ReadonlySet<string>,
  tierInfo: readonly TierInfo[] = VN_RESULT_TIERS,
  marking: Marking = 'tail',
): { tier: string; name: string; label: LotteryTextKey | null; numbers: ResultNumber[] }[] {
  const known = tierInfo.map((row) => row.tier);
  const tiers = [...known, ...Object.keys(result.prizes).filter((tier) => !known.includes(tier))];
  return tiers.flatMap((tier) => {
    const numbers = result.prizes[tier] ?? [];
    if (numbers.length === 0) return [];
    const info = tierInfo.find((row) => row.tier === tier);
    return [
      {
        tier,
        name: info?.name ?? tier,
        label: info?.label ?? null,
        numbers: numbers.map((number) => splitNumber(number, mine, marking)),
      },
    ];
  });
}

/**
 * The lô table players read beside a result ("đầu – lô tô"): every prize's last two digits, grouped by their first
 * (the head, 0-9), in ascending order, a number drawn twice shown twice.
 */
export function loTable(result: RegionalResult): { head: string; tails: string[] }[] {
  const endings = Object.values(result.prizes)
    .flatMap((numbers) => numbers ?? [])
    .filter((number) => number.length >= 2)
    .map((number) => number.slice(-2))
    .sort();
  return Array.from({ length: 10 }, (_, head) => ({
    head: String(head),
    tails: endings.filter((ending) => ending[0] === String(head)).map((ending) => ending[1]!),
  }));
}

/** The two-digit numbers of the player's bets (lô, đề, xiên, trượt, đầu): the tails their result marks. */
export function twoDigitNumbers(slips: readonly { bets: readonly { selection: readonly string[] }[] }[]): Set<string> {
  const numbers = new Set<string>();
  for (const slip of slips) {
    for (const bet of slip.bets) for (const n of bet.selection) if (/^[0-9]{2}$/.test(n)) numbers.add(n);
  }
  return numbers;
}

/** Every different ordering of a number's digits (an i-box's numbers), ascending. */
export function orderings(number: string): string[] {
  if (number.length <= 1) return [number];
  const found = new Set<string>();
  for (let i = 0; i < number.length; i += 1) {
    for (const rest of orderings(number.slice(0, i) + number.slice(i + 1))) found.add(number[i] + rest);
  }
  return [...found].sort();
}

/**
 * The numbers a SEA result marks for the player's bets: each four-digit number (an i-box's every ordering, as any
 * of them wins) and each three-digit one (3A, 3ABC: a prize ending in it).
 */
export function fourDigitNumbers(
  slips: readonly { bets: readonly { betType: string; selection: readonly string[] }[] }[],
): Set<string> {
  const numbers = new Set<string>();
  for (const slip of slips) {
    for (const bet of slip.bets) {
      for (const n of bet.selection) {
        if (/^[0-9]{4}$/.test(n))
          for (const each of bet.betType.startsWith('ibox') ? orderings(n) : [n]) numbers.add(each);
        else if (/^[0-9]{3}$/.test(n)) numbers.add(n);
      }
    }
  }
  return numbers;
}

/** The numbers a result marks for the player's bets, as its family marks them. */
export function markedNumbers(
  slips: readonly { bets: readonly { betType: string; selection: readonly string[] }[] }[],
  marking: Marking,
): Set<string> {
  return marking === 'whole' ? fourDigitNumbers(slips) : twoDigitNumbers(slips);
}
