import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { queryRows, signInTestMember } from '../../test/members';
import {
  createTestProvider,
  depositCallback,
  insertTestMethod,
  SIGNATURE_HEADER,
  startTestProvider,
  TEST_ADAPTER,
  type TestProviderServer,
} from './cashier.fixtures';
import { CashierService } from './cashier.service';

const SECRET = 'test-provider-secret-0123456789abcdef';
const OTHER_HOST = 'cashier-other.example';
const BASE = '/wps/member/cashier';
let t: TestApp;
let provider: TestProviderServer;
let merchantId: number;
let methodId: number;
let feeMethodId: number;
let bankMethodId: number;
let inactiveMethodId: number;
let otherBrandMethodId: number;
let ip = 1;
const rows = <T>(query: SQL) => queryRows<T>(t.app, query);

beforeAll(async () => {
  t = await createTestApp();
  provider = await startTestProvider();
  t.app.cashier.useAdapter(TEST_ADAPTER, createTestProvider);
  await t.app.cashier.registerProvider({
    code: 'testpay',
    adapter: TEST_ADAPTER,
    baseUrl: provider.baseUrl,
    merchantKey: 'M1',
    secret: SECRET,
  });
  const [demo] = await rows<{ id: number }>(sql`SELECT id FROM merchants WHERE code = 'parlay'`);
  merchantId = Number(demo!.id);
  methodId = await insertTestMethod(t.app.db, merchantId, { name: 'Test pay', min: 10_000, max: 500_000, order: 1 });
  feeMethodId = await insertTestMethod(t.app.db, merchantId, {
    name: 'Test pay with fee',
    min: 1_000,
    max: 500_000,
    feeFixed: 100,
    feePerMille: 20,
    order: 2,
  });
  bankMethodId = await insertTestMethod(t.app.db, merchantId, { name: 'Test bank', kind: 'manual_bank', order: 3 });
  inactiveMethodId = await insertTestMethod(t.app.db, merchantId, { name: 'Test off', active: false });
  const otherBrand = await createTestBrand(t.app.db, 'cashier-other', OTHER_HOST);
  otherBrandMethodId = await insertTestMethod(t.app.db, otherBrand, { name: 'Other pay' });
}, 120_000);
afterAll(async () => {
  await provider.close();
  await t.close();
});

function call(
  authorization: string | null,
  request: { method?: 'GET' | 'POST'; url: string; body?: unknown; host?: string },
) {
  return t.app.inject({
    method: request.method ?? 'POST',
    url: request.url,
    headers: { host: request.host ?? 'localhost', language: 'EN', ...(authorization ? { authorization } : {}) },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
    remoteAddress: `10.66.0.${(ip++ % 250) + 1}`,
  });
}

function callback(payload: string, headers: Record<string, string>, code = 'testpay') {
  return t.app.inject({ method: 'POST', url: `/wps/cashier/callback/${code}`, headers, payload });
}

const balanceOf = async (memberId: number) =>
  Number(
    (
      await rows<{ b: string }>(
        sql`SELECT coalesce(sum(balance_minor), 0) AS b FROM wallet_accounts WHERE member_id = ${memberId}`,
      )
    )[0]?.b ?? 0,
  );
/** Everything a deposit writes, counted: a refusal must leave each as it was. */
const footprint = async () =>
  (
    await rows<Record<string, string>>(sql`SELECT
      (SELECT count(*) FROM cashier_deposits) AS orders,
      (SELECT count(*) FROM wallet_movements) AS movements,
      (SELECT count(*) FROM settlement_feed WHERE kind = 'deposit') AS feed,
      (SELECT count(*) FROM member_messages) AS messages,
      (SELECT max(updated_at) FROM cashier_deposits) AS touched`)
  )[0];

async function signedIn() {
  return signInTestMember(t.app);
}

async function createDeposit(authorization: string, body: unknown) {
  return call(authorization, { url: `${BASE}/deposits`, body });
}

describe(CashierService.name, () => {
  describe('methods', () => {
    it("lists the brand's active methods in order with their minimum, maximum and fee", async () => {
      const { authorization } = await signedIn();
      const reply = await call(authorization, { method: 'GET', url: `${BASE}/methods` });
      expect(reply.statusCode).toBe(200);
      const { items, currency } = reply.json().value;
      expect(currency).toBe('KRW');
      const names = items.map((item: { name: string }) => item.name);
      expect(names).toEqual(expect.arrayContaining(['Test pay', 'Test pay with fee', 'Test bank']));
      expect(names).not.toContain('Test off');
      expect(names).not.toContain('Other pay');
      expect(items.find((item: { id: number }) => item.id === methodId)).toMatchObject({
        kind: 'provider',
        minAmountMinor: 10_000,
        maxAmountMinor: 500_000,
      });
    });

    it('refuses a visitor', async () => {
      const reply = await call(null, { method: 'GET', url: `${BASE}/methods` });
      expect(reply.json().code).toBe('NOT_LOGGED_IN');
    });
  });

  describe('create', () => {
    it("makes a pending order with the provider's page, listed and read back by the member only", async () => {
      const { authorization, member } = await signedIn();
      const reply = await createDeposit(authorization, { methodId, amountMinor: 50_000 });
      expect(reply.statusCode).toBe(200);
      const order = reply.json().value;
      expect(order).toMatchObject({
        state: 'pending',
        amountMinor: 50_000,
        feeMinor: 0,
        creditMinor: 50_000,
        currency: 'KRW',
      });
      expect(order.instructions).toEqual({ kind: 'redirect', url: `${provider.baseUrl}/pay/${order.orderNo}` });
      expect(provider.orders.get(order.orderNo)).toMatchObject({ amountMinor: 50_000, currency: 'KRW' });

      const list = (await call(authorization, { method: 'GET', url: `${BASE}/deposits` })).json().value;
      expect(list.items.map((item: { orderNo: string }) => item.orderNo)).toEqual([order.orderNo]);
      const one = await call(authorization, { method: 'GET', url: `${BASE}/deposits/${order.orderNo}` });
      expect(one.json().value.orderNo).toBe(order.orderNo);

      const other = await signedIn();
      const stranger = await call(other.authorization, { method: 'GET', url: `${BASE}/deposits/${order.orderNo}` });
      expect(stranger.json().code).toBe('CASHIER_ORDER_NOT_FOUND');
      expect(await balanceOf(member.id)).toBe(0);
    });

    it('takes the fee (fixed plus per mille, rounded down) from what the balance gets', async () => {
      const { authorization } = await signedIn();
      const order = (await createDeposit(authorization, { methodId: feeMethodId, amountMinor: 10_050 })).json().value;
      expect(order).toMatchObject({ amountMinor: 10_050, feeMinor: 100 + 201, creditMinor: 10_050 - 301 });
    });

    it("gives a manual bank transfer the brand's account and a reference of its own", async () => {
      const { authorization } = await signedIn();
      const first = (await createDeposit(authorization, { methodId: bankMethodId, amountMinor: 30_000 })).json().value;
      const second = (await createDeposit(authorization, { methodId: bankMethodId, amountMinor: 30_000 })).json().value;
      expect(first.state).toBe('pending');
      expect(first.instructions).toMatchObject({
        kind: 'bank',
        bankName: 'Parlay Bank',
        accountNumber: '110-234-567890',
        holderName: 'Parlay Ltd',
      });
      expect(first.instructions.reference).toMatch(/^[A-Z2-9]{8}$/);
      expect(second.instructions.reference).not.toBe(first.instructions.reference);
    });

    it.each([
      ['below the minimum', () => ({ methodId, amountMinor: 9_999 }), 'CASHIER_AMOUNT_OUT_OF_RANGE'],
      ['above the maximum', () => ({ methodId, amountMinor: 500_001 }), 'CASHIER_AMOUNT_OUT_OF_RANGE'],
      ['zero', () => ({ methodId, amountMinor: 0 }), 'VALIDATION_FAILED'],
      ['negative', () => ({ methodId, amountMinor: -5 }), 'VALIDATION_FAILED'],
      ['a fraction', () => ({ methodId, amountMinor: 10_000.5 }), 'VALIDATION_FAILED'],
      ['text', () => ({ methodId, amountMinor: '10000' }), 'VALIDATION_FAILED'],
      ['past the safe integers', () => ({ methodId, amountMinor: 2 ** 53 }), 'VALIDATION_FAILED'],
      [
        'a switched-off method',
        () => ({ methodId: inactiveMethodId, amountMinor: 20_000 }),
        'CASHIER_METHOD_NOT_FOUND',
      ],
      [
        "another brand's method",
        () => ({ methodId: otherBrandMethodId, amountMinor: 20_000 }),
        'CASHIER_METHOD_NOT_FOUND',
      ],
      ['an unknown field', () => ({ methodId, amountMinor: 20_000, bonus: 1 }), 'VALIDATION_FAILED'],
    ])('refuses %s and writes nothing', async (_name, body, code) => {
      const { authorization } = await signedIn();
      const before = await footprint();
      const reply = await createDeposit(authorization, body());
      expect(reply.json().code).toBe(code);
      expect(await footprint()).toEqual(before);
    });

    it('refuses an amount the fee would take whole, writing nothing', async () => {
      const { authorization } = await signedIn();
      const feeOnly = await insertTestMethod(t.app.db, merchantId, {
        name: 'All fee',
        min: 100,
        max: 1_000,
        feeFixed: 500,
      });
      const before = await footprint();
      const reply = await createDeposit(authorization, { methodId: feeOnly, amountMinor: 500 });
      expect(reply.json().code).toBe('CASHIER_AMOUNT_BELOW_FEE');
      expect(await footprint()).toEqual(before);
      await t.app.db.execute(sql`UPDATE cashier_methods SET active = false WHERE id = ${feeOnly}`);
    });

    it('refuses a sixth open order, writing nothing', async () => {
      const { authorization } = await signedIn();
      for (let i = 0; i < 5; i += 1) {
        expect((await createDeposit(authorization, { methodId, amountMinor: 10_000 })).statusCode).toBe(200);
      }
      const before = await footprint();
      const reply = await createDeposit(authorization, { methodId, amountMinor: 10_000 });
      expect(reply.json().code).toBe('CASHIER_TOO_MANY_OPEN_ORDERS');
      expect(await footprint()).toEqual(before);
    });

    it('fails the order when the provider cannot be reached, and says so', async () => {
      const { authorization, member } = await signedIn();
      provider.down = true;
      try {
        const reply = await createDeposit(authorization, { methodId, amountMinor: 20_000 });
        expect(reply.statusCode).toBe(503);
        expect(reply.json().code).toBe('CASHIER_PROVIDER_UNAVAILABLE');
      } finally {
        provider.down = false;
      }
      const [order] = await rows<{ state: string }>(
        sql`SELECT state FROM cashier_deposits WHERE member_id = ${member.id}`,
      );
      expect(order?.state).toBe('failed');
    });
  });

  describe('callback', () => {
    async function pendingOrder(amountMinor = 40_000) {
      const signed = await signedIn();
      const order = (await createDeposit(signed.authorization, { methodId, amountMinor })).json().value;
      const ref = provider.orders.get(order.orderNo)!.providerRef;
      return { ...signed, order, ref };
    }
    const paid = (orderNo: string, providerRef: string, amountMinor: number) =>
      depositCallback(SECRET, { orderNo, providerRef, status: 'paid', amountMinor, currency: 'KRW' });

    it('credits a paid order once: ledger, state, settlement feed and mailbox in one go, repeats change nothing', async () => {
      const { member, order, ref, authorization } = await pendingOrder(40_000);
      const notice = paid(order.orderNo, ref, 40_000);
      const first = await callback(notice.payload, notice.headers);
      expect(first.statusCode).toBe(200);
      expect(first.body).toBe('OK');
      for (let i = 0; i < 3; i += 1) expect((await callback(notice.payload, notice.headers)).statusCode).toBe(200);
      const failedLate = depositCallback(SECRET, {
        orderNo: order.orderNo,
        providerRef: ref,
        status: 'failed',
        amountMinor: 40_000,
        currency: 'KRW',
      });
      expect((await callback(failedLate.payload, failedLate.headers)).statusCode).toBe(200);

      expect(await balanceOf(member.id)).toBe(40_000);
      const state = (await call(authorization, { method: 'GET', url: `${BASE}/deposits/${order.orderNo}` })).json()
        .value;
      expect(state).toMatchObject({ state: 'credited', instructions: null });
      expect(state.creditedAt).not.toBeNull();
      const movements = await rows<{ kind: string; amount_minor: string }>(
        sql`SELECT kind, amount_minor FROM wallet_movements WHERE member_id = ${member.id}`,
      );
      expect(movements).toEqual([{ kind: 'deposit', amount_minor: expect.anything() }]);
      const cashierSide = await rows<{ owner_type: string; amount_minor: string }>(
        sql`SELECT a.owner_type, e.amount_minor FROM ledger_entries e JOIN wallet_accounts a ON a.id = e.account_id
            JOIN wallet_movements w ON w.id = e.movement_id WHERE w.member_id = ${member.id} ORDER BY e.amount_minor`,
      );
      expect(cashierSide.map((row) => [row.owner_type, Number(row.amount_minor)])).toEqual([
        ['cashier', -40_000],
        ['member', 40_000],
      ]);
      const feed = await rows<{ amount_minor: string }>(
        sql`SELECT amount_minor FROM settlement_feed WHERE kind = 'deposit' AND member_id = ${member.id}`,
      );
      expect(feed.map((row) => Number(row.amount_minor))).toEqual([40_000]);
      const messages = await rows<{ template_key: string; body: string }>(
        sql`SELECT template_key, body FROM member_messages WHERE member_id = ${member.id}`,
      );
      expect(messages.map((row) => row.template_key)).toEqual(['depositCredited']);
      expect(messages[0]?.body).toContain('40,000 KRW');
    });

    it('refuses a forged signature and an altered body, logging them and writing nothing', async () => {
      const { member, order, ref } = await pendingOrder(40_000);
      const notice = paid(order.orderNo, ref, 40_000);
      const before = await footprint();
      const forged = await callback(notice.payload, { ...notice.headers, [SIGNATURE_HEADER]: 'ab'.repeat(32) });
      expect(forged.statusCode).toBe(401);
      expect(forged.json().code).toBe('CASHIER_CALLBACK_FORGED');
      const altered = await callback(notice.payload.replace('40000', '400000'), notice.headers);
      expect(altered.json().code).toBe('CASHIER_CALLBACK_FORGED');
      const unsigned = await callback(notice.payload, { 'content-type': 'application/json' });
      expect(unsigned.json().code).toBe('CASHIER_CALLBACK_FORGED');
      const unknown = await callback(notice.payload, notice.headers, 'nopay');
      expect(unknown.json().code).toBe('CASHIER_PROVIDER_UNKNOWN');
      expect(await footprint()).toEqual(before);
      expect(await balanceOf(member.id)).toBe(0);
    });

    it('refuses a signed notice whose amount is not the order’s, crediting nothing', async () => {
      const { member, order, ref } = await pendingOrder(40_000);
      const notice = paid(order.orderNo, ref, 45_000);
      const before = await footprint();
      const reply = await callback(notice.payload, notice.headers);
      expect(reply.json().code).toBe('CASHIER_CALLBACK_MISMATCH');
      expect(await footprint()).toEqual(before);
      expect(await balanceOf(member.id)).toBe(0);
    });

    it('fails a pending order on a failed notice and tells the member; a later paid still credits it once', async () => {
      const { member, order, ref } = await pendingOrder(25_000);
      const failed = depositCallback(SECRET, {
        orderNo: order.orderNo,
        providerRef: ref,
        status: 'failed',
        amountMinor: 25_000,
        currency: 'KRW',
      });
      await callback(failed.payload, failed.headers);
      await callback(failed.payload, failed.headers);
      const [row] = await rows<{ state: string }>(
        sql`SELECT state FROM cashier_deposits WHERE order_no = ${order.orderNo}`,
      );
      expect(row?.state).toBe('failed');
      const keys = async () =>
        (
          await rows<{ template_key: string }>(
            sql`SELECT template_key FROM member_messages WHERE member_id = ${member.id} ORDER BY id`,
          )
        ).map((m) => m.template_key);
      expect(await keys()).toEqual(['depositFailed']);
      const notice = paid(order.orderNo, ref, 25_000);
      await callback(notice.payload, notice.headers);
      await callback(notice.payload, notice.headers);
      expect(await balanceOf(member.id)).toBe(25_000);
      expect(await keys()).toEqual(['depositFailed', 'depositCredited']);
    });
  });
});
