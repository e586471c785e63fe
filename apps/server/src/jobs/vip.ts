import type { VipService } from '../modules/vip/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';
import { SETTLEMENT_FEED_BATCHES_PER_RUN, SETTLEMENT_FEED_EVERY_MS } from './settlement-feed';

/** How often the downgrade review and the birthday and monthly bonuses look for work. */
export const VIP_PERIODIC_EVERY_MS = 15 * 60_000;

/**
 * The settlement feed's `vip` consumer (decision 0046), on the feed's rhythm (decision 0034): each run applies what
 * settled since its checkpoint and raises the members it reaches; a backlog goes on at once, not at the next tick.
 */
export function startVipFeed(vip: VipService, log: JobLog, everyMs = SETTLEMENT_FEED_EVERY_MS): IntervalJob {
  let stopped = false;
  const job = startIntervalJob(
    'vip-feed',
    everyMs,
    async () => {
      const { applied, batches, caughtUp, busy } = await vip.consumeFeed({
        maxBatches: SETTLEMENT_FEED_BATCHES_PER_RUN,
      });
      if (!caughtUp && !busy && !stopped) {
        setImmediate(() => {
          if (!stopped) void job.runNow();
        });
      }
      return { consumer: vip.feedConsumer.name, applied, batches, caughtUp, busy };
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
 * VIP's periodic work: an upgrade sweep, the downgrade review (at most once a month per member, after the brand's
 * grace), the birthday and monthly bonuses (each once by its key). Once at start, then every 15 minutes.
 */
export function startVipPeriodic(vip: VipService, log: JobLog, everyMs = VIP_PERIODIC_EVERY_MS): IntervalJob {
  return startIntervalJob('vip-periodic', everyMs, () => vip.runPeriodic(), log, {
    isIdle: (result) => Object.values(result as Record<string, number>).every((count) => count === 0),
  });
}
