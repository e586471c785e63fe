import type { BonusService } from '../modules/bonuses/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';
import { SETTLEMENT_FEED_EVERY_MS, startSettlementFeed } from './settlement-feed';

/** How often active bonuses past their expiry are ended (decision 0050). */
export const BONUS_EXPIRY_EVERY_MS = 60_000;

/**
 * The settlement feed's `bonuses` consumer (decision 0050) on the feed's rhythm (decision 0034): settled rounds into
 * the wagering of the members' active bonuses; a backlog goes on at once.
 */
export function startBonusFeed(bonuses: BonusService, log: JobLog, everyMs = SETTLEMENT_FEED_EVERY_MS): IntervalJob {
  return startSettlementFeed(bonuses, log, everyMs, 'bonuses-feed');
}

/** Active bonuses whose time ran out: what is left of each taken back, its lock ended. Once at start, then every minute. */
export function startBonusExpiry(bonuses: BonusService, log: JobLog, everyMs = BONUS_EXPIRY_EVERY_MS): IntervalJob {
  return startIntervalJob('bonus-expiry', everyMs, () => bonuses.expireDue(), log, {
    isIdle: (result) => (result as { expired: number }).expired === 0,
  });
}
