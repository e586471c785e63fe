import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { waitForFeedReady } from '../../test/feed';
import { insertMoneyEvent } from './settlement-feed.repository';
import { SettlementFeedService, type FeedBatch, type FeedConsumer } from './settlement-feed.service';

/** A consumer that keeps the ids it was handed, counted only once its batch committed. */
class RecordingConsumer implements FeedConsumer {
  readonly applied: number[] = [];
  failNext = false;

  constructor(readonly name: string) {}

  async apply(tx: Executor, batch: FeedBatch): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error(`${this.name} refused its batch`);
    }
    // The batch's rows are exactly the feed's rows after the consumer's checkpoint, up to the batch's last.
    const rows = await query<{ n: unknown }>(
      tx,
      sql`SELECT count(*) AS n FROM settlement_feed
          WHERE (xid, id) > (${batch.after.xid}::xid8, ${batch.after.id}::bigint)
            AND (xid, id) <= (${batch.last.xid}::xid8, ${batch.last.id}::bigint)`,
    );
    expect(toNumber(rows[0]?.n)).toBe(batch.events.length);
    this.applied.push(...batch.events.map((event) => event.id));
  }
}

describe('SettlementFeedService.consumeGroup', () => {
  let database: TestDatabase;
  let feed: SettlementFeedService;
  let memberId: number;
  let merchantId: number;

  async function appendDeposits(count: number): Promise<number[]> {
    const before = await feedIds();
    for (let index = 0; index < count; index += 1) {
      await insertMoneyEvent(database.handle.db, {
        kind: 'deposit',
        merchantId,
        memberId,
        currency: 'KRW',
        amountMinor: 1_000 + index,
      });
    }
    await waitForFeedReady(database.handle.db);
    return (await feedIds()).filter((id) => !before.includes(id));
  }

  async function feedIds(): Promise<number[]> {
    const rows = await query<{ id: unknown }>(database.handle.db, sql`SELECT id FROM settlement_feed ORDER BY xid, id`);
    return rows.map((row) => toNumber(row.id));
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    feed = new SettlementFeedService(database.handle.db);
    const rows = await query<{ id: unknown; merchant_id: unknown }>(
      database.handle.db,
      sql`SELECT id, merchant_id FROM members ORDER BY id LIMIT 1`,
    );
    memberId = toNumber(rows[0]?.id);
    merchantId = toNumber(rows[0]?.merchant_id);
  }, 120_000);
  afterAll(async () => {
    await database.drop();
  });

  it('hands each consumer the rows after its own checkpoint, once, in batches of the one read', async () => {
    const ahead = new RecordingConsumer('group-ahead');
    const behind = new RecordingConsumer('group-behind');
    const first = await appendDeposits(7);
    // `ahead` has taken in the feed up to now on its own; `behind` has not started.
    await feed.consume(ahead);
    const taken = [...ahead.applied];
    const later = await appendDeposits(5);

    const result = await feed.consumeGroup([ahead, behind], { batchSize: 4 });

    expect(result.caughtUp).toBe(true);
    expect(ahead.applied).toEqual([...taken, ...later]);
    expect(behind.applied.filter((id) => first.includes(id) || later.includes(id))).toEqual([...first, ...later]);
    expect(new Set(behind.applied).size).toBe(behind.applied.length);
    const checkpoints = await Promise.all([feed.findCheckpoint(ahead.name), feed.findCheckpoint(behind.name)]);
    expect(checkpoints[0]?.id).toBe(later.at(-1));
    expect(checkpoints[1]?.id).toBe(later.at(-1));
  });

  it('moves no checkpoint of the group when one consumer throws, and applies the batch at the next run', async () => {
    const steady = new RecordingConsumer('group-steady');
    const failing = new RecordingConsumer('group-failing');
    await feed.consumeGroup([steady, failing]);
    const before = [steady.applied.length, failing.applied.length];
    const added = await appendDeposits(3);
    failing.failNext = true;

    await expect(feed.consumeGroup([steady, failing])).rejects.toThrow('group-failing refused its batch');
    // The steady consumer's apply ran in the transaction that rolled back: its checkpoint did not move.
    expect((await feed.findCheckpoint(steady.name))?.id).not.toBe(added.at(-1));
    steady.applied.length = before[0]!;

    await feed.consumeGroup([steady, failing]);
    expect(steady.applied.slice(before[0])).toEqual(added);
    expect(failing.applied.slice(before[1])).toEqual(added);
  });

  it('applies every row once per consumer when two runs of the group overlap', async () => {
    const one = new RecordingConsumer('group-one');
    const two = new RecordingConsumer('group-two');
    await feed.consumeGroup([one, two]);
    const startOne = one.applied.length;
    const startTwo = two.applied.length;
    const added = await appendDeposits(40);

    const runs = await Promise.all([
      feed.consumeGroup([one, two], { batchSize: 3 }),
      feed.consumeGroup([two, one], { batchSize: 5 }),
      feed.consume(one, { batchSize: 7 }),
    ]);

    expect(runs.some((run) => run.applied > 0)).toBe(true);
    expect([...one.applied.slice(startOne)].sort((a, b) => a - b)).toEqual([...added].sort((a, b) => a - b));
    expect([...two.applied.slice(startTwo)].sort((a, b) => a - b)).toEqual([...added].sort((a, b) => a - b));
  });
});
