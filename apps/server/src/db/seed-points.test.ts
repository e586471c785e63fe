import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { DEMO_MERCHANT_CODE } from './seed';
import { DEMO_WELCOME_POINTS_MINOR, seedDemoPoints } from './seed-points';

describe(seedDemoPoints.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.pointsFeed?.stop();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it("gives the demo brand the specification's rates and the demo member its welcome points, once", async () => {
    await seedDemoPoints(t.app.db, DEMO_MERCHANT_CODE);
    await seedDemoPoints(t.app.db, DEMO_MERCHANT_CODE);
    const merchant = (await t.app.merchants.findByCode(DEMO_MERCHANT_CODE))!;
    const config = await t.app.points.configOf(merchant.id);
    expect(config.rates).toMatchObject({ LIVE: 7000, SPORTS: 10000, FISH: 12000, RNG: 12000, PVP: 10000 });
    expect(config.conversionMinorPerPoint).toBe(1);
    const rows = await query<{ n: unknown; balance: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n, max(a.balance_points_minor) AS balance FROM point_entries e
          JOIN members m ON m.id = e.member_id JOIN point_accounts a ON a.member_id = m.id
          WHERE lower(m.account) = 'demo' AND m.merchant_id = ${merchant.id} AND e.idempotency_key LIKE 'seed:welcome:%'`,
    );
    expect(toNumber(rows[0]?.n)).toBe(1);
    expect(toNumber(rows[0]?.balance)).toBeGreaterThanOrEqual(DEMO_WELCOME_POINTS_MINOR);
  });
});
