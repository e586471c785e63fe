import { POINTS_MINOR_PER_POINT } from '@parlay/contract';
import { numberLocale } from './format';

// Points in the back office (the points ledger and the points mall): hundredths of a point (pointsMinor, decision
// 0044) shown and typed as points with up to 2 decimals.

/**
 * Points minor (hundredths) as points with up to 2 decimals, in the page's language: 150 → "1.5"; `signed` marks a
 * gain with +, `unit` adds " P" where points stand beside money (the mall's prices).
 */
export function formatPoints(pointsMinor: number, options: { signed?: boolean; unit?: boolean } = {}): string {
  const text = new Intl.NumberFormat(numberLocale(), { maximumFractionDigits: 2 }).format(
    pointsMinor / POINTS_MINOR_PER_POINT,
  );
  const signed = options.signed && pointsMinor > 0 ? `+${text}` : text;
  return options.unit ? `${signed} P` : signed;
}

/** Points typed with up to 2 decimals as points minor; null when it is not such a number. */
export function parsePoints(text: string): number | null {
  const trimmed = text.trim().replaceAll(',', '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const minor = Math.round(Number(trimmed) * POINTS_MINOR_PER_POINT);
  return Number.isSafeInteger(minor) ? minor : null;
}
