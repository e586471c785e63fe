import type { RebateService } from '../modules/rebates/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often auto-pay looks for finished periods past their grace (decision 0051). */
export const REBATE_AUTO_PAY_EVERY_MS = 5 * 60_000;

/**
 * Cashback's auto-pay: each brand that chose it has every finished, unpaid period past its grace paid (each once by
 * its key, beside members' claims). Once at start, then every 5 minutes.
 */
export function startRebateAutoPay(
  rebates: Pick<RebateService, 'payDue'>,
  log: JobLog,
  everyMs = REBATE_AUTO_PAY_EVERY_MS,
): IntervalJob {
  return startIntervalJob('rebate-auto-pay', everyMs, () => rebates.payDue(), log, {
    isIdle: (result) => (result as { paid: number }).paid === 0,
  });
}
