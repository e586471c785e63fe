import {
  BACKOFFICE_CALLS,
  callWithParams,
  POINT_MALL_CALLS,
  type BoPointExchange,
  type BoPointProduct,
  type Page,
  type RedeemResult,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import {
  callMember,
  checkLedgers,
  createProduct,
  createShopper,
  holdingsOf,
  PAYMENT_PASSWORD,
  stockOf,
  type Shopper,
} from './point-mall.fixtures';
import { pointMallBackofficeRoutes } from './point-mall.bo-routes';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };
let sequence = 0;

describe(pointMallBackofficeRoutes.name, () => {
  let t: TestApp;
  let finance: string;
  let content: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp();
    finance = await signInAs(t.app, 'demo-finance');
    content = await signInAs(t.app, 'demo-content');
    support = await signInAs(t.app, 'demo-support');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const call = (
    cookie: string,
    api: Api,
    params: Record<string, string | number> = {},
    payload?: unknown,
    search = '',
    headers?: Record<string, string>,
  ) =>
    callBackoffice(t.app, {
      method: api.method,
      url: `${callWithParams(api, { brand: 'parlay', ...params } as never).path}${search}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
      ...(headers ? { headers } : {}),
    });
  const value = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: T }).value;
  };
  const codeOf = (response: { json: () => unknown }) => (response.json() as { code: string }).code;
  const auditRows = async (action: string) =>
    toNumber(
      (await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM audit_log WHERE action = ${action}`))[0]!.n,
    );

  async function redeemed(who: Shopper, productId: number, quantity = 1) {
    sequence += 1;
    const reply = await callMember(t.app, who.authorization, POINT_MALL_CALLS.redeem, {
      payload: { productId, quantity, paymentPassword: PAYMENT_PASSWORD, requestId: `bo-test-${sequence}-req` },
    });
    const record = value<RedeemResult>(reply).record;
    const open = value<Page<BoPointExchange>>(await call(finance, BACKOFFICE_CALLS.pointExchanges));
    return open.items.find((item) => item.referenceNo === record.referenceNo)!;
  }

  it('adds and saves products with the version opened, audited; a stale save changes nothing', async () => {
    const created = value<BoPointProduct>(
      await call(
        content,
        BACKOFFICE_CALLS.createPointProduct,
        {},
        {
          kind: 'goods',
          nameKo: '무선 이어폰',
          nameEn: 'Wireless earbuds',
          pointsMinor: 500_000,
          stock: 5,
          perMemberLimit: 1,
        },
      ),
    );
    expect(created).toMatchObject({ stock: 5, redeemedCount: 0, active: true, version: 0 });
    const saved = value<BoPointProduct>(
      await call(
        content,
        BACKOFFICE_CALLS.updatePointProduct,
        { productId: created.id },
        {
          ...created,
          id: undefined,
          redeemedCount: undefined,
        currency: undefined,
          createdAt: undefined,
          updatedAt: undefined,
          stock: 8,
        },
      ),
    );
    expect(saved).toMatchObject({ stock: 8, version: 1 });
    const audited = await auditRows('pointMall.product.update');
    const stale = await call(
      content,
      BACKOFFICE_CALLS.updatePointProduct,
      { productId: created.id },
      {
        kind: 'goods',
        nameKo: '무선 이어폰',
        pointsMinor: 500_000,
        stock: 1,
        version: 0,
      },
    );
    expect(codeOf(stale)).toBe('BO_CHANGED_SINCE_OPENED');
    expect(await stockOf(t.app, created.id)).toBe(8);
    expect(await auditRows('pointMall.product.update')).toBe(audited);
    expect(await auditRows('pointMall.product.create')).toBeGreaterThan(0);
    const list = value<Page<BoPointProduct>>(await call(finance, BACKOFFICE_CALLS.pointProducts));
    expect(list.items.map((item) => item.id)).toContain(created.id);
  });

  it('refuses a cash product without a value and dates out of order', async () => {
    const base = { kind: 'cash', nameKo: '현금', pointsMinor: 1_000, stock: 1 };
    expect(codeOf(await call(content, BACKOFFICE_CALLS.createPointProduct, {}, base))).toBe('VALIDATION_FAILED');
    const dates = { ...base, kind: 'goods', startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' };
    expect(codeOf(await call(content, BACKOFFICE_CALLS.createPointProduct, {}, dates))).toBe('VALIDATION_FAILED');
  });

  it('stores a picture checked by its bytes, and refuses what is not an image', async () => {
    const image = new PNG({ width: 256, height: 256 });
    image.data.fill(200);
    const headers = { 'content-type': 'application/octet-stream' };
    const stored = value<{ url: string }>(
      await call(content, BACKOFFICE_CALLS.uploadPointProductImage, {}, PNG.sync.write(image), '', headers),
    );
    expect(stored.url).toMatch(/^\/wps\/media\/[a-f0-9]{32}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: stored.url })).statusCode).toBe(200);
    const product = await createProduct(t.app, { imageUrl: stored.url });
    expect(product.imageUrl).toBe(stored.url);
    const audited = await auditRows('pointMall.image.upload');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(codeOf(await call(content, BACKOFFICE_CALLS.uploadPointProductImage, {}, svg, '', headers))).toBe(
      'IMAGE_INVALID',
    );
    expect(await auditRows('pointMall.image.upload')).toBe(audited);
  });

  it('approves then completes an exchange, each step audited; a step out of order is refused', async () => {
    const who = await createShopper(t.app, { pointsMinor: 10_000 });
    const product = await createProduct(t.app, { pointsMinor: 10_000, stock: 2 });
    const row = await redeemed(who, product.id);
    expect(row).toMatchObject({ status: 'applying', account: who.member.account, quantity: 1 });
    expect(
      codeOf(await call(finance, BACKOFFICE_CALLS.completePointExchange, { exchangeId: row.id }, { version: 0 })),
    ).toBe('POINT_MALL_EXCHANGE_STATE');
    const approved = value<BoPointExchange>(
      await call(finance, BACKOFFICE_CALLS.approvePointExchange, { exchangeId: row.id }, { version: row.version }),
    );
    expect(approved.status).toBe('approved');
    const done = value<BoPointExchange>(
      await call(
        finance,
        BACKOFFICE_CALLS.completePointExchange,
        { exchangeId: row.id },
        {
          version: approved.version,
          remark: '택배 발송 1234',
        },
      ),
    );
    expect(done).toMatchObject({ status: 'completed', remark: '택배 발송 1234', processedBy: expect.any(String) });
    const rejectDone = await call(
      finance,
      BACKOFFICE_CALLS.rejectPointExchange,
      { exchangeId: row.id },
      {
        version: done.version,
        reason: 'too late',
      },
    );
    expect(codeOf(rejectDone)).toBe('POINT_MALL_EXCHANGE_STATE');
    expect(await auditRows('pointMall.exchange.approve')).toBeGreaterThan(0);
    expect(await auditRows('pointMall.exchange.complete')).toBeGreaterThan(0);
    const doneQueue = value<Page<BoPointExchange>>(
      await call(finance, BACKOFFICE_CALLS.pointExchanges, {}, undefined, '?queue=done'),
    );
    expect(doneQueue.items.map((item) => item.id)).toContain(row.id);
  });

  it('rejects with a reason: points, money and stock come back, the member reads the reason', async () => {
    const who = await createShopper(t.app, { pointsMinor: 20_000, moneyMinor: 10_000 });
    const product = await createProduct(t.app, { pointsMinor: 10_000, amountMinor: 3_000, stock: 4 });
    const before = await holdingsOf(t.app, who.member);
    const row = await redeemed(who, product.id, 2);
    expect(
      codeOf(
        await call(
          finance,
          BACKOFFICE_CALLS.rejectPointExchange,
          { exchangeId: row.id },
          {
            version: row.version + 1,
            reason: 'stale',
          },
        ),
      ),
    ).toBe('BO_CHANGED_SINCE_OPENED');
    const rejected = value<BoPointExchange>(
      await call(
        finance,
        BACKOFFICE_CALLS.rejectPointExchange,
        { exchangeId: row.id },
        {
          version: row.version,
          reason: '재고 오류로 취소',
        },
      ),
    );
    expect(rejected).toMatchObject({ status: 'rejected', remark: '재고 오류로 취소' });
    const after = await holdingsOf(t.app, who.member);
    expect(after.pointsMinor).toBe(before.pointsMinor);
    expect(after.moneyMinor).toBe(before.moneyMinor);
    expect(await stockOf(t.app, product.id)).toBe(4);
    const history = value<{ items: { type: string; remark: string | null; pointsBalanceMinor: number }[] }>(
      await callMember(t.app, who.authorization, POINT_MALL_CALLS.records, { search: '?view=history' }),
    );
    expect(history.items.map((item) => item.type)).toEqual(['redeemRefund', 'redeem']);
    expect(history.items[0]).toMatchObject({ remark: '재고 오류로 취소', pointsBalanceMinor: 20_000 });
    const kinds = await query<{ kind: string }>(
      t.app.db,
      sql`SELECT kind FROM wallet_movements WHERE member_id = ${who.member.id} ORDER BY id`,
    );
    expect(kinds.map((row) => row.kind)).toEqual(['adjustment', 'point_purchase', 'point_purchase_refund']);
    expect(await checkLedgers(t.app)).toMatchObject({ unbalancedMovements: 0, pointsMismatches: 0, mallPointsGap: 0 });
  });

  it('keeps exchanges from the content role and products from finance', async () => {
    expect(
      (await call(content, BACKOFFICE_CALLS.approvePointExchange, { exchangeId: 1 }, { version: 0 })).statusCode,
    ).toBe(403);
    const product = { kind: 'goods', nameKo: '상품', pointsMinor: 1_000, stock: 1 };
    expect((await call(finance, BACKOFFICE_CALLS.createPointProduct, {}, product)).statusCode).toBe(403);
    expect(
      (await call(support, BACKOFFICE_CALLS.rejectPointExchange, { exchangeId: 1 }, { version: 0, reason: 'no' }))
        .statusCode,
    ).toBe(403);
  });
});
