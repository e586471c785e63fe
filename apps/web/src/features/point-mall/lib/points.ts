import { POINTS_MINOR_PER_POINT } from '@parlay/contract';
import { parseMajorToMinor, toDecimalString } from '../../../lib/format-money';

const POINT_DECIMALS = 2;
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Points kept in hundredths (`pointsMinor`) written with up to 2 decimals (1,250.5), never through a float: the
 * decimal string is built from integers and handed to Intl, as formatMoney does. `signed` writes + before a gain.
 */
export function formatPoints(pointsMinor: number, locale: string, signed = false): string {
  const key = `${locale}|${signed}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 0,
      maximumFractionDigits: POINT_DECIMALS,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    formatters.set(key, formatter);
  }
  const text = formatter.format(toDecimalString(pointsMinor, POINT_DECIMALS) as `${number}`);
  // The minus sign (U+2212), as amounts of money are written across the site.
  return text.replace('-', '\u2212');
}

/** Points typed by the member ('12.5') as pointsMinor (1250), or null when not a positive number of points. */
export function parsePoints(text: string): number | null {
  return parseMajorToMinor(text, POINT_DECIMALS);
}

/** The money (minor units) a conversion of `pointsMinor` gives at `minorPerPoint`: rounded down, as the server does. */
export function conversionValue(pointsMinor: number, minorPerPoint: number): number {
  return Math.floor((pointsMinor * minorPerPoint) / POINTS_MINOR_PER_POINT);
}

/** A key for one attempt: a retry after a lost answer takes nothing more (the server answers the first). */
export function newRequestId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** What the mall's parts share: the language's formats of points, money and times. */
export interface Formats {
  points: (pointsMinor: number, signed?: boolean) => string;
  money: (minor: number) => string;
  time: (iso: string) => string;
}

/** pointsMinor as the member would type it: 1250 → '12.5', 1200 → '12' (no grouping, a dot for decimals). */
export function toPointsInput(pointsMinor: number): string {
  return toDecimalString(pointsMinor, POINT_DECIMALS).replace(/\.?0+$/, '');
}
