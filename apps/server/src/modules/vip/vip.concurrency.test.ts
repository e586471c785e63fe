import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  bonusMovementsOf,
  changesOf,
  depositEvent,
  prepareVipWorld,
  rankOf,
  settleRound,
  TEST_LEVELS,
  type VipWorld,
} from './vip.fixtures';
import { VipService } from './vip.service';

const BATCHES = 12;

describe('VIP ranks under concurrency', () => {
  let t: TestApp;
  let world: VipWorld;

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
    world = await prepareVipWorld(t.app, TEST_LEVELS);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('raises a member once and pays its bonus once when two consumers and a sweep race parallel feed batches', async () => {
    const member = await createTestMember(t.app);
    const clock = () => world.now.at;
    // Two instances of the server: each its own service over the same database and the same checkpoint.
    const instances = [world.vip, new VipService(t.app.db, t.app.gaming.wallet, t.app.settlementFeed, clock)];
    let settling = true;
    const consumers = instances.map(async (vip) => {
      while (settling) {
        await vip.consumeFeed({ batchSize: 3 });
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    // A sweep of the periodic job on the side, as a third instance would run it.
    const sweeps = (async () => {
      while (settling) {
        await t.app.db.transaction((tx) => instances[1]!.upgrade(tx, { merchantId: world.merchantId }));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // Rounds and deposits in parallel transactions: Silver (1 000 and 100) is crossed somewhere in them.
    await Promise.all(
      Array.from({ length: BATCHES }, async (_, index) => {
        await settleRound(t.app.db, world, member.id, 100);
        if (index % 3 === 0) await depositEvent(t.app.db, world, member.id, 50);
      }),
    );
    // Let the feed drain, then stop the racers.
    for (let attempt = 0; attempt < 500; attempt += 1) {
      if ((await t.app.settlementFeed.describe(world.vip.feedConsumer.name)).behind === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    settling = false;
    await Promise.all([...consumers, sweeps]);

    // 1 200 of valid bets and 200 of deposits: Silver, once, with its bonus once.
    expect(await rankOf(t.app.db, member.id)).toBe(1);
    expect(await changesOf(t.app.db, member.id)).toEqual([
      { kind: 'upgrade', fromLevel: 0, toLevel: 1, bonusMinor: 50 },
    ]);
    expect(await bonusMovementsOf(t.app.db, member.id)).toEqual([
      { key: `vip-upgrade:${member.id}:1`, amountMinor: 50 },
    ]);
  }, 120_000);
});
