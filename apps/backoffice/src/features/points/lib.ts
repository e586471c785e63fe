import { POINTS_MINOR_PER_POINT } from '@parlay/contract';
import { numberLocale } from '../../lib/format';

/** Points minor (hundredths) as points with up to 2 decimals, in the page's language: 150 → "1.5". */
export function formatPoints(pointsMinor: number, options: { signed?: boolean } = {}): string {
  const text = new Intl.NumberFormat(numberLocale(), { maximumFractionDigits: 2 }).format(
    pointsMinor / POINTS_MINOR_PER_POINT,
  );
  return options.signed && pointsMinor > 0 ? `+${text}` : text;
}

/** Points typed with up to 2 decimals as points minor; null when it is not such a number. */
export function parsePoints(text: string): number | null {
  const trimmed = text.trim().replaceAll(',', '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * POINTS_MINOR_PER_POINT);
}

/** A rate in basis points as points per unit ("0.7"), and back; '' is no rate. */
export const rateText = (bp: number | null): string => (bp === null ? '' : String(bp / 10_000));
export function parseRate(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,4})?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 10_000);
}
