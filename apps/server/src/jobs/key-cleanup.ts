import type { EncryptionKeyService } from '../modules/auth/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often retired request-encryption keys past their grace are deleted. */
export const KEY_CLEANUP_EVERY_MS = 60 * 60_000;

/** Deletes retired encryption keys (and their private halves) once they may no longer decrypt. */
export function startKeyCleanup(keys: EncryptionKeyService, log: JobLog, everyMs = KEY_CLEANUP_EVERY_MS): IntervalJob {
  return startIntervalJob('key-cleanup', everyMs, () => keys.removeKeysPastGrace(), log);
}
