import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { DEMO_MERCHANT_CODE } from './seed';
import { DEMO_MEMBER_ACCOUNT } from './seed-member-history';
import { DEMO_MISSION_CODES, seedDemoMissions } from './seed-missions';

describe(seedDemoMissions.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('gives the demo brand DAILY10, SLOTS100K and SIGNIN3, once, which the demo member sees', async () => {
    await seedDemoMissions(t.app.db, DEMO_MERCHANT_CODE);
    await seedDemoMissions(t.app.db, DEMO_MERCHANT_CODE);
    const brand = (await t.app.merchants.findByCode(DEMO_MERCHANT_CODE))!;
    const [row] = await query<{ id: unknown }>(
      t.app.db,
      sql`SELECT id FROM members WHERE merchant_id = ${brand.id} AND lower(account) = ${DEMO_MEMBER_ACCOUNT}`,
    );
    const summary = await t.app.missions.summary({ merchantId: brand.id, memberId: toNumber(row?.id) }, brand, 'EN');
    const exponent = 10 ** brand.brand.currencyExponent;
    const byCode = new Map(summary.items.map((item) => [item.code, item]));
    expect(summary.items.filter((item) => Object.values(DEMO_MISSION_CODES).includes(item.code as never))).toHaveLength(
      3,
    );
    expect(byCode.get(DEMO_MISSION_CODES.daily)).toMatchObject({
      title: 'Play 10 rounds today',
      goal: 'rounds',
      period: 'daily',
      target: 10,
      rewardMinor: 1_000 * exponent,
    });
    expect(byCode.get(DEMO_MISSION_CODES.slots)).toMatchObject({
      goal: 'wager',
      gameType: 'RNG',
      period: 'weekly',
      target: 100_000 * exponent,
      rewardMinor: 5_000 * exponent,
    });
    expect(byCode.get(DEMO_MISSION_CODES.signin)).toMatchObject({
      goal: 'signin',
      period: 'campaign',
      target: 3,
      rewardMinor: 2_000 * exponent,
      state: 'in_process',
    });
  });
});
