import type { SettlementRhythm } from '@parlay/contract';
import { numberLocale } from '../../../lib/format';

// A settlement period as the brand counts it (decision 0068): a 5-minute or an hour's period by its clock times, a day
// by its date, a week, half-month or month by its first and last days, all in the brand's time zone (a period's end is
// excluded: its last day is the day before the end).

const DAY_MS = 86_400_000;

function dateOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(numberLocale(), { timeZone, dateStyle: 'medium' }).format(at);
}

function clockOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(numberLocale(), { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(at)
    .replace(/\s/g, '');
}

/** The period [start, end) of `rhythm` in words: "2 Jan 2030 14:05–14:10", "2 Jan 2030", "1 Jan 2030 – 7 Jan 2030". */
export function periodLabel(
  run: { rhythm: SettlementRhythm; periodStart: string; periodEnd: string },
  timeZone: string,
): string {
  const start = new Date(run.periodStart);
  const end = new Date(run.periodEnd);
  if (run.rhythm === '5m' || run.rhythm === '1h') {
    return `${dateOf(start, timeZone)} ${clockOf(start, timeZone)}–${clockOf(end, timeZone)}`;
  }
  const first = dateOf(start, timeZone);
  const last = dateOf(new Date(end.getTime() - DAY_MS / 2), timeZone);
  return first === last ? first : `${first} – ${last}`;
}

/** A rate in basis points as a percentage: 2000 → 20%, 25 → 0.25%; 0 (no tier met) → —. */
export function rateLabel(bp: number): string {
  return bp === 0 ? '—' : `${(bp / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`;
}
