import type { ReportsService } from '../modules/reports/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often the feed's consumers look for rows settled since their checkpoint. */
export const SETTLEMENT_FEED_EVERY_MS = 2_000;
/** Batches a run applies before it lets a stop in; a backlog goes on in the next run at once. */
export const SETTLEMENT_FEED_BATCHES_PER_RUN = 20;
/** How often each brand's sign-ups of its yesterday and today are counted again. */
export const REPORT_SIGNUPS_EVERY_MS = 60_000;

/**
 * The settlement feed's consumers (decision 0034), today the reports' aggregates: each run applies what
 * settled since the checkpoint, and a backlog (a restart, a burst) is worked through run after run without
 * waiting for the timer. A run that finds another instance applying stays out. Logs only catch-ups: a run
 * of more than one batch.
 */
export function startSettlementFeed(
  reports: ReportsService,
  log: JobLog,
  everyMs = SETTLEMENT_FEED_EVERY_MS,
): IntervalJob {
  let stopped = false;
  const job = startIntervalJob(
    'settlement-feed',
    everyMs,
    async () => {
      const { applied, batches, caughtUp, busy } = await reports.consumeFeed({
        maxBatches: SETTLEMENT_FEED_BATCHES_PER_RUN,
      });
      if (!caughtUp && !busy && !stopped) {
        setImmediate(() => {
          if (!stopped) void job.runNow();
        });
      }
      return { consumer: reports.feedConsumer.name, applied, batches, caughtUp, busy };
    },
    log,
    { isIdle: (result) => (result as { batches: number }).batches <= 1 },
  );
  return {
    runNow: () => job.runNow(),
    async stop() {
      stopped = true;
      await job.stop();
    },
  };
}

/**
 * Sign-ups by day come from members, not the feed: counted again (never added to), every day at the first
 * run of a process and then each brand's yesterday and today, so several instances agree.
 */
export function startReportSignups(
  reports: ReportsService,
  log: JobLog,
  everyMs = REPORT_SIGNUPS_EVERY_MS,
): IntervalJob {
  let first = true;
  return startIntervalJob(
    'report-signups',
    everyMs,
    async () => {
      const days = first ? 'all' : 'yesterday';
      const changedDays = await reports.refreshSignups(days);
      first = false;
      return { days, changedDays };
    },
    log,
    { isIdle: (result) => (result as { changedDays: number }).changedDays === 0 },
  );
}
