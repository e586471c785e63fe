import type { AuthService } from '../modules/auth/index';
import type { OperatorSignInService } from '../modules/operators/index';
import { SIGN_IN_HISTORY_RETENTION_DAYS, type SessionService } from '../modules/session/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often old sign-ins and ended sign-in throttle rows are deleted. */
export const SIGN_IN_RETENTION_EVERY_MS = 60 * 60_000;
/** Rows deleted per statement: a backlog goes in short statements, none holding its locks for long. */
export const SIGN_IN_RETENTION_BATCH = 5_000;

/** What the job deletes from: the sign-in history (session) and the members' and operators' throttles. */
export interface SignInRetentionParts {
  sessions: Pick<SessionService, 'removeSignInsBefore'>;
  memberThrottle: Pick<AuthService, 'removeEndedThrottles'>;
  operatorThrottle: Pick<OperatorSignInService, 'removeEndedThrottles'>;
}

export interface SignInRetentionResult {
  signIns: number;
  memberThrottles: number;
  operatorThrottles: number;
}

/** Runs `step` (one bounded statement) until a batch comes back short; answers the rows it deleted. */
async function drain(step: (limit: number) => Promise<number>, limit: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await step(limit);
    total += deleted;
    if (deleted < limit) return total;
  }
}

/**
 * Deletes the sign-ins older than SIGN_IN_HISTORY_RETENTION_DAYS at `now`, and the throttle rows that no
 * longer count anything (their window over, no wait running), `batch` rows a statement.
 */
export async function removeOldSignInRows(
  parts: SignInRetentionParts,
  now: Date,
  batch = SIGN_IN_RETENTION_BATCH,
): Promise<SignInRetentionResult> {
  const before = new Date(now.getTime() - SIGN_IN_HISTORY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  return {
    signIns: await drain((limit) => parts.sessions.removeSignInsBefore(before, limit), batch),
    memberThrottles: await drain((limit) => parts.memberThrottle.removeEndedThrottles(now, limit), batch),
    operatorThrottles: await drain((limit) => parts.operatorThrottle.removeEndedThrottles(now, limit), batch),
  };
}

/** Runs removeOldSignInRows hourly against `clock` (tests pass their own); a run that deleted nothing is not logged. */
export function startSignInRetention(
  parts: SignInRetentionParts,
  log: JobLog,
  options: { clock?: () => Date; everyMs?: number } = {},
): IntervalJob {
  const clock = options.clock ?? (() => new Date());
  return startIntervalJob(
    'sign-in-retention',
    options.everyMs ?? SIGN_IN_RETENTION_EVERY_MS,
    () => removeOldSignInRows(parts, clock()),
    log,
    {
      isIdle: (result) => {
        const counts = result as SignInRetentionResult;
        return counts.signIns + counts.memberThrottles + counts.operatorThrottles === 0;
      },
    },
  );
}
