import type { GuestService } from '../modules/auth/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often expired free-play guests are looked for. */
export const GUEST_CLEANUP_EVERY_MS = 5 * 60_000;

/** Removes expired free-play guests, their sessions and play money, on a timer. */
export function startGuestCleanup(guests: GuestService, log: JobLog, everyMs = GUEST_CLEANUP_EVERY_MS): IntervalJob {
  return startIntervalJob('guest-cleanup', everyMs, () => guests.removeExpired(), log);
}
