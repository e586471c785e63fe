import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { queryRows, signInTestMember } from '../../test/members';
import {
  checkCashierBooks,
  createTestProvider,
  depositCallback,
  insertTestMethod,
  startTestProvider,
  TEST_ADAPTER,
  type TestProviderServer,
} from './cashier.fixtures';
import { DepositService } from './deposits.service';

const SECRET = 'race-provider-secret-0123456789abcdef';
const COPIES = 50;

// The race needs two connections: on the embedded PGlite (one connection) the calls run one after another, so only a
// run with DATABASE_URL (PostgreSQL) exercises it; both runs check the same facts.
describe(DepositService.name, () => {
  let t: TestApp;
  let provider: TestProviderServer;
  let methodId: number;

  beforeAll(async () => {
    t = await createTestApp();
    provider = await startTestProvider();
    t.app.cashier.useAdapter(TEST_ADAPTER, createTestProvider);
    await t.app.cashier.registerProvider({
      code: 'racepay',
      adapter: TEST_ADAPTER,
      baseUrl: provider.baseUrl,
      merchantKey: 'R',
      secret: SECRET,
    });
    const [demo] = await queryRows<{ id: number }>(t.app, sql`SELECT id FROM merchants WHERE code = 'parlay'`);
    methodId = await insertTestMethod(t.app.db, Number(demo!.id), { name: 'Race pay', providerCode: 'racepay' });
  }, 120_000);
  afterAll(async () => {
    await provider.close();
    await t.close();
  });

  async function pendingOrder(amountMinor: number) {
    const { member, authorization } = await signInTestMember(t.app);
    const reply = await t.app.inject({
      method: 'POST',
      url: '/wps/member/cashier/deposits',
      headers: { host: 'localhost', language: 'EN', authorization },
      payload: { methodId, amountMinor },
    });
    const order = reply.json().value as { orderNo: string };
    return { member, order, ref: provider.orders.get(order.orderNo)!.providerRef };
  }
  const deliver = (payload: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/wps/cashier/callback/racepay', headers, payload });
  const creditsOf = async (memberId: number) =>
    Number(
      (
        await queryRows<{ n: string }>(
          t.app,
          sql`SELECT count(*) AS n FROM wallet_movements WHERE member_id = ${memberId}`,
        )
      )[0]?.n,
    );

  it(`credits once when the same paid notice arrives ${COPIES} times at once`, async () => {
    const { member, order, ref } = await pendingOrder(60_000);
    const notice = depositCallback(SECRET, {
      orderNo: order.orderNo,
      providerRef: ref,
      status: 'paid',
      amountMinor: 60_000,
      currency: 'KRW',
    });
    const replies = await Promise.all(Array.from({ length: COPIES }, () => deliver(notice.payload, notice.headers)));
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect(await creditsOf(member.id)).toBe(1);
    expect(await t.app.gaming.wallet.getBalance({ memberId: member.id, merchantId: 0, currency: 'KRW' })).toBe(60_000);
    expect(await checkCashierBooks(t.app.db)).toEqual({ unbalanced: 0, illegal: 0, negative: 0 });
  });

  it('credits once when paid and failed notices of one order race, whichever lands first', async () => {
    const { member, order, ref } = await pendingOrder(25_000);
    const paid = depositCallback(SECRET, {
      orderNo: order.orderNo,
      providerRef: ref,
      status: 'paid',
      amountMinor: 25_000,
      currency: 'KRW',
    });
    const failed = depositCallback(SECRET, {
      orderNo: order.orderNo,
      providerRef: ref,
      status: 'failed',
      amountMinor: 25_000,
      currency: 'KRW',
    });
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0 ? deliver(paid.payload, paid.headers) : deliver(failed.payload, failed.headers),
      ),
    );
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect(await creditsOf(member.id)).toBe(1);
    const [row] = await queryRows<{ state: string }>(
      t.app,
      sql`SELECT state FROM cashier_deposits WHERE order_no = ${order.orderNo}`,
    );
    expect(row?.state).toBe('credited');
    expect(await checkCashierBooks(t.app.db)).toEqual({ unbalanced: 0, illegal: 0, negative: 0 });
  });
});
