import type { Database, Executor } from '../../db/client';
import type { FeedBatch, FeedConsumer, SettlementFeedService } from '../settlement-feed/index';
import * as repository from './member-figures.repository';

export const MEMBER_FIGURES_CONSUMER = 'member-figures';

/**
 * The settlement feed's `member-figures` consumer (decision 0061): each batch's settled rounds, deposits and
 * withdrawals into the members' days and hours, in one statement, in the batch's transaction, which moves the
 * checkpoint too: a row counts once across instances and restarts.
 */
export class MemberFiguresFeedConsumer implements FeedConsumer {
  readonly name = MEMBER_FIGURES_CONSUMER;

  async apply(tx: Executor, batch: FeedBatch): Promise<void> {
    await repository.addBatch(tx, batch.after, batch.last);
  }
}

/**
 * Members' figures by day and hour (decision 0061), kept from the settlement feed: what the agent centre's overview,
 * reports and contracts read for a team over any period.
 */
export class MemberFiguresService {
  readonly feedConsumer = new MemberFiguresFeedConsumer();

  constructor(
    private readonly db: Database,
    private readonly feed: SettlementFeedService,
  ) {}

  /** Applies what settled since the consumer's checkpoint (the feed's group job calls it; tests drive it). */
  consumeFeed(options: { maxBatches?: number; batchSize?: number } = {}) {
    return this.feed.consume(this.feedConsumer, options);
  }

  /** The figures of the members `members` selects over the brand's days [from, to]. */
  sumDays(members: Parameters<typeof repository.sumDays>[1], from: string, to: string) {
    return repository.sumDays(this.db, members, from, to);
  }

  /** Deletes up to `limit` members' 5-minute slots that start before `before`; answers how many it deleted. */
  removeSlotsBefore(before: Date, limit: number): Promise<number> {
    return repository.removeSlotsBefore(this.db, before, limit);
  }
}
