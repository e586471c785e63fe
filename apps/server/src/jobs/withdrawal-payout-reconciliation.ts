import type { WithdrawalReviewService } from '../modules/withdrawals/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often withdrawals left paying are looked at (each is asked about once it has waited 5 minutes). */
export const WITHDRAWAL_PAYOUT_RECONCILIATION_EVERY_MS = 60_000;

/**
 * The payouts' reconciliation (decision 0041): asks the provider about withdrawals left paying, their result lost
 * or never sent, and applies its answer once. Safe on several instances: each run claims its rows with SKIP LOCKED.
 */
export function startWithdrawalPayoutReconciliation(
  review: Pick<WithdrawalReviewService, 'reconcilePayouts'>,
  log: JobLog,
): IntervalJob {
  return startIntervalJob(
    'withdrawal-payout-reconciliation',
    WITHDRAWAL_PAYOUT_RECONCILIATION_EVERY_MS,
    () => review.reconcilePayouts(),
    log,
    { isIdle: (result) => (result as { claimed: number }).claimed === 0 },
  );
}
