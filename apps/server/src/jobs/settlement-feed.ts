import type { ReportsService } from '../modules/reports/index';
import type { ConsumeResult, FeedConsumer, SettlementFeedService } from '../modules/settlement-feed/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often the feed's consumers look for rows settled since their checkpoint. */
export const SETTLEMENT_FEED_EVERY_MS = 2_000;
/**
 * How often the points' consumer looks (decision 0044): its own job, so a round's points arrive within about a
 * second (bench:wallet's accrualLagMs; with the reports' 2 s the lag reached 3 s on a loaded machine).
 */
export const POINTS_FEED_EVERY_MS = 1_000;
/** Batches a run applies before it lets a stop in; a backlog goes on in the next run at once. */
export const SETTLEMENT_FEED_BATCHES_PER_RUN = 20;
/** How often each brand's sign-ups of its yesterday and today are counted again. */
export const REPORT_SIGNUPS_EVERY_MS = 60_000;

/** A reader of the feed the job runs: the reports, the points (decision 0044), VIP, the rewards and others. */
export interface FeedJobConsumer {
  readonly feedConsumer: FeedConsumer;
  consumeFeed(options: { maxBatches?: number }): Promise<ConsumeResult>;
}

/**
 * The settlement feed's consumers (decision 0034), each from its own checkpoint, one after the other: each run
 * applies what settled since, and a backlog (a restart, a burst) is worked through run after run without
 * waiting for the timer. A consumer another instance is applying is left to it. Logs only catch-ups: a run
 * of more than one batch.
 */
export function startSettlementFeed(
  consumers: FeedJobConsumer | readonly FeedJobConsumer[],
  log: JobLog,
  everyMs = SETTLEMENT_FEED_EVERY_MS,
  name = 'settlement-feed',
): IntervalJob {
  const list: readonly FeedJobConsumer[] = Array.isArray(consumers) ? consumers : [consumers];
  let stopped = false;
  const job = startIntervalJob(
    name,
    everyMs,
    async () => {
      const results = [];
      let backlog = false;
      for (const consumer of list) {
        if (stopped) break;
        const { applied, batches, caughtUp, busy } = await consumer.consumeFeed({
          maxBatches: SETTLEMENT_FEED_BATCHES_PER_RUN,
        });
        if (!caughtUp && !busy) backlog = true;
        results.push({ consumer: consumer.feedConsumer.name, applied, batches, caughtUp, busy });
      }
      if (backlog && !stopped) {
        setImmediate(() => {
          if (!stopped) void job.runNow();
        });
      }
      if (list.length === 1 && results[0]) return results[0];
      return { consumers: results, batches: Math.max(0, ...results.map((result) => result.batches)) };
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
 * The feed's consumers that share its 2 s rhythm, as one group (decision 0060): each batch is one read of the feed
 * and one transaction for all of them (SettlementFeedService.consumeGroup), so the consumers the reward engine and
 * the agents add do not each add a transaction per batch beside the wallet's. A backlog goes on at once.
 */
export function startFeedGroup(
  feed: SettlementFeedService,
  consumers: readonly FeedJobConsumer[],
  log: JobLog,
  everyMs = SETTLEMENT_FEED_EVERY_MS,
  name = 'settlement-feed',
): IntervalJob {
  const members = consumers.map((consumer) => consumer.feedConsumer);
  let stopped = false;
  const job = startIntervalJob(
    name,
    everyMs,
    async () => {
      const result = await feed.consumeGroup(members, { maxBatches: SETTLEMENT_FEED_BATCHES_PER_RUN });
      if (!result.caughtUp && !result.busy && !stopped) {
        setImmediate(() => {
          if (!stopped) void job.runNow();
        });
      }
      return { consumers: members.map((member) => member.name), ...result };
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
