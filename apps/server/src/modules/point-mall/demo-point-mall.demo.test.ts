import type { PointProducts, PointRecordPage } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_CODE } from '../../db/seed';
import { DEMO_POINT_PRODUCTS, seedDemoPointMall } from '../../db/seed-point-mall';
import { createTestApp, type TestApp } from '../../test/app';
import { checkLedgers } from './point-mall.fixtures';

describe(seedDemoPointMall.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('gives the demo brand a mall with pictures and the demo member two past exchanges, once, books balanced', async () => {
    expect(await seedDemoPointMall(t.app.db, DEMO_MERCHANT_CODE)).toBe(DEMO_POINT_PRODUCTS.length);
    expect(await seedDemoPointMall(t.app.db, DEMO_MERCHANT_CODE)).toBe(0);
    const brand = (await t.app.merchants.findByCode(DEMO_MERCHANT_CODE))!;
    const [demo] = await query<{ id: unknown; account: string }>(
      t.app.db,
      sql`SELECT id, account FROM members WHERE merchant_id = ${brand.id} AND lower(account) = 'demo'`,
    );
    const member = {
      id: toNumber(demo!.id),
      merchantId: brand.id,
      account: demo!.account,
      agentType: 0,
      isFreePlay: false,
      sessionId: 0,
    };
    const mall: PointProducts = await t.app.pointMall.mall.products(brand, member, 'EN');
    expect(mall.items).toHaveLength(DEMO_POINT_PRODUCTS.length);
    expect(mall.items.filter((item) => item.unavailableReason === 'outOfStock')).toHaveLength(1);
    expect(mall.items.filter((item) => item.kind === 'cash')).toHaveLength(1);
    expect(mall.items.some((item) => item.amountMinor > 0)).toBe(true);
    for (const item of mall.items) {
      const picture = await t.app.inject({ method: 'GET', url: item.imageUrl! });
      expect(picture.statusCode, item.name).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
    }
    const records: PointRecordPage = await t.app.pointMall.mall.records(member, {}, 'KO');
    expect(records.items.map((item) => [item.productName, item.status])).toEqual([
      ['커피 쿠폰', 'applying'],
      ['여행용 텀블러', 'completed'],
    ]);
    expect(await checkLedgers(t.app)).toMatchObject({ pointsMismatches: 0, negativePoints: 0, mallPointsGap: 0 });
  });
});
