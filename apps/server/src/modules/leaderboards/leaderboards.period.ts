import type { LeaderboardPeriod } from '@parlay/contract';
import { addDays, dayStart, localDay } from '../../lib/calendar';

// The periods of a leaderboard in the brand's calendar (decision 0056), as the feed's SQL places a round in one
// (leaderboards.repository.ts scoreBatch): a day, its week from Monday, or the campaign from its start's day.

export { addDays, dayStart, localDay };

export interface BoardPeriod {
  /** Its first day. */
  start: string;
  /** Its last day (included). */
  end: string;
  /** The instant it ends: the next day's start, or a campaign's end. */
  endsAt: Date;
}

/** The period of a board holding the brand's day `today`. */
export function periodOf(
  board: { period: LeaderboardPeriod; startsAt: string | null; endsAt: string | null },
  today: string,
  timeZone: string,
): BoardPeriod {
  switch (board.period) {
    case 'daily':
      return { start: today, end: today, endsAt: dayStart(addDays(today, 1), timeZone) };
    case 'weekly': {
      const start = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
      return { start, end: addDays(start, 6), endsAt: dayStart(addDays(start, 7), timeZone) };
    }
    case 'campaign': {
      const endsAt = new Date(board.endsAt ?? 0);
      return {
        start: localDay(new Date(board.startsAt ?? 0), timeZone),
        end: localDay(new Date(endsAt.getTime() - 1), timeZone),
        endsAt,
      };
    }
  }
}

/** The period starting on `periodStart` (a period the feed wrote scores in). */
export function periodStarting(
  board: { period: LeaderboardPeriod; startsAt: string | null; endsAt: string | null },
  periodStart: string,
  timeZone: string,
): BoardPeriod {
  return periodOf(board, periodStart, timeZone);
}

/**
 * The period a member sees at `now`: the current one; before the board starts, its first; after it ends, its last.
 */
export function shownPeriod(
  board: { period: LeaderboardPeriod; startsAt: string | null; endsAt: string | null },
  now: Date,
  timeZone: string,
): BoardPeriod {
  let at = now.getTime();
  if (board.startsAt !== null) at = Math.max(at, Date.parse(board.startsAt));
  if (board.endsAt !== null) at = Math.min(at, Date.parse(board.endsAt) - 1);
  return periodOf(board, localDay(new Date(at), timeZone), timeZone);
}
