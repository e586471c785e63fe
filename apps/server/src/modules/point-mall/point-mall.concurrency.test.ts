import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  checkLedgers,
  createProduct,
  createShopper,
  holdingsOf,
  PAYMENT_PASSWORD,
  setConversion,
  stockOf,
  type Shopper,
} from './point-mall.fixtures';
import { PointMallService } from './point-mall.service';

const COPIES = 50;

// The race needs several connections: on the embedded PGlite (one connection) the calls run one after another, so
// only a run with DATABASE_URL (PostgreSQL) exercises it; both runs check the same facts.
describe(PointMallService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setConversion(t.app, 10, 100);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  // Straight to the service: the route's per-client rate limit would answer most copies before the race.
  const attempt = async (run: () => Promise<unknown>) => {
    try {
      await run();
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  };
  const asMember = (who: Shopper) => ({ ...who.member, sessionId: 0 });
  const merchant = async () => (await t.app.merchants.findByCode('parlay'))!;

  it(`gives exactly the last 10 items to ${COPIES} redemptions at once`, async () => {
    const brand = await merchant();
    const product = await createProduct(t.app, { pointsMinor: 1_000, stock: 10 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => createShopper(t.app, { pointsMinor: 50_000 })));
    const codes = await Promise.all(
      Array.from({ length: COPIES }, (_, index) =>
        attempt(() =>
          t.app.pointMall.mall.redeem(
            brand,
            asMember(shoppers[index % shoppers.length]!),
            { productId: product.id, quantity: 1, paymentPassword: PAYMENT_PASSWORD, requestId: `race-${index}-x` },
            'KO',
          ),
        ),
      ),
    );
    expect(codes.filter((code) => code === 'ok')).toHaveLength(10);
    expect(codes.filter((code) => code !== 'ok').every((code) => code === 'POINT_MALL_OUT_OF_STOCK')).toBe(true);
    expect(await stockOf(t.app, product.id)).toBe(0);
    const units = toNumber(
      (
        await query<{ n: unknown }>(
          t.app.db,
          sql`SELECT coalesce(sum(quantity), 0) AS n FROM point_exchanges WHERE product_id = ${product.id}`,
        )
      )[0]!.n,
    );
    expect(units).toBe(10);
    expect(await checkLedgers(t.app)).toEqual({
      unbalancedMovements: 0,
      negativeMoney: 0,
      negativePoints: 0,
      pointsMismatches: 0,
      mallPointsGap: 0,
      negativeStock: 0,
    });
  });

  it('never converts more points than the member holds under conversions at once', async () => {
    const brand = await merchant();
    const who = await createShopper(t.app, { pointsMinor: 10_000 });
    const codes = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        attempt(() =>
          t.app.pointMall.mall.convert(brand, asMember(who), {
            pointsMinor: 1_000,
            paymentPassword: PAYMENT_PASSWORD,
            requestId: `convert-race-${index}`,
          }),
        ),
      ),
    );
    expect(codes.filter((code) => code === 'ok')).toHaveLength(10);
    expect(codes.filter((code) => code !== 'ok').every((code) => code === 'POINT_MALL_POINTS_SHORT')).toBe(true);
    const held = await holdingsOf(t.app, who.member);
    expect(held).toMatchObject({ pointsMinor: 0, moneyMinor: 1_000, conversions: 10 });
    expect(await checkLedgers(t.app)).toMatchObject({ negativePoints: 0, pointsMismatches: 0, mallPointsGap: 0 });
  });

  it('redeems once when the same request comes many times at once', async () => {
    const brand = await merchant();
    const product = await createProduct(t.app, { pointsMinor: 1_000, stock: 5 });
    const who = await createShopper(t.app, { pointsMinor: 10_000 });
    const codes = await Promise.all(
      Array.from({ length: 16 }, () =>
        attempt(() =>
          t.app.pointMall.mall.redeem(
            brand,
            asMember(who),
            { productId: product.id, quantity: 1, paymentPassword: PAYMENT_PASSWORD, requestId: 'same-request-1' },
            'KO',
          ),
        ),
      ),
    );
    expect(codes.every((code) => code === 'ok')).toBe(true);
    expect(await holdingsOf(t.app, who.member)).toMatchObject({ pointsMinor: 9_000, exchanges: 1 });
    expect(await stockOf(t.app, product.id)).toBe(4);
  });
});
