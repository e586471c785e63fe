import { BACKOFFICE_CALLS, callWithParams, type BoDeposit, type BoPaymentSettings, type Page } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { cashierBackofficeRoutes } from './cashier.bo-routes';
import {
  checkCashierBooks,
  createTestProvider,
  startTestProvider,
  TEST_ADAPTER,
  type TestProviderServer,
} from './cashier.fixtures';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

describe(cashierBackofficeRoutes.name, () => {
  let t: TestApp;
  let provider: TestProviderServer;
  let finance: string;
  let support: string;
  let readOnly: string;
  let merchantId: number;
  let bankMethodId: number;

  beforeAll(async () => {
    t = await createTestApp();
    provider = await startTestProvider();
    t.app.cashier.useAdapter(TEST_ADAPTER, createTestProvider);
    await t.app.cashier.registerProvider({
      code: 'sandbox',
      adapter: TEST_ADAPTER,
      baseUrl: provider.baseUrl,
      merchantKey: 'M',
      secret: 'bo-test-secret-0123456789abcdef',
    });
    finance = await signInAs(t.app, 'demo-finance');
    support = await signInAs(t.app, 'demo-support');
    readOnly = await signInAs(t.app, 'demo-readonly');
    const [row] = await query<{ id: unknown; merchant_id: unknown }>(
      t.app.db,
      sql`SELECT id, merchant_id FROM cashier_methods WHERE name = 'Bank transfer'`,
    );
    bankMethodId = toNumber(row!.id);
    merchantId = toNumber(row!.merchant_id);
  }, 180_000);
  afterAll(async () => {
    await provider.close();
    await t.close();
  }, 60_000);

  const call = (
    cookie: string,
    api: Api,
    params: Record<string, string | number> = {},
    payload?: unknown,
    search = '',
  ) =>
    callBackoffice(t.app, {
      method: api.method,
      url: `${callWithParams(api, { brand: 'parlay', ...params } as never).path}${search}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });
  const value = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: T }).value;
  };
  const codeOf = (response: { json: () => unknown }) => (response.json() as { code: string }).code;
  const count = async (statement: ReturnType<typeof sql>) =>
    toNumber((await query<{ n: unknown }>(t.app.db, statement))[0]!.n);
  const auditRows = () => count(sql`SELECT count(*) AS n FROM audit_log WHERE action LIKE 'cashier.%'`);
  const footprint = async () => ({
    audit: await auditRows(),
    movements: await count(sql`SELECT count(*) AS n FROM wallet_movements`),
    messages: await count(sql`SELECT count(*) AS n FROM member_messages`),
    states: await count(sql`SELECT count(*) AS n FROM cashier_deposits WHERE state = 'pending'`),
    methods: await count(sql`SELECT sum(version) + count(*) AS n FROM cashier_methods`),
  });

  async function bankOrder(amountMinor = 40_000) {
    const member = await createTestMember(t.app);
    const order = await t.app.cashier.deposits.create(
      { id: merchantId, siteUrl: null, brand: { currency: 'KRW', currencyExponent: 0 } },
      { id: member.id, merchantId },
      { methodId: bankMethodId, amountMinor },
      'en',
    );
    const [row] = await query<{ id: unknown }>(
      t.app.db,
      sql`SELECT id FROM cashier_deposits WHERE order_no = ${order.orderNo}`,
    );
    return { member, order, id: toNumber(row!.id) };
  }

  describe('deposit queue', () => {
    it('lists the bank transfers waiting for finance, by state and kind, keyset paged', async () => {
      const first = await bankOrder(41_000);
      const second = await bankOrder(42_000);
      const page = value<Page<BoDeposit>>(
        await call(finance, BACKOFFICE_CALLS.depositQueue, {}, undefined, '?state=pending&kind=manual_bank&limit=1'),
      );
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        id: second.id,
        state: 'pending',
        methodKind: 'manual_bank',
        amountMinor: 42_000,
      });
      expect(page.items[0]?.bankReference).toMatch(/^[A-Z2-9]{8}$/);
      const next = value<Page<BoDeposit>>(
        await call(
          finance,
          BACKOFFICE_CALLS.depositQueue,
          {},
          undefined,
          `?state=pending&kind=manual_bank&limit=1&cursor=${page.nextCursor}`,
        ),
      );
      expect(next.items[0]?.id).toBe(first.id);
      // Read-only operators read it; support does not.
      expect((await call(readOnly, BACKOFFICE_CALLS.depositQueue)).statusCode).toBe(200);
      expect(codeOf(await call(support, BACKOFFICE_CALLS.depositQueue))).toBe('BO_PERMISSION_DENIED');
    });

    it('credits a confirmed transfer once, audited, and refuses a second confirmation writing nothing', async () => {
      const { member, id } = await bankOrder(40_000);
      const confirmed = value<BoDeposit>(await call(finance, BACKOFFICE_CALLS.confirmDeposit, { orderId: id }));
      expect(confirmed).toMatchObject({ state: 'credited', creditMinor: 40_000 });
      expect(confirmed.reviewedBy).toMatch(/^operator:/);
      const [balance] = await query<{ b: unknown }>(
        t.app.db,
        sql`SELECT balance_minor AS b FROM wallet_accounts WHERE member_id = ${member.id}`,
      );
      expect(toNumber(balance!.b)).toBe(40_000);
      const before = await footprint();
      expect(codeOf(await call(finance, BACKOFFICE_CALLS.confirmDeposit, { orderId: id }))).toBe(
        'CASHIER_ORDER_NOT_REVIEWABLE',
      );
      expect(codeOf(await call(finance, BACKOFFICE_CALLS.rejectDeposit, { orderId: id }, { reason: 'too late' }))).toBe(
        'CASHIER_ORDER_NOT_REVIEWABLE',
      );
      expect(await footprint()).toEqual(before);
      const [audit] = await query<{ action: string; target_id: string }>(
        t.app.db,
        sql`SELECT action, target_id FROM audit_log WHERE action = 'cashier.deposit.confirm' ORDER BY id DESC LIMIT 1`,
      );
      expect(audit?.target_id).toBe(confirmed.orderNo);
      expect(await checkCashierBooks(t.app.db)).toEqual({ unbalanced: 0, illegal: 0, negative: 0 });
    });

    it('rejects a transfer with the reason the member is told', async () => {
      const { member, id } = await bankOrder(30_000);
      const rejected = value<BoDeposit>(
        await call(
          finance,
          BACKOFFICE_CALLS.rejectDeposit,
          { orderId: id },
          { reason: 'no transfer with this reference' },
        ),
      );
      expect(rejected).toMatchObject({ state: 'failed', failureReason: 'no transfer with this reference' });
      const messages = await query<{ template_key: string; body: string }>(
        t.app.db,
        sql`SELECT template_key, body FROM member_messages WHERE member_id = ${member.id}`,
      );
      expect(messages).toEqual([
        { template_key: 'depositFailed', body: expect.stringContaining('no transfer with this reference') },
      ]);
    });

    it.each([
      [
        'a reason too short',
        'finance',
        (id: number) => [BACKOFFICE_CALLS.rejectDeposit, { orderId: id }, { reason: 'no' }] as const,
        'VALIDATION_FAILED',
      ],
      [
        'support',
        'support',
        (id: number) => [BACKOFFICE_CALLS.confirmDeposit, { orderId: id }, undefined] as const,
        'BO_PERMISSION_DENIED',
      ],
      [
        'read-only',
        'readOnly',
        (id: number) => [BACKOFFICE_CALLS.confirmDeposit, { orderId: id }, undefined] as const,
        'BO_PERMISSION_DENIED',
      ],
      [
        'an unknown order',
        'finance',
        () => [BACKOFFICE_CALLS.confirmDeposit, { orderId: 999_999 }, undefined] as const,
        'CASHIER_ORDER_NOT_FOUND',
      ],
    ])('refuses %s and writes nothing', async (_name, role, request, code) => {
      const cookie = { finance, support, readOnly }[role as 'finance' | 'support' | 'readOnly'];
      const { id } = await bankOrder(20_000);
      const [api, params, body] = request(id);
      const before = await footprint();
      expect(codeOf(await call(cookie, api, params, body))).toBe(code);
      expect(await footprint()).toEqual(before);
    });

    it("refuses to confirm a provider's order, which only its provider settles", async () => {
      const member = await createTestMember(t.app);
      const [sandbox] = await query<{ id: unknown }>(
        t.app.db,
        sql`SELECT id FROM cashier_methods WHERE name = 'Sandbox pay'`,
      );
      const order = await t.app.cashier.deposits.create(
        { id: merchantId, siteUrl: null, brand: { currency: 'KRW', currencyExponent: 0 } },
        { id: member.id, merchantId },
        { methodId: toNumber(sandbox!.id), amountMinor: 20_000 },
        'en',
      );
      const [row] = await query<{ id: unknown }>(
        t.app.db,
        sql`SELECT id FROM cashier_deposits WHERE order_no = ${order.orderNo}`,
      );
      const before = await footprint();
      expect(codeOf(await call(finance, BACKOFFICE_CALLS.confirmDeposit, { orderId: toNumber(row!.id) }))).toBe(
        'CASHIER_ORDER_NOT_REVIEWABLE',
      );
      expect(await footprint()).toEqual(before);
    });
  });

  describe('payment methods', () => {
    it('shows the methods and the providers without their secrets, and saves an edit with its version, audited', async () => {
      const settings = value<BoPaymentSettings>(await call(finance, BACKOFFICE_CALLS.paymentSettings));
      expect(settings.methods.map((method) => method.name)).toEqual(
        expect.arrayContaining(['Sandbox pay', 'Bank transfer']),
      );
      expect(settings.providers.map((entry) => entry.code)).toContain('sandbox');
      expect(JSON.stringify(settings)).not.toContain('bo-test-secret');
      const bank = settings.methods.find((method) => method.id === bankMethodId)!;
      const body = { ...bank, minAmountMinor: 20_000, feeFixedMinor: 500, feePerMille: 5, displayOrder: 3 };
      const { id: _id, ...save } = body;
      const saved = value<{ version: number; minAmountMinor: number }>(
        await call(finance, BACKOFFICE_CALLS.updatePaymentMethod, { methodId: bankMethodId }, save),
      );
      expect(saved).toMatchObject({ version: bank.version + 1, minAmountMinor: 20_000 });
      // The member sees the new minimum.
      const member = await t.app.cashier.listMethods({ id: merchantId, brand: { currency: 'KRW' } });
      expect(member.items.find((method) => method.id === bankMethodId)).toMatchObject({
        minAmountMinor: 20_000,
        feeFixedMinor: 500,
      });

      // The same version again is stale: nothing changes, nothing is audited.
      const before = await footprint();
      expect(codeOf(await call(finance, BACKOFFICE_CALLS.updatePaymentMethod, { methodId: bankMethodId }, save))).toBe(
        'BO_CHANGED_SINCE_OPENED',
      );
      expect(await footprint()).toEqual(before);
      const [audit] = await query<{ before: { minAmountMinor: number }; after: { minAmountMinor: number } }>(
        t.app.db,
        sql`SELECT before, after FROM audit_log WHERE action = 'cashier.method.update' ORDER BY id DESC LIMIT 1`,
      );
      expect([audit?.before.minAmountMinor, audit?.after.minAmountMinor]).toEqual([10_000, 20_000]);
    });

    it('adds a method, and refuses a bad one writing nothing', async () => {
      const method = {
        name: 'Second bank',
        kind: 'manual_bank',
        providerCode: null,
        minAmountMinor: 10_000,
        maxAmountMinor: 100_000,
        feeFixedMinor: 0,
        feePerMille: 0,
        displayOrder: 5,
        active: false,
        bankName: 'Other Bank',
        bankAccountNumber: '220-11-22',
        bankHolderName: 'Parlay Ltd',
      };
      const created = value<{ id: number; version: number }>(
        await call(finance, BACKOFFICE_CALLS.createPaymentMethod, {}, method),
      );
      expect(created.version).toBe(0);
      const before = await footprint();
      for (const [body, code] of [
        [{ ...method, name: 'Bad range', minAmountMinor: 200_000 }, 'VALIDATION_FAILED'],
        [{ ...method, name: 'No account', bankAccountNumber: null }, 'CASHIER_METHOD_INVALID'],
        [{ ...method, name: 'No provider', kind: 'provider', providerCode: 'nopay' }, 'CASHIER_METHOD_INVALID'],
        [{ ...method, name: 'Negative fee', feeFixedMinor: -1 }, 'VALIDATION_FAILED'],
      ] as const) {
        expect(codeOf(await call(finance, BACKOFFICE_CALLS.createPaymentMethod, {}, body))).toBe(code);
      }
      expect(codeOf(await call(support, BACKOFFICE_CALLS.createPaymentMethod, {}, method))).toBe(
        'BO_PERMISSION_DENIED',
      );
      expect(await footprint()).toEqual(before);
    });
  });
});
