import type { WithdrawalService } from '../modules/withdrawals/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often paid withdrawals past their brand's time to confirm are counted received. */
export const WITHDRAWAL_AUTO_RECEIPT_EVERY_MS = 60_000;

/**
 * Every minute, the paid withdrawals nobody confirmed within the brand's minutes become auto_received (decision
 * 0041), at `clock` (tests pass their own). Safe on several instances: each batch is claimed with SKIP LOCKED.
 */
export function startWithdrawalAutoReceipt(
  withdrawals: Pick<WithdrawalService, 'autoReceive'>,
  log: JobLog,
  options: { clock?: () => Date; everyMs?: number } = {},
): IntervalJob {
  const clock = options.clock ?? (() => new Date());
  return startIntervalJob(
    'withdrawal-auto-receipt',
    options.everyMs ?? WITHDRAWAL_AUTO_RECEIPT_EVERY_MS,
    async () => ({ received: await withdrawals.autoReceive(clock()) }),
    log,
    { isIdle: (result) => (result as { received: number }).received === 0 },
  );
}
