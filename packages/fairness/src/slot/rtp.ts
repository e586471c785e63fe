import {
  FREE_SPIN_MULTIPLIER,
  FREE_SPINS_AWARDED,
  PAYLINES,
  REELS,
  ROWS,
  SCATTER_PAYS_X_STAKE,
  SYMBOLS,
  evaluateLine,
} from './machine';

const SCATTER = SYMBOLS.indexOf('scatter');

/** The declared return to player of Lucky Parlay, equal to computeSlotRtp().total rounded to 0.01 %. */
export const DECLARED_SLOT_RTP = 0.9576;

export interface SlotRtpBreakdown {
  /** Return of the line wins of one paid spin, as a fraction of the stake. */
  lines: number;
  /** Return of the scatter pays of one paid spin. */
  scatters: number;
  /** Probability that a paid spin awards free spins. */
  freeSpinsChance: number;
  /** Expected free spins per paid spin. */
  expectedFreeSpins: number;
  /** Return of the free spins, as a fraction of the paid stake. */
  freeSpins: number;
  /** The whole return to player. */
  total: number;
}

/**
 * The exact RTP, without simulation. Every payline sees, on each reel, a symbol uniformly drawn from the
 * strip (the stop is uniform), and reels are independent, so each line's expected pay is the same sum over
 * 9^5 symbol tuples. Free spins use the same reels and do not retrigger, so they return
 * expected free spins × multiplier × one spin's return.
 */
export function computeSlotRtp(): SlotRtpBreakdown {
  const symbolChances = REELS.map((reel) => {
    const chances = new Array<number>(SYMBOLS.length).fill(0);
    for (const symbol of reel) chances[symbol]! += 1 / reel.length;
    return chances;
  });
  let lineUnits = 0;
  const tuple = [0, 0, 0, 0, 0];
  const visit = (reel: number, chance: number): void => {
    if (chance === 0) return;
    if (reel === REELS.length) {
      lineUnits += chance * (evaluateLine(tuple)?.units ?? 0);
      return;
    }
    for (let symbol = 0; symbol < SYMBOLS.length; symbol += 1) {
      tuple[reel] = symbol;
      visit(reel + 1, chance * symbolChances[reel]![symbol]!);
    }
  };
  visit(0, 1);

  // Distribution of the number of scatters in view, reel by reel.
  let scatterCounts = [1];
  for (const reel of REELS) {
    const perReel = new Array<number>(ROWS + 1).fill(0);
    for (let stop = 0; stop < reel.length; stop += 1) {
      let seen = 0;
      for (let row = 0; row < ROWS; row += 1) if (reel[(stop + row) % reel.length] === SCATTER) seen += 1;
      perReel[seen]! += 1 / reel.length;
    }
    const next = new Array<number>(scatterCounts.length + ROWS).fill(0);
    scatterCounts.forEach((chance, count) => perReel.forEach((p, seen) => (next[count + seen]! += chance * p)));
    scatterCounts = next;
  }
  let scatterUnits = 0;
  let expectedFreeSpins = 0;
  let freeSpinsChance = 0;
  scatterCounts.forEach((chance, count) => {
    if (count < 3) return;
    const tier = Math.min(count, 5) - 3;
    scatterUnits += chance * SCATTER_PAYS_X_STAKE[tier]! * PAYLINES;
    expectedFreeSpins += chance * FREE_SPINS_AWARDED[tier]!;
    freeSpinsChance += chance;
  });

  const lines = lineUnits; // PAYLINES lines each return lineUnits line-bet units on a stake of PAYLINES units.
  const scatters = scatterUnits / PAYLINES;
  const spin = lines + scatters;
  const freeSpins = expectedFreeSpins * FREE_SPIN_MULTIPLIER * spin;
  return { lines, scatters, freeSpinsChance, expectedFreeSpins, freeSpins, total: spin + freeSpins };
}
