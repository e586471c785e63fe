import { MEMBER_PERIOD_MAX_DAYS } from '@parlay/contract';

/** A period of the brand's days, YYYY-MM-DD, `to` included: what the records and the profit calls read. */
export interface Period {
  from: string;
  to: string;
}

/** Today in the brand's time zone: its days decide what a period holds, wherever the member is. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysOf(period: Period): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The last `days` days up to today. */
export function lastDays(days: number, today: string): Period {
  return { from: addDays(today, 1 - days), to: today };
}

/** A period the server reads: real days, in order, at most MEMBER_PERIOD_MAX_DAYS long. */
export function isReadablePeriod(period: Period): boolean {
  const ok = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));
  if (!ok(period.from) || !ok(period.to)) return false;
  const days = daysOf(period);
  return days >= 1 && days <= MEMBER_PERIOD_MAX_DAYS;
}
