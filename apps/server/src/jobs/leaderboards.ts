import type { LeaderboardService } from '../modules/leaderboards/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often the payout looks for finished periods past their grace (decision 0056). */
export const LEADERBOARD_PAYOUT_EVERY_MS = 60_000;

/**
 * Leaderboards' payout: every finished period of an active board, past its grace and with its rounds counted, has its
 * prizes paid once (each rank by its key; a period's row stops a second run). Once at start, then every minute.
 */
export function startLeaderboardPayout(
  leaderboards: Pick<LeaderboardService, 'payDue'>,
  log: JobLog,
  everyMs = LEADERBOARD_PAYOUT_EVERY_MS,
): IntervalJob {
  return startIntervalJob('leaderboard-payout', everyMs, () => leaderboards.payDue(), log, {
    isIdle: (result) => (result as { paid: number }).paid === 0,
  });
}
