import type { MissionItem } from '@parlay/contract';
import { formatMoney } from '../../../../../lib/format-money';

/** How the page writes amounts, counts, days and instants in the language shown. */
export interface Formats {
  money: (minor: number) => string;
  count: (value: number) => string;
  /** A day of the brand's calendar: "Nov 28". */
  day: (value: string) => string;
  /** An instant in the brand's time zone: "Nov 29, 00:00". */
  time: (iso: string) => string;
}

export function formatsFor(locale: string, currency: string, exponent: number, timeZone: string): Formats {
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const instant = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const count = new Intl.NumberFormat(locale);
  return {
    money: (minor) => formatMoney(minor, { currency, exponent, locale, display: 'symbol' }),
    count: (value) => count.format(value),
    day: (value) => day.format(new Date(`${value}T00:00:00Z`)),
    time: (iso) => instant.format(new Date(iso)),
  };
}

/** A mission's progress as it is counted: money for wager and deposit goals, a number of rounds or days otherwise. */
export function progressText(item: MissionItem, formats: Formats): { progress: string; target: string } {
  const write = item.goal === 'wager' || item.goal === 'deposit' ? formats.money : formats.count;
  return { progress: write(item.progress), target: write(item.target) };
}

/** How far the target is reached, 0 to 100 (progress may pass the target). */
export function percentOf(item: MissionItem): number {
  return Math.min(100, Math.floor((item.progress * 100) / item.target));
}

const DAY_MS = 86_400_000;

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant a brand day (YYYY-MM-DD) starts in `timeZone`. */
export function startOfDay(day: string, timeZone: string): number {
  const asUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = asUtc - offsetAt(asUtc, timeZone);
  // A second look for a day whose offset changes overnight (summer time).
  return asUtc - offsetAt(guess, timeZone);
}

/**
 * When the mission's current period ends: the start of the day after its last day, or the mission's own end when that
 * comes first; null for a campaign with no end.
 */
export function periodEndsAt(item: MissionItem, timeZone: string): number | null {
  const ends = [
    item.periodEnd === null ? null : startOfDay(item.periodEnd, timeZone) + DAY_MS,
    item.endsAt === null ? null : Date.parse(item.endsAt),
  ].filter((value): value is number => value !== null);
  return ends.length === 0 ? null : Math.min(...ends);
}

/** A time left in whole days, hours and minutes (rounded down; at least a minute while any is left). */
export function splitTimeLeft(ms: number): { days: number; hours: number; minutes: number } {
  const minutes = Math.max(ms > 0 ? 1 : 0, Math.floor(ms / 60_000));
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}
