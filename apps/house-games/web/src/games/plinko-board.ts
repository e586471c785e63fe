// The plinko board's geometry and colours, without the DOM: where the pegs, the buckets and the ball's stops
// are in the board's SVG units, and what colour a bucket takes (games/plinko.ts draws them).

/** The board's width in SVG units; its height follows the rows. */
export const BOARD_WIDTH = 400;

export interface BoardLayout {
  rows: number;
  /** The distance between two pegs of a row, and the ball's step sideways is half of it. */
  spacing: number;
  /** From one row of pegs to the next. */
  rowGap: number;
  top: number;
  /** Where the buckets' top edge is. */
  bucketTop: number;
  bucketHeight: number;
  height: number;
}

export function boardLayout(rows: number): BoardLayout {
  // The last row has rows + 2 pegs; a spacing's margin on each side.
  const spacing = BOARD_WIDTH / (rows + 3);
  const rowGap = spacing * 0.86;
  const top = spacing * 0.9;
  const bucketTop = top + (rows - 1) * rowGap + spacing * 0.55;
  const bucketHeight = spacing * 0.8;
  return { rows, spacing, rowGap, top, bucketTop, bucketHeight, height: bucketTop + bucketHeight + spacing * 0.35 };
}

/** Row i (from 0) has i + 3 pegs, centred: Stake's board. */
export function pegPositions(layout: BoardLayout): { x: number; y: number }[] {
  const pegs: { x: number; y: number }[] = [];
  for (let row = 0; row < layout.rows; row += 1) {
    for (let peg = 0; peg < row + 3; peg += 1) {
      pegs.push({ x: BOARD_WIDTH / 2 + (peg - (row + 2) / 2) * layout.spacing, y: layout.top + row * layout.rowGap });
    }
  }
  return pegs;
}

/** Bucket b's centre: between the last row's pegs b and b + 1. */
export function bucketX(layout: BoardLayout, bucket: number): number {
  return BOARD_WIDTH / 2 + (bucket - layout.rows / 2) * layout.spacing;
}

/**
 * The ball's stops along a path: it starts above the middle, touches one peg a row (the one under it: with k
 * rights before row i it is over peg k + 1), and ends in its bucket.
 */
export function ballStops(layout: BoardLayout, path: readonly number[], radius: number): { x: number; y: number }[] {
  const stops = [{ x: BOARD_WIDTH / 2, y: layout.top - layout.rowGap }];
  let rights = 0;
  path.forEach((step, row) => {
    stops.push({
      x: BOARD_WIDTH / 2 + (rights - row / 2) * layout.spacing,
      y: layout.top + row * layout.rowGap - radius - layout.spacing * 0.1,
    });
    rights += step;
  });
  stops.push({ x: bucketX(layout, rights), y: layout.bucketTop + layout.bucketHeight / 2 });
  return stops;
}

/**
 * A bucket's colour: red at the edges (the largest multipliers) through orange to yellow in the middle, by how far
 * the bucket is from the middle, as Stake colours its board. Text on it is dark: every colour here is light enough.
 */
export function bucketColour(rows: number, bucket: number): string {
  const distance = Math.abs(bucket - rows / 2) / (rows / 2);
  const hue = Math.round(50 - 50 * distance);
  const lightness = Math.round(55 - 5 * distance);
  return `hsl(${hue} 95% ${lightness}%)`;
}

/** A bucket's multiplier in the few characters a bucket has room for: 1000 as 1K. */
export function bucketLabel(multiplier: number): string {
  return multiplier >= 1000 ? `${multiplier / 1000}K` : String(multiplier);
}

/** The ball's place `share` (0 to 1) of the way from one stop to the next: across at even speed, down falling. */
export function betweenStops(
  from: { x: number; y: number },
  to: { x: number; y: number },
  share: number,
): { x: number; y: number } {
  const s = Math.min(1, Math.max(0, share));
  // A small hop up off the peg, then the fall: y = from + (to − from)·s² − hop·s·(1 − s)·4.
  const hop = Math.abs(to.x - from.x) * 0.35;
  return { x: from.x + (to.x - from.x) * s, y: from.y + (to.y - from.y) * s * s - hop * s * (1 - s) * 4 };
}
