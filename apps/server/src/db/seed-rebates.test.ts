import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { DEMO_MERCHANT_CODE } from './seed';
import { DEMO_MEMBER_ACCOUNT, seedDemoMemberHistory } from './seed-member-history';
import { seedDemoRebates } from './seed-rebates';
import { seedDemoVip } from './seed-vip';

describe(seedDemoRebates.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.rebateAutoPay?.stop();
    await t.app.housekeeping.vipPeriodic?.stop();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it("gives the demo brand weekly cashback and the demo member past weeks to claim at Gold's rates, once", async () => {
    await seedDemoVip(t.app.db, DEMO_MERCHANT_CODE);
    await seedDemoRebates(t.app.db, DEMO_MERCHANT_CODE);
    await seedDemoRebates(t.app.db, DEMO_MERCHANT_CODE);
    await seedDemoMemberHistory(t.app.db, DEMO_MERCHANT_CODE);
    // The feed's `rebates` consumer takes the rounds in, as on a real start: until nothing is behind its checkpoint
    // ("caught up" alone may mean rows held back by a transaction still open elsewhere on a shared PostgreSQL).
    const consumer = t.app.rebates.feedConsumer.name;
    for (let attempt = 0; attempt < 500; attempt += 1) {
      await t.app.rebates.consumeFeed();
      if ((await t.app.settlementFeed.describe(consumer)).behind === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await t.app.settlementFeed.describe(consumer)).behind).toBe(0);
    const brand = (await t.app.merchants.findByCode(DEMO_MERCHANT_CODE))!;
    expect(await t.app.rebates.boSettings(brand)).toMatchObject({ period: 'weekly', autoPay: false, enabled: true });
    const [row] = await query<{ id: unknown }>(
      t.app.db,
      sql`SELECT id FROM members WHERE merchant_id = ${brand.id} AND lower(account) = ${DEMO_MEMBER_ACCOUNT}`,
    );
    const summary = await t.app.rebates.memberSummary({ merchantId: brand.id, memberId: toNumber(row?.id) }, brand);
    expect(summary).toMatchObject({ rankName: 'Gold', period: 'weekly' });
    // 28 days of rounds: at least three finished weeks with a rebate, past their grace.
    expect(summary.claimable.length).toBeGreaterThanOrEqual(3);
    expect(summary.claimableMinor).toBeGreaterThan(0);
  });
});
