import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, queryRows, type TestMember } from '../../test/members';
import { SecretBox } from '../vendors/index';
import {
  checkCashierBooks,
  createTestProvider,
  depositCallback,
  insertTestMethod,
  SIGNATURE_HEADER,
  startTestProvider,
  TEST_ADAPTER,
  type TestProviderServer,
} from './cashier.fixtures';
import { CashierService } from './cashier.service';
import { DepositService, RECONCILE_AFTER_MS } from './deposits.service';

const SECRET = 'model-provider-secret-0123456789abcdef';
const MERCHANT = { siteUrl: null, brand: { currency: 'KRW', currencyExponent: 0 } };

type Step =
  | { kind: 'create'; member: number; bank: boolean; amount: number }
  | { kind: 'callback'; order: number; status: 'paid' | 'failed' | 'expired'; forged: boolean; copies: number }
  | { kind: 'providerSays'; order: number; status: 'paid' | 'failed' }
  | { kind: 'advance'; minutes: number }
  | { kind: 'reconcile' }
  | { kind: 'finance'; order: number; confirm: boolean };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      member: fc.integer({ min: 0, max: 2 }),
      bank: fc.boolean(),
      amount: fc.integer({ min: 1_000, max: 90_000 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('callback' as const),
      order: fc.nat(20),
      status: fc.constantFrom('paid' as const, 'paid' as const, 'failed' as const, 'expired' as const),
      forged: fc.boolean(),
      copies: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('providerSays' as const),
      order: fc.nat(20),
      status: fc.constantFrom('paid' as const, 'failed' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 60 * 30 }) }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'reconcile' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('finance' as const), order: fc.nat(20), confirm: fc.boolean() }),
  },
);

describe(DepositService.name, () => {
  let t: TestApp;
  let provider: TestProviderServer;
  let cashier: CashierService;
  let merchantId: number;
  let providerMethod: number;
  let bankMethod: number;
  let clock = new Date('2026-11-27T10:00:00Z');
  const rows = <T>(query: SQL) => queryRows<T>(t.app, query);
  const actor = { kind: 'cli', osUser: 'model' } as const;

  beforeAll(async () => {
    t = await createTestApp();
    // The app's own reconciliation runs on the real clock: this test runs its own service's on the model's clock.
    await t.app.housekeeping.cashierReconciliation?.stop();
    provider = await startTestProvider();
    provider.now = () => clock.getTime();
    cashier = new CashierService(
      t.app.db,
      new SecretBox(t.config.DATA_ENCRYPTION_KEY),
      {
        wallet: t.app.gaming.wallet,
        messages: t.app.messages,
        settlementFeed: t.app.settlementFeed,
        audit: t.app.audit,
      },
      { now: () => clock },
    );
    for (const service of [cashier, t.app.cashier]) service.useAdapter(TEST_ADAPTER, createTestProvider);
    await cashier.registerProvider({
      code: 'modelpay',
      adapter: TEST_ADAPTER,
      baseUrl: provider.baseUrl,
      merchantKey: 'M',
      secret: SECRET,
    });
    const [demo] = await rows<{ id: number }>(sql`SELECT id FROM merchants WHERE code = 'parlay'`);
    merchantId = Number(demo!.id);
    providerMethod = await insertTestMethod(t.app.db, merchantId, { name: 'Model pay', providerCode: 'modelpay' });
    bankMethod = await insertTestMethod(t.app.db, merchantId, { name: 'Model bank', kind: 'manual_bank' });
  }, 120_000);
  afterAll(async () => {
    await provider.close();
    await t.close();
  });

  it('keeps the ledger balanced, every order legal and each credited once, whatever the order of events', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 5, maxLength: 30 }), async (steps) => {
        const members: TestMember[] = [];
        for (let i = 0; i < 3; i += 1) members.push(await createTestMember(t.app));
        const orders: { orderNo: string; memberId: number; amount: number; bank: boolean; paidSignal: boolean }[] = [];
        for (const step of steps) {
          if (step.kind === 'create') {
            const member = members[step.member]!;
            try {
              const order = await cashier.deposits.create(
                { id: merchantId, ...MERCHANT },
                { id: member.id, merchantId },
                { methodId: step.bank ? bankMethod : providerMethod, amountMinor: step.amount },
                'en',
              );
              orders.push({
                orderNo: order.orderNo,
                memberId: member.id,
                amount: step.amount,
                bank: step.bank,
                paidSignal: false,
              });
            } catch (error) {
              expect((error as { code?: string }).code).toBe('CASHIER_TOO_MANY_OPEN_ORDERS');
            }
          } else if (step.kind === 'callback') {
            const order = orders[step.order % Math.max(orders.length, 1)];
            if (!order || order.bank) continue;
            const ref = provider.orders.get(order.orderNo)!.providerRef;
            const notice = depositCallback(SECRET, {
              orderNo: order.orderNo,
              providerRef: ref,
              status: step.status,
              amountMinor: order.amount,
              currency: 'KRW',
            });
            const headers = step.forged ? { ...notice.headers, [SIGNATURE_HEADER]: '0'.repeat(64) } : notice.headers;
            const replies = await Promise.all(
              Array.from({ length: step.copies }, () =>
                t.app.inject({
                  method: 'POST',
                  url: '/wps/cashier/callback/modelpay',
                  headers,
                  payload: notice.payload,
                }),
              ),
            );
            for (const reply of replies) expect(reply.statusCode).toBe(step.forged ? 401 : 200);
            if (!step.forged && step.status === 'paid') order.paidSignal = true;
          } else if (step.kind === 'providerSays') {
            const order = orders[step.order % Math.max(orders.length, 1)];
            if (!order || order.bank) continue;
            provider.orders.get(order.orderNo)!.status = step.status;
          } else if (step.kind === 'advance') {
            clock = new Date(clock.getTime() + step.minutes * 60_000);
          } else if (step.kind === 'reconcile') {
            await cashier.deposits.reconcile();
            // Nothing past its expiry stays open after a run (the batch holds every order of a run here).
            const open = await rows<{ n: string }>(
              sql`SELECT count(*) AS n FROM cashier_deposits WHERE state IN ('created', 'pending')
                  AND expires_at <= ${clock.toISOString()}::timestamptz AND method_id IN (${providerMethod}, ${bankMethod})`,
            );
            expect(Number(open[0]?.n)).toBe(0);
            for (const order of orders) {
              if (!order.bank && provider.orders.get(order.orderNo)?.status === 'paid') {
                const [row] = await rows<{ state: string; created_at: string }>(
                  sql`SELECT state, created_at FROM cashier_deposits WHERE order_no = ${order.orderNo}`,
                );
                if (row?.state === 'credited') order.paidSignal = true;
              }
            }
          } else {
            const order = orders[step.order % Math.max(orders.length, 1)];
            if (!order || !order.bank) continue;
            const [row] = await rows<{ id: number; state: string }>(
              sql`SELECT id, state FROM cashier_deposits WHERE order_no = ${order.orderNo}`,
            );
            const reviewable = row?.state === 'pending' || row?.state === 'expired';
            try {
              if (step.confirm) await cashier.deposits.confirmManual(merchantId, Number(row!.id), actor);
              else await cashier.deposits.rejectManual(merchantId, Number(row!.id), 'no transfer found', actor);
              expect(reviewable).toBe(true);
              if (step.confirm) order.paidSignal = true;
            } catch (error) {
              expect(reviewable).toBe(false);
              expect((error as { code?: string }).code).toBe('CASHIER_ORDER_NOT_REVIEWABLE');
            }
          }
        }
        expect(await checkCashierBooks(t.app.db)).toEqual({ unbalanced: 0, illegal: 0, negative: 0 });
        for (const member of members) {
          const mine = orders.filter((order) => order.memberId === member.id);
          const states = await rows<{ order_no: string; state: string }>(
            sql`SELECT order_no, state FROM cashier_deposits WHERE member_id = ${member.id}`,
          );
          const stateOf = new Map(states.map((row) => [row.order_no, row.state]));
          // Credited exactly when a paid signal came (a callback, the provider's answer, finance's confirmation).
          for (const order of mine) expect(stateOf.get(order.orderNo) === 'credited').toBe(order.paidSignal);
          const [balance] = await rows<{ b: string }>(
            sql`SELECT coalesce(sum(balance_minor), 0) AS b FROM wallet_accounts WHERE member_id = ${member.id}`,
          );
          const credited = mine.filter((order) => order.paidSignal).reduce((sum, order) => sum + order.amount, 0);
          expect(Number(balance?.b)).toBe(credited);
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);

  describe('reconcile', () => {
    // Orders the model left open end first: each test below starts with none.
    beforeEach(async () => {
      clock = new Date(clock.getTime() + 48 * 3_600_000);
      while ((await cashier.deposits.reconcile()).claimed > 0);
    });

    it('asks about an order pending past a minute, credits what the provider says was paid, and expires the rest', async () => {
      const member = await createTestMember(t.app);
      const create = (amountMinor: number) =>
        cashier.deposits.create(
          { id: merchantId, ...MERCHANT },
          { id: member.id, merchantId },
          { methodId: providerMethod, amountMinor },
          'en',
        );
      const paid = await create(11_000);
      const open = await create(12_000);
      const bank = await cashier.deposits.create(
        { id: merchantId, ...MERCHANT },
        { id: member.id, merchantId },
        { methodId: bankMethod, amountMinor: 13_000 },
        'en',
      );
      provider.orders.get(paid.orderNo)!.status = 'paid';
      // Within the minute nobody is asked.
      expect((await cashier.deposits.reconcile()).claimed).toBe(0);
      clock = new Date(clock.getTime() + RECONCILE_AFTER_MS);
      const first = await cashier.deposits.reconcile();
      expect(first).toMatchObject({ credited: 1, expired: 0 });
      // Asked again only a minute later.
      expect((await cashier.deposits.reconcile()).claimed).toBe(0);
      const state = async (orderNo: string) =>
        (await rows<{ state: string }>(sql`SELECT state FROM cashier_deposits WHERE order_no = ${orderNo}`))[0]?.state;
      expect(await state(paid.orderNo)).toBe('credited');
      expect(await state(open.orderNo)).toBe('pending');
      // Past every expiry: the unpaid provider order and the bank transfer expire.
      clock = new Date(clock.getTime() + 25 * 3_600_000);
      await cashier.deposits.reconcile();
      expect(await state(open.orderNo)).toBe('expired');
      expect(await state(bank.orderNo)).toBe('expired');
      // A late paid notice still credits the expired order, once.
      const notice = depositCallback(SECRET, {
        orderNo: open.orderNo,
        providerRef: provider.orders.get(open.orderNo)!.providerRef,
        status: 'paid',
        amountMinor: 12_000,
        currency: 'KRW',
      });
      for (let i = 0; i < 2; i += 1) {
        await t.app.inject({
          method: 'POST',
          url: '/wps/cashier/callback/modelpay',
          headers: notice.headers,
          payload: notice.payload,
        });
      }
      expect(await state(open.orderNo)).toBe('credited');
      const [balance] = await rows<{ b: string }>(
        sql`SELECT balance_minor AS b FROM wallet_accounts WHERE member_id = ${member.id}`,
      );
      expect(Number(balance?.b)).toBe(23_000);
    });

    it('leaves an order the provider cannot be asked about for the next run, expiring it once past its time', async () => {
      const member = await createTestMember(t.app);
      const order = await cashier.deposits.create(
        { id: merchantId, ...MERCHANT },
        { id: member.id, merchantId },
        { methodId: providerMethod, amountMinor: 14_000 },
        'en',
      );
      provider.down = true;
      try {
        clock = new Date(clock.getTime() + RECONCILE_AFTER_MS);
        expect((await cashier.deposits.reconcile()).unanswered).toBeGreaterThan(0);
        const state = async () =>
          (await rows<{ state: string }>(sql`SELECT state FROM cashier_deposits WHERE order_no = ${order.orderNo}`))[0]
            ?.state;
        expect(await state()).toBe('pending');
        clock = new Date(clock.getTime() + 20 * 60_000);
        await cashier.deposits.reconcile();
        expect(await state()).toBe('expired');
      } finally {
        provider.down = false;
      }
    });
  });
});
