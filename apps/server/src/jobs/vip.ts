import type { VipService } from '../modules/vip/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often the downgrade review and the birthday and monthly bonuses look for work. */
export const VIP_PERIODIC_EVERY_MS = 15 * 60_000;

/**
 * VIP's periodic work: an upgrade sweep, the downgrade review (at most once a month per member, after the brand's
 * grace), the birthday and monthly bonuses (each once by its key). Once at start, then every 15 minutes.
 */
export function startVipPeriodic(vip: VipService, log: JobLog, everyMs = VIP_PERIODIC_EVERY_MS): IntervalJob {
  return startIntervalJob('vip-periodic', everyMs, () => vip.runPeriodic(), log, {
    isIdle: (result) => Object.values(result as Record<string, number>).every((count) => count === 0),
  });
}
