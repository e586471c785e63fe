import { FloatStream, type HmacSha256, type RoundSeeds } from '../random';

/**
 * "Lucky Parlay", the house 5×3 video slot. Wins are counted in line-bet units: one unit is the stake
 * divided by PAYLINES, so a stake that is a multiple of PAYLINES minor units pays whole minor units.
 */
export const SYMBOLS = ['wild', 'scatter', 'seven', 'crown', 'bell', 'melon', 'grape', 'cherry', 'lemon'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];

const WILD = 0;
const SCATTER = 1;
const LETTERS = 'WS7CBMGHL';

/** Reel strips, one letter a stop: W wild, S scatter, 7 seven, C crown, B bell, M melon, G grape, H cherry, L lemon. */
const STRIPS = [
  'LHGM7LBHGSLMCHLGBWLHMGLCBHLG7MHB',
  'HLGMBWCH7GLSHMBLGWHLMCGHBL7GMLHC',
  'GLHMCLBH7WGSMHLBGWLHCMGLBH7LMGHB',
  'LGHMBL7HCGLSMHWGBWHLCMGL7HBMLGHC',
  'HGLMBLC7HGLSMLHBGWLHMCGLBH7LGMHB',
] as const;

export const REELS: readonly (readonly number[])[] = STRIPS.map((strip) =>
  Array.from(strip, (letter) => {
    const symbol = LETTERS.indexOf(letter);
    if (symbol < 0) throw new Error(`unknown reel letter ${letter}`);
    return symbol;
  }),
);

export const ROWS = 3;
export const REEL_COUNT = 5;

/** Row (0 top, 1 middle, 2 bottom) on each reel, left to right. */
export const PAYLINE_ROWS: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];
export const PAYLINES = PAYLINE_ROWS.length;

/** Line pays in line-bet units for 3, 4 and 5 of a kind from the left reel; the wild pays its own. */
export const LINE_PAYS: Readonly<Record<SlotSymbol, readonly [number, number, number]>> = {
  wild: [50, 250, 1000],
  scatter: [0, 0, 0],
  seven: [25, 100, 500],
  crown: [20, 80, 300],
  bell: [15, 50, 200],
  melon: [10, 30, 120],
  grape: [8, 25, 100],
  cherry: [6, 25, 100],
  lemon: [5, 20, 80],
};
const PAY_TABLE: readonly (readonly [number, number, number])[] = SYMBOLS.map((name) => LINE_PAYS[name]);

/** Scatter pays, anywhere in view, as multiples of the stake, for 3, 4 and 5 scatters. */
export const SCATTER_PAYS_X_STAKE = [2, 10, 50] as const;
/** Free spins awarded for 3, 4 and 5 scatters; free spins do not award more free spins. */
export const FREE_SPINS_AWARDED = [8, 12, 20] as const;
/** Every win in a free spin (lines and scatters) is multiplied by this. */
export const FREE_SPIN_MULTIPLIER = 2;

export interface LineWin {
  /** Index into PAYLINE_ROWS. */
  line: number;
  symbol: SlotSymbol;
  count: number;
  units: number;
}

export interface SpinResult {
  /** Index of the stop on each reel strip: the symbol in the top row. */
  stops: number[];
  /** window[reel][row]. */
  window: SlotSymbol[][];
  lineWins: LineWin[];
  scatterCount: number;
  /** The spin's win in line-bet units, multiplier included. */
  units: number;
  multiplier: number;
  isFreeSpin: boolean;
}

export interface SlotRound {
  spins: SpinResult[];
  freeSpinsAwarded: number;
  /** The whole round's win in line-bet units: pay = units × stake / PAYLINES. */
  totalUnits: number;
}

/** Each reel stop = floor(float_i × reel length), reels read left to right. */
export function reelStopsFromFloats(floats: readonly number[]): number[] {
  return REELS.map((reel, index) => Math.floor(floats[index]! * reel.length));
}

export function windowSymbols(stops: readonly number[]): number[][] {
  return REELS.map((reel, index) => {
    const stop = stops[index]!;
    return [reel[stop % reel.length]!, reel[(stop + 1) % reel.length]!, reel[(stop + 2) % reel.length]!];
  });
}

/** The best pay of one line: the leading symbol (wilds substituting) or a leading run of wilds. */
export function evaluateLine(symbols: readonly number[]): { symbol: number; count: number; units: number } | null {
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === WILD) wildRun += 1;
  const wildUnits = wildRun >= 3 ? PAY_TABLE[WILD]![wildRun - 3]! : 0;
  let best: { symbol: number; count: number; units: number } | null =
    wildUnits > 0 ? { symbol: WILD, count: wildRun, units: wildUnits } : null;
  if (wildRun < symbols.length) {
    const symbol = symbols[wildRun]!;
    if (symbol !== SCATTER) {
      let count = wildRun + 1;
      while (count < symbols.length && (symbols[count] === symbol || symbols[count] === WILD)) count += 1;
      const units = count >= 3 ? PAY_TABLE[symbol]![count - 3]! : 0;
      if (units > (best?.units ?? 0)) best = { symbol, count, units };
    }
  }
  return best;
}

function evaluateSpin(stops: number[], isFreeSpin: boolean): SpinResult {
  const window = windowSymbols(stops);
  const multiplier = isFreeSpin ? FREE_SPIN_MULTIPLIER : 1;
  const lineWins: LineWin[] = [];
  let units = 0;
  const line: number[] = [0, 0, 0, 0, 0];
  for (let index = 0; index < PAYLINES; index += 1) {
    const rows = PAYLINE_ROWS[index]!;
    for (let reel = 0; reel < REEL_COUNT; reel += 1) line[reel] = window[reel]![rows[reel]!]!;
    const win = evaluateLine(line);
    if (win !== null) {
      lineWins.push({ line: index, symbol: SYMBOLS[win.symbol]!, count: win.count, units: win.units * multiplier });
      units += win.units * multiplier;
    }
  }
  let scatterCount = 0;
  for (const column of window) for (const symbol of column) if (symbol === SCATTER) scatterCount += 1;
  if (scatterCount >= 3) units += SCATTER_PAYS_X_STAKE[Math.min(scatterCount, 5) - 3]! * PAYLINES * multiplier;
  return {
    stops,
    window: window.map((column) => column.map((symbol) => SYMBOLS[symbol]!)),
    lineWins,
    scatterCount,
    units,
    multiplier,
    isFreeSpin,
  };
}

/**
 * One paid spin and the free spins it awards. The paid spin takes floats 0–4 of the round's stream,
 * free spin k (from 1) takes floats 5k to 5k + 4.
 */
export function playSlotRound(seeds: RoundSeeds, mac?: HmacSha256): SlotRound {
  const stream = new FloatStream(seeds, mac);
  const first = evaluateSpin(reelStopsFromFloats(stream.take(REEL_COUNT)), false);
  const spins = [first];
  const freeSpinsAwarded = first.scatterCount >= 3 ? FREE_SPINS_AWARDED[Math.min(first.scatterCount, 5) - 3]! : 0;
  for (let spin = 0; spin < freeSpinsAwarded; spin += 1) {
    spins.push(evaluateSpin(reelStopsFromFloats(stream.take(REEL_COUNT)), true));
  }
  return { spins, freeSpinsAwarded, totalUnits: spins.reduce((sum, spin) => sum + spin.units, 0) };
}

/** The pay of a round for a stake: units × stake / PAYLINES (a whole number when stake is a multiple of PAYLINES). */
export function slotPayMinor(totalUnits: number, stakeMinor: number): number {
  return Math.floor((totalUnits * stakeMinor) / PAYLINES);
}

const FLAT_REELS = REELS.map((reel) => Int8Array.from(reel));
const FLAT_LINES = Int8Array.from(PAYLINE_ROWS.flat());

/**
 * The same round as playSlotRound, counted in line-bet units only, without building its record: for
 * simulations of hundreds of millions of rounds. Tests hold the two equal.
 */
export function slotRoundUnits(seeds: RoundSeeds, mac?: HmacSha256): number {
  const stream = new FloatStream(seeds, mac);
  const cells = new Int8Array(REEL_COUNT * ROWS);
  const line = [0, 0, 0, 0, 0];
  let total = 0;
  let spinsLeft = 1;
  let multiplier = 1;
  let isFree = false;
  while (spinsLeft > 0) {
    spinsLeft -= 1;
    let scatters = 0;
    for (let reel = 0; reel < REEL_COUNT; reel += 1) {
      const strip = FLAT_REELS[reel]!;
      const stop = Math.floor(stream.next() * strip.length);
      for (let row = 0; row < ROWS; row += 1) {
        const symbol = strip[(stop + row) % strip.length]!;
        cells[reel * ROWS + row] = symbol;
        if (symbol === SCATTER) scatters += 1;
      }
    }
    let units = 0;
    for (let index = 0; index < PAYLINES; index += 1) {
      for (let reel = 0; reel < REEL_COUNT; reel += 1)
        line[reel] = cells[reel * ROWS + FLAT_LINES[index * REEL_COUNT + reel]!]!;
      units += evaluateLine(line)?.units ?? 0;
    }
    if (scatters >= 3) {
      const tier = Math.min(scatters, 5) - 3;
      units += SCATTER_PAYS_X_STAKE[tier]! * PAYLINES;
      if (!isFree) spinsLeft += FREE_SPINS_AWARDED[tier]!;
    }
    total += units * multiplier;
    isFree = true;
    multiplier = FREE_SPIN_MULTIPLIER;
  }
  return total;
}
