import {
  POINT_MALL_CALLS,
  type ConvertResult,
  type PointProducts,
  type PointRecordPage,
  type RedeemResult,
} from '@parlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  callMember,
  checkLedgers,
  createProduct,
  createShopper,
  holdingsOf,
  PAYMENT_PASSWORD,
  setConversion,
  stockOf,
  type Shopper,
} from './point-mall.fixtures';
import { pointMallRoutes } from './point-mall.routes';

let sequence = 0;
const requestId = () => `req-${Date.now().toString(36)}-${(sequence += 1)}`;

describe(pointMallRoutes.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setConversion(t.app, 10, 1_000);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const redeem = (who: Shopper, body: Record<string, unknown>) =>
    callMember(t.app, who.authorization, POINT_MALL_CALLS.redeem, {
      payload: { paymentPassword: PAYMENT_PASSWORD, requestId: requestId(), quantity: 1, ...body },
    });
  const convert = (who: Shopper, body: Record<string, unknown>) =>
    callMember(t.app, who.authorization, POINT_MALL_CALLS.convert, {
      payload: { paymentPassword: PAYMENT_PASSWORD, requestId: requestId(), ...body },
    });
  const records = async (who: Shopper, search = '') => {
    const reply = await callMember(t.app, who.authorization, POINT_MALL_CALLS.records, { search });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ value: PointRecordPage }>().value;
  };

  it('lists the products on offer with what the member may still redeem, in the request language', async () => {
    const who = await createShopper(t.app, { pointsMinor: 50_000 });
    const upcoming = await createProduct(t.app, {
      nameKo: '예정 상품',
      nameEn: 'Upcoming',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const empty = await createProduct(t.app, { stock: 0 });
    const off = await createProduct(t.app, { active: false });
    const ended = await createProduct(t.app, {
      startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const reply = await callMember(t.app, who.authorization, POINT_MALL_CALLS.products, { search: '?lang=en' });
    expect(reply.statusCode, reply.body).toBe(200);
    const value = reply.json<{ value: PointProducts }>().value;
    expect(value.balancePointsMinor).toBe(50_000);
    const ids = value.items.map((item) => item.id);
    expect(ids).not.toContain(off.id);
    expect(ids).not.toContain(ended.id);
    expect(value.items.find((item) => item.id === upcoming.id)).toMatchObject({ unavailableReason: 'notStarted' });
    expect(value.items.find((item) => item.id === empty.id)).toMatchObject({ unavailableReason: 'outOfStock' });
  });

  it('redeems goods: points and stock taken together, an applying exchange with the specified fields', async () => {
    const who = await createShopper(t.app, { pointsMinor: 30_000 });
    const product = await createProduct(t.app, { pointsMinor: 10_000, stock: 5, nameKo: '텀블러', nameEn: 'Tumbler' });
    const reply = await redeem(who, { productId: product.id, quantity: 2 });
    expect(reply.statusCode, reply.body).toBe(200);
    const value = reply.json<{ value: RedeemResult }>().value;
    expect(value.balancePointsMinor).toBe(10_000);
    expect(value.record).toMatchObject({
      type: 'redeem',
      productName: '텀블러',
      quantity: 2,
      pointsMinor: 20_000,
      amountMinor: 0,
      status: 'applying',
      pointsChangedMinor: -20_000,
      pointsBalanceMinor: 10_000,
      remark: null,
    });
    expect(value.record.referenceNo).toMatch(/^PX\d{10}$/);
    expect(await stockOf(t.app, product.id)).toBe(3);
    const page = await records(who);
    expect(page.items).toEqual([value.record]);
    // The redeem history's line is the same exchange, still applying: never "completed" before the operator acts.
    expect((await records(who, '?view=history')).items).toEqual([value.record]);
    expect(await checkLedgers(t.app)).toMatchObject({ unbalancedMovements: 0, pointsMismatches: 0, mallPointsGap: 0 });
  });

  it('takes the money part from the wallet, and completes a cash product at once with its value credited', async () => {
    const who = await createShopper(t.app, { pointsMinor: 40_000, moneyMinor: 10_000 });
    const mixed = await createProduct(t.app, { pointsMinor: 10_000, amountMinor: 4_000 });
    const cash = await createProduct(t.app, { kind: 'cash', pointsMinor: 10_000, cashValueMinor: 5_000 });
    const first = await redeem(who, { productId: mixed.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ value: RedeemResult }>().value.balanceMinor).toBe(6_000);
    const second = await redeem(who, { productId: cash.id });
    expect(second.statusCode, second.body).toBe(200);
    const value = second.json<{ value: RedeemResult }>().value;
    expect(value.record.status).toBe('completed');
    expect(value.balanceMinor).toBe(11_000);
    expect(value.balancePointsMinor).toBe(20_000);
    expect(await checkLedgers(t.app)).toMatchObject({ unbalancedMovements: 0, negativeMoney: 0, mallPointsGap: 0 });
  });

  it('refuses a wrong payment password first and takes nothing', async () => {
    const who = await createShopper(t.app, { pointsMinor: 30_000, moneyMinor: 10_000 });
    const product = await createProduct(t.app, { pointsMinor: 10_000, amountMinor: 1_000, stock: 3 });
    const before = await holdingsOf(t.app, who.member);
    const wrong = await redeem(who, { productId: product.id, paymentPassword: '999999' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ code: string }>().code).toBe('PAYMENT_PASSWORD_WRONG');
    const wrongConvert = await convert(who, { pointsMinor: 10_000, paymentPassword: '999999' });
    expect(wrongConvert.json<{ code: string }>().code).toBe('PAYMENT_PASSWORD_WRONG');
    expect(await holdingsOf(t.app, who.member)).toEqual(before);
    expect(await stockOf(t.app, product.id)).toBe(3);
  });

  it('refuses each reason with its own translated error, taking nothing', async () => {
    const who = await createShopper(t.app, { pointsMinor: 25_000, moneyMinor: 500 });
    const limited = await createProduct(t.app, { pointsMinor: 1_000, perMemberLimit: 1, stock: 10 });
    expect((await redeem(who, { productId: limited.id })).statusCode).toBe(200);
    const cases: [string, Record<string, unknown>][] = [
      ['POINT_MALL_PRODUCT_NOT_FOUND', { productId: 999_999 }],
      ['POINT_MALL_PRODUCT_INACTIVE', { productId: (await createProduct(t.app, { active: false })).id }],
      [
        'POINT_MALL_PRODUCT_NOT_STARTED',
        { productId: (await createProduct(t.app, { startsAt: new Date(Date.now() + 3_600_000).toISOString() })).id },
      ],
      [
        'POINT_MALL_PRODUCT_ENDED',
        {
          productId: (
            await createProduct(t.app, {
              startsAt: new Date(Date.now() - 7_200_000).toISOString(),
              endsAt: new Date(Date.now() - 3_600_000).toISOString(),
            })
          ).id,
        },
      ],
      ['POINT_MALL_OUT_OF_STOCK', { productId: (await createProduct(t.app, { stock: 1 })).id, quantity: 2 }],
      ['POINT_MALL_LIMIT_REACHED', { productId: limited.id }],
      ['POINT_MALL_POINTS_SHORT', { productId: (await createProduct(t.app, { pointsMinor: 50_000 })).id }],
      [
        'POINT_MALL_BALANCE_SHORT',
        { productId: (await createProduct(t.app, { pointsMinor: 1_000, amountMinor: 1_000 })).id },
      ],
    ];
    const before = await holdingsOf(t.app, who.member);
    const texts = new Set<string>();
    for (const [code, body] of cases) {
      const reply = await callMember(t.app, who.authorization, POINT_MALL_CALLS.redeem, {
        payload: { paymentPassword: PAYMENT_PASSWORD, requestId: requestId(), quantity: 1, ...body },
        search: '?lang=en',
      });
      const error = reply.json<{ code: string; message: string }>();
      expect(error.code, code).toBe(code);
      texts.add(error.message);
    }
    expect(texts.size).toBe(cases.length);
    expect(await holdingsOf(t.app, who.member)).toEqual(before);
  });

  it('answers a repeated request key with the first redemption and refuses the key for another', async () => {
    const who = await createShopper(t.app, { pointsMinor: 30_000 });
    const product = await createProduct(t.app, { pointsMinor: 10_000 });
    const key = requestId();
    const first = await redeem(who, { productId: product.id, requestId: key });
    const again = await redeem(who, { productId: product.id, requestId: key });
    expect(again.json<{ value: RedeemResult }>().value.record).toEqual(
      first.json<{ value: RedeemResult }>().value.record,
    );
    const other = await redeem(who, { productId: product.id, requestId: key, quantity: 2 });
    expect(other.json<{ code: string }>().code).toBe('POINT_MALL_REQUEST_REUSED');
    expect((await holdingsOf(t.app, who.member)).pointsMinor).toBe(20_000);
  });

  it("converts points at the brand's rate: points out, money in, one line in each record", async () => {
    const who = await createShopper(t.app, { pointsMinor: 12_345 });
    const reply = await convert(who, { pointsMinor: 12_345 });
    expect(reply.statusCode, reply.body).toBe(200);
    const value = reply.json<{ value: ConvertResult }>().value;
    // 123.45 points at 10 minor a point: floor(1234.5).
    expect(value.amountMinor).toBe(1_234);
    expect(value.balancePointsMinor).toBe(0);
    expect(value.balanceMinor).toBe(1_234);
    expect(value.record).toMatchObject({ type: 'convert', status: 'completed', pointsChangedMinor: -12_345 });
    expect(value.record.referenceNo).toMatch(/^PC\d{10}$/);
    const history = await records(who, '?view=history');
    expect(history.items.map((item) => item.type)).toEqual(['convert']);
    expect(await checkLedgers(t.app)).toMatchObject({ unbalancedMovements: 0, pointsMismatches: 0, mallPointsGap: 0 });
  });

  it('refuses a conversion below the minimum, over the points, or while the brand converts nothing', async () => {
    const who = await createShopper(t.app, { pointsMinor: 5_000 });
    const before = await holdingsOf(t.app, who.member);
    const codeOf = async (body: Record<string, unknown>) => (await convert(who, body)).json<{ code: string }>().code;
    expect(await codeOf({ pointsMinor: 999 })).toBe('POINT_MALL_CONVERT_BELOW_MIN');
    expect(await codeOf({ pointsMinor: 9_000 })).toBe('POINT_MALL_POINTS_SHORT');
    await setConversion(t.app, 0);
    expect(await codeOf({ pointsMinor: 2_000 })).toBe('POINT_MALL_CONVERT_DISABLED');
    await setConversion(t.app, 10, 1_000);
    expect(await holdingsOf(t.app, who.member)).toEqual(before);
  });

  it('pages the records newest first, filters by status, and keeps another member out', async () => {
    const who = await createShopper(t.app, { pointsMinor: 100_000 });
    const other = await createShopper(t.app, { pointsMinor: 10_000 });
    const product = await createProduct(t.app, { pointsMinor: 1_000 });
    for (let index = 0; index < 5; index += 1) {
      expect((await redeem(who, { productId: product.id })).statusCode).toBe(200);
    }
    const first = await records(who, '?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await records(who, `?limit=2&cursor=${first.nextCursor}`);
    const third = await records(who, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    const all = [...first.items, ...second.items, ...third.items].map((item) => item.referenceNo);
    expect(new Set(all).size).toBe(5);
    expect([...all].sort().reverse()).toEqual(all);
    expect((await records(who, '?status=rejected')).items).toEqual([]);
    expect((await records(other)).items).toEqual([]);
    const bad = await callMember(t.app, who.authorization, POINT_MALL_CALLS.records, { search: '?cursor=nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('asks for a signed-in real member', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: POINT_MALL_CALLS.products.path,
      headers: { host: 'localhost' },
    });
    expect(reply.statusCode).toBe(401);
  });
});
