import {
  REALTIME_SALARY_PERIOD_MINUTES,
  type ContractKind,
  type ContractPeriod,
  type SettlementRhythm,
} from '@parlay/contract';
import { addDays, dayStart, localDay } from '../../lib/calendar';

// The settlement periods of each contract kind (docs/decisions/0068-contract-settlement-runs.md): a real-time salary's
// 5 minutes and an hourly salary's hour on the UTC clock (the brand's own in every whole-hour zone, as the members'
// hours are kept, decision 0061); a daily salary's day and a dividend's D, W (from Monday), H (the 1st to the 15th,
// the 16th to the month's end) and M in the brand's calendar. A period is [start, end).

const SLOT_MS = REALTIME_SALARY_PERIOD_MINUTES * 60_000;
const HOUR_MS = 3_600_000;

export interface SettlementPeriod {
  start: Date;
  end: Date;
}

/** The rhythm a contract settles on: its kind's, or a dividend's period. */
export function rhythmOf(kind: ContractKind, period: ContractPeriod | null): SettlementRhythm {
  switch (kind) {
    case 'realtime_salary':
      return '5m';
    case 'hourly_salary':
      return '1h';
    case 'daily_salary':
      return 'D';
    case 'dividend':
      return period ?? 'D';
  }
}

/** The kind's rhythms, as the job walks them: a dividend's four, one for each salary. */
export function rhythmsOf(kind: ContractKind): SettlementRhythm[] {
  return kind === 'dividend' ? ['D', 'W', 'H', 'M'] : [rhythmOf(kind, null)];
}

/** The first day of the brand-calendar period (D, W, H, M) holding `day`. */
function firstDay(rhythm: 'D' | 'W' | 'H' | 'M', day: string): string {
  switch (rhythm) {
    case 'D':
      return day;
    case 'W':
      return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
    case 'H':
      return `${day.slice(0, 8)}${Number(day.slice(8)) <= 15 ? '01' : '16'}`;
    case 'M':
      return `${day.slice(0, 8)}01`;
  }
}

/** The first day of the period after the one starting on `first`. */
function nextFirstDay(rhythm: 'D' | 'W' | 'H' | 'M', first: string): string {
  switch (rhythm) {
    case 'D':
      return addDays(first, 1);
    case 'W':
      return addDays(first, 7);
    case 'H':
      return first.endsWith('-01') ? `${first.slice(0, 8)}16` : nextMonth(first);
    case 'M':
      return nextMonth(first);
  }
}

function nextMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The period of `rhythm` holding the instant `at`. */
export function periodAt(rhythm: SettlementRhythm, at: Date, timeZone: string): SettlementPeriod {
  if (rhythm === '5m' || rhythm === '1h') {
    const size = rhythm === '5m' ? SLOT_MS : HOUR_MS;
    const start = Math.floor(at.getTime() / size) * size;
    return { start: new Date(start), end: new Date(start + size) };
  }
  const first = firstDay(rhythm, localDay(at, timeZone));
  return { start: dayStart(first, timeZone), end: dayStart(nextFirstDay(rhythm, first), timeZone) };
}

/** The period after `period` (it starts where `period` ends). */
export function periodAfter(rhythm: SettlementRhythm, period: SettlementPeriod, timeZone: string): SettlementPeriod {
  return periodAt(rhythm, period.end, timeZone);
}

/**
 * The brand days [from, to] a brand-calendar period covers (the members' days it sums); undefined for the 5-minute and
 * hourly rhythms, which read slots and hours.
 */
export function daysOf(
  rhythm: SettlementRhythm,
  period: SettlementPeriod,
  timeZone: string,
): { from: string; to: string } | undefined {
  if (rhythm === '5m' || rhythm === '1h') return undefined;
  return { from: localDay(period.start, timeZone), to: localDay(new Date(period.end.getTime() - 1), timeZone) };
}
