import { MEMBER_PERIOD_MAX_DAYS } from '@parlay/contract';
import { AppError } from './app-error';

// Days of a brand's calendar (its time zone), as the feed's SQL places a row in one: `(at AT TIME ZONE zone)::date`.

const DAY_MS = 86_400_000;

/** The day (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The day `days` after `day` (YYYY-MM-DD; negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the month of `day`. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** A day that exists: 2026-02-30 matches the contract's pattern but is not one. */
export function isDay(value: string): boolean {
  const at = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === value;
}

/**
 * A period a member or an agent asks for: both ends, real days, in order, at most MEMBER_PERIOD_MAX_DAYS days; else
 * WALLET_PERIOD_INVALID.
 */
export function checkPeriod(from: string | undefined, to: string | undefined): { from: string; to: string } {
  if (from === undefined || to === undefined || !isDay(from) || !isDay(to)) throw new AppError('WALLET_PERIOD_INVALID');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1 || days > MEMBER_PERIOD_MAX_DAYS) throw new AppError('WALLET_PERIOD_INVALID');
  return { from, to };
}

/** How far a time zone's clock is ahead of UTC at `at`, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a brand day starts (its 00:00 in the time zone). */
export function dayStart(day: string, timeZone: string): Date {
  const utc = Date.parse(`${day}T00:00:00Z`);
  const first = utc - offsetMs(new Date(utc), timeZone);
  // Once more at the guess: the offset there may differ (a change of summer time that day).
  return new Date(utc - offsetMs(new Date(first), timeZone));
}
