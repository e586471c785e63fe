import type { DepositService } from '../modules/cashier/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often open deposit orders are looked at: those pending past a minute are asked about, those past expiry end. */
export const CASHIER_RECONCILIATION_EVERY_MS = 30_000;

/**
 * The deposits' reconciliation (decision 0039): asks the providers about orders left pending and expires those past
 * their time. Safe on several instances: each run claims its orders with FOR UPDATE SKIP LOCKED.
 */
export function startCashierReconciliation(deposits: Pick<DepositService, 'reconcile'>, log: JobLog): IntervalJob {
  return startIntervalJob('cashier-reconciliation', CASHIER_RECONCILIATION_EVERY_MS, () => deposits.reconcile(), log, {
    isIdle: (result) => (result as { claimed: number }).claimed === 0,
  });
}
