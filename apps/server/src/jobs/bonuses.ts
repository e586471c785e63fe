import type { BonusService } from '../modules/bonuses/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often active bonuses past their expiry are ended (decision 0050). */
export const BONUS_EXPIRY_EVERY_MS = 60_000;

/** Active bonuses whose time ran out: what is left of each taken back, its lock ended. Once at start, then every minute. */
export function startBonusExpiry(bonuses: BonusService, log: JobLog, everyMs = BONUS_EXPIRY_EVERY_MS): IntervalJob {
  return startIntervalJob('bonus-expiry', everyMs, () => bonuses.expireDue(), log, {
    isIdle: (result) => (result as { expired: number }).expired === 0,
  });
}
