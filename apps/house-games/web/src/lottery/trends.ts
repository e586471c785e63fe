import { FAST_MAX_SUM, KENO_POOL, KENO_SUM_TIE } from '@parlay/fairness';
import type { LotteryFamily } from './board';

// The trends panel's figures from the results shown: how often each number came (hot and cold) and each draw's sum.
// Past draws say nothing of the next one (each is drawn from its own seed); players still like to see them.

/** A drawn result as the API gives it. */
export type DrawnNumbers = { digits: number[] } | { numbers: number[] };

export function numbersOf(result: DrawnNumbers): number[] {
  return 'digits' in result ? result.digits : result.numbers;
}

export interface Frequency {
  value: number;
  count: number;
}

/**
 * How often each value came in these results (fast: each digit 0-9 over the five positions; keno: each of 1-80),
 * most frequent first, ties by the lower value; `hot` the first `size` that came at all, `cold` the last `size`, least frequent first.
 */
export function hotAndCold(
  family: LotteryFamily,
  results: readonly DrawnNumbers[],
  size = 5,
): { hot: Frequency[]; cold: Frequency[] } {
  const values = family === 'keno' ? KENO_POOL : 10;
  const first = family === 'keno' ? 1 : 0;
  const counts = Array.from({ length: values }, (_, index) => ({ value: index + first, count: 0 }));
  for (const result of results) for (const value of numbersOf(result)) counts[value - first]!.count += 1;
  const byCount = [...counts].sort((a, b) => b.count - a.count || a.value - b.value);
  const byFewest = [...counts].sort((a, b) => a.count - b.count || a.value - b.value);
  return { hot: byCount.filter((f) => f.count > 0).slice(0, size), cold: byFewest.slice(0, size) };
}

export interface SumPoint {
  drawNo: string;
  sum: number;
  /** Where the sum falls: big, small or (keno) the tie at 810. */
  side: 'big' | 'small' | 'tie';
  /** The bar's height, 0-1 of the family's whole range. */
  share: number;
}

/** Each draw's sum, oldest first for the chart, with its side as the big/small bets read it. */
export function sumSeries(
  family: LotteryFamily,
  draws: readonly { drawNo: string; result: DrawnNumbers | null }[],
): SumPoint[] {
  // Keno's 20 numbers add up to 210 .. 1,410; fast's five digits to 0 .. 45.
  const [low, high] = family === 'keno' ? [210, 1_410] : [0, FAST_MAX_SUM];
  return draws
    .filter((draw): draw is { drawNo: string; result: DrawnNumbers } => draw.result !== null)
    .map((draw): SumPoint => {
      const sum = numbersOf(draw.result).reduce((total, value) => total + value, 0);
      const side: SumPoint['side'] =
        family === 'keno'
          ? sum > KENO_SUM_TIE
            ? 'big'
            : sum < KENO_SUM_TIE
              ? 'small'
              : 'tie'
          : sum >= Math.ceil(FAST_MAX_SUM / 2)
            ? 'big'
            : 'small';
      return { drawNo: draw.drawNo, sum, side, share: (sum - low) / (high - low) };
    })
    .reverse();
}
