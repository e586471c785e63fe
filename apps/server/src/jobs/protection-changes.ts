import type { ProtectionService } from '../modules/protection/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often raises and removals of limits whose 24 hours are over are applied (decision 0042). */
export const PROTECTION_CHANGES_EVERY_MS = 60_000;

/** Applies members' raised or removed limits once their 24 hours are over, so the wallet's debit sees them. */
export function startProtectionChanges(
  protection: ProtectionService,
  log: JobLog,
  everyMs = PROTECTION_CHANGES_EVERY_MS,
): IntervalJob {
  return startIntervalJob(
    'protection-changes',
    everyMs,
    async () => ({ members: await protection.applyAllDue() }),
    log,
    { isIdle: (result) => (result as { members: number }).members === 0 },
  );
}
