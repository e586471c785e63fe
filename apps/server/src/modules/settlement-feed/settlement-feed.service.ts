import type { Database, Executor } from '../../db/client';
import * as repository from './settlement-feed.repository';
import type { FeedEvent, FeedPosition } from './settlement-feed.repository';

/** What a consumer is handed: the rows after its checkpoint, and the positions they span. */
export interface FeedBatch {
  /** The consumer's checkpoint before the batch (excluded). */
  after: FeedPosition;
  /** The batch's last row (included): the checkpoint once it commits. */
  last: FeedPosition;
  /** The rows, in feed order. */
  events: FeedEvent[];
}

/**
 * A reader of the feed (reports, and later points, missions, cashback, agents' figures). `apply` runs in the
 * transaction that then moves the consumer's checkpoint to `batch.last`: both commit or neither, so a batch
 * is applied exactly once, whatever stops the process. It writes only to the database through `tx`.
 */
export interface FeedConsumer {
  /** The checkpoint's name: one per consumer, never reused. */
  readonly name: string;
  apply(tx: Executor, batch: FeedBatch): Promise<void>;
}

export interface ConsumeResult {
  /** Rows applied by this call. */
  applied: number;
  batches: number;
  /** Nothing ready was left when the call returned. */
  caughtUp: boolean;
  /** Another instance held the checkpoint: it is applying, this call applied nothing more. */
  busy: boolean;
}

/**
 * Rows a consumer applies in one transaction. On PGlite every other statement waits for it: 200 rows of the
 * reports' consumer take about 0.25 s there, and a few milliseconds on PostgreSQL.
 */
export const FEED_BATCH_SIZE = 200;

/**
 * The settlement feed (decision 0034): every settled round (written by a trigger in the settling
 * transaction), and later every deposit and withdrawal, as a row consumers read in order from their own
 * checkpoint, with no gap across concurrent transactions, each batch applied once, one instance at a time.
 */
export class SettlementFeedService {
  constructor(private readonly db: Database) {}

  /**
   * Applies the rows after the consumer's checkpoint, batch by batch, until none is ready or `maxBatches`
   * have committed. Safe on several instances at once: each batch claims the checkpoint with SKIP LOCKED,
   * and a call that finds it claimed stops (busy) rather than wait behind the instance applying.
   */
  async consume(
    consumer: FeedConsumer,
    options: { batchSize?: number; maxBatches?: number } = {},
  ): Promise<ConsumeResult> {
    const batchSize = options.batchSize ?? FEED_BATCH_SIZE;
    const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
    const result: ConsumeResult = { applied: 0, batches: 0, caughtUp: false, busy: false };
    while (result.batches < maxBatches) {
      // An idle feed costs a read, not a locked (written) checkpoint row.
      const seen = (await repository.findCheckpoint(this.db, consumer.name)) ?? repository.FEED_START;
      if (!(await repository.hasReadyRows(this.db, seen))) {
        result.caughtUp = true;
        return result;
      }
      const outcome = await this.db.transaction(async (tx) => {
        const checkpoint = await repository.claimCheckpoint(tx, consumer.name);
        if (!checkpoint) return 'busy' as const;
        const events = await repository.findBatch(tx, checkpoint, batchSize);
        const last = events.at(-1);
        if (!last) return 0;
        await consumer.apply(tx, { after: { xid: checkpoint.xid, id: checkpoint.id }, last, events });
        await repository.moveCheckpoint(tx, consumer.name, last, events.length);
        return events.length;
      });
      if (outcome === 'busy') {
        result.busy = true;
        return result;
      }
      result.applied += outcome;
      result.batches += 1;
      // PGlite runs each statement on this thread and its promises settle at once: without a turn of the
      // event loop between batches, a backlog would hold every request (and the server's listen) until done.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return result;
  }

  /**
   * Applies the rows after each consumer's checkpoint for several consumers at once (decision 0060): each batch reads
   * the feed once, from the furthest-behind claimed checkpoint, and hands every consumer the rows after its own
   * checkpoint, all in one transaction that moves each checkpoint it applied. One transaction and one read of the feed
   * per batch instead of one per consumer: the wallet's settling shares the database with fewer of them. A consumer
   * another instance holds is left to it (SKIP LOCKED) while the others go on; a consumer that throws fails the
   * batch for the group, which the next run tries again, as a single consumer's failure did.
   */
  async consumeGroup(
    consumers: readonly FeedConsumer[],
    options: { batchSize?: number; maxBatches?: number } = {},
  ): Promise<ConsumeResult> {
    const batchSize = options.batchSize ?? FEED_BATCH_SIZE;
    const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
    const names = consumers.map((consumer) => consumer.name);
    const result: ConsumeResult = { applied: 0, batches: 0, caughtUp: false, busy: false };
    while (result.batches < maxBatches) {
      const seen = await repository.findCheckpoints(this.db, names);
      const earliest = earliestOf(names.map((name) => seen.get(name) ?? repository.FEED_START));
      if (!(await repository.hasReadyRows(this.db, earliest))) {
        result.caughtUp = true;
        return result;
      }
      const outcome = await this.db.transaction(async (tx) => {
        const claimed = await repository.claimCheckpoints(tx, names);
        const claimedAll = claimed.size === names.length;
        if (claimed.size === 0) return { events: 0, claimedAll };
        const from = earliestOf([...claimed.values()]);
        const events = await repository.findBatch(tx, from, batchSize);
        const last = events.at(-1);
        if (!last) return { events: 0, claimedAll };
        for (const consumer of consumers) {
          const checkpoint = claimed.get(consumer.name);
          if (!checkpoint || comparePositions(checkpoint, last) >= 0) continue;
          const own = events.filter((event) => comparePositions(event, checkpoint) > 0);
          await consumer.apply(tx, { after: { xid: checkpoint.xid, id: checkpoint.id }, last, events: own });
          await repository.moveCheckpoint(tx, consumer.name, last, own.length);
        }
        return { events: events.length, claimedAll };
      });
      if (!outcome.claimedAll) result.busy = true;
      if (outcome.events === 0) {
        // The claimed consumers are caught up; what is left belongs to a consumer another instance holds.
        result.caughtUp = true;
        return result;
      }
      result.applied += outcome.events;
      result.batches += 1;
      // As in consume: a turn of the event loop between batches, so a backlog on PGlite does not hold the requests.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return result;
  }

  /** The consumer's checkpoint as last committed; undefined before its first batch. */
  /** Whether rounds settled before `end` wait for `consumerName` still (a period is settled once all are counted). */
  feedBehindBefore(consumerName: string, end: Date): Promise<boolean> {
    return repository.feedBehindBefore(this.db, consumerName, end);
  }

  findCheckpoint(consumerName: string): Promise<repository.Checkpoint | undefined> {
    return repository.findCheckpoint(this.db, consumerName);
  }

  /** The consumer's checkpoint and how many rows of the feed lie after it. */
  async describe(consumerName: string): Promise<{ checkpoint: repository.Checkpoint | null; behind: number }> {
    const checkpoint = (await repository.findCheckpoint(this.db, consumerName)) ?? null;
    return { checkpoint, behind: await repository.countAfter(this.db, checkpoint ?? repository.FEED_START) };
  }

  /**
   * A deposit or withdrawal enters the feed in the transaction that moves its money (the cashier's, when
   * it exists), like a settled round.
   */
  appendMoneyEvent(tx: Executor, event: repository.MoneyEventInput): Promise<void> {
    return repository.insertMoneyEvent(tx, event);
  }
}

/** Orders two feed positions as the feed does: by the writing transaction's id, then by the row's number. */
export function comparePositions(a: FeedPosition, b: FeedPosition): number {
  const byXid = BigInt(a.xid) - BigInt(b.xid);
  if (byXid !== 0n) return byXid < 0n ? -1 : 1;
  return a.id - b.id;
}

/** The position furthest behind: where a batch for all of them starts. */
function earliestOf(positions: readonly FeedPosition[]): FeedPosition {
  return positions.reduce((earliest, position) => (comparePositions(position, earliest) < 0 ? position : earliest));
}
