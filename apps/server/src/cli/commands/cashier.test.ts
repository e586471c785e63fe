import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import type { AdminContext } from '../command';
import { runAdmin } from '../run';
import { cashierCommand } from './cashier';
import { adminCommands } from './index';

let t: TestApp;
let context: AdminContext;
const admin = (...args: string[]) => runAdmin(adminCommands, context, ['cashier', ...args]);

beforeAll(async () => {
  t = await createTestApp();
  context = { db: t.app.db, defaultMerchantCode: 'parlay', osUser: 'finance' };
}, 180_000);
afterAll(async () => {
  await t?.close();
}, 60_000);

async function bankOrder(amountMinor: number) {
  const [method] = await query<{ id: unknown; merchant_id: unknown }>(
    t.app.db,
    sql`SELECT id, merchant_id FROM cashier_methods WHERE name = 'Bank transfer'`,
  );
  const merchantId = toNumber(method!.merchant_id);
  const member = await createTestMember(t.app);
  const order = await t.app.cashier.deposits.create(
    { id: merchantId, siteUrl: null, brand: { currency: 'KRW', currencyExponent: 0 } },
    { id: member.id, merchantId },
    { methodId: toNumber(method!.id), amountMinor },
    'en',
  );
  const [row] = await query<{ id: unknown }>(
    t.app.db,
    sql`SELECT id FROM cashier_deposits WHERE order_no = ${order.orderNo}`,
  );
  return { member, orderNo: order.orderNo, id: String(toNumber(row!.id)) };
}

describe(cashierCommand.name, () => {
  it('lists the bank transfers to confirm, confirms one (audited as the OS user) and rejects another', async () => {
    const first = await bankOrder(30_000);
    const second = await bankOrder(40_000);
    const listed = await admin('deposits', '--state', 'pending', '--bank');
    expect(listed.exitCode).toBe(0);
    expect(listed.output).toContain(first.orderNo);
    expect(listed.output).toContain(second.orderNo);

    expect(await admin('confirm', first.id)).toEqual({
      exitCode: 0,
      output: `Credited 30000 KRW (minor units) to ${first.member.account} for ${first.orderNo}.`,
    });
    expect((await admin('confirm', first.id)).exitCode).toBe(1);
    expect((await admin('reject', second.id, '--reason', 'no')).exitCode).toBe(1);
    expect((await admin('reject', second.id, '--reason', 'no such transfer')).output).toBe(
      `Rejected ${second.orderNo} of ${second.member.account}: no such transfer.`,
    );
    const trail = await query<{ action: string; actor: string }>(
      t.app.db,
      sql`SELECT action, actor FROM audit_log WHERE action LIKE 'cashier.deposit.%' ORDER BY id`,
    );
    expect(trail).toEqual([
      { action: 'cashier.deposit.confirm', actor: 'cli:finance' },
      { action: 'cashier.deposit.reject', actor: 'cli:finance' },
    ]);
  });

  it('names the providers and runs the reconciliation once', async () => {
    await t.app.cashier.registerProvider({
      code: 'sandbox',
      adapter: 'sandbox',
      baseUrl: 'http://127.0.0.1:9',
      merchantKey: 'K',
      secret: 'cli-test-secret-0123456789abcdef',
    });
    const providers = await admin('providers');
    expect(providers.output).toBe('sandbox\tsandbox\thttp://127.0.0.1:9');
    expect(providers.output).not.toContain('cli-test-secret');
    expect((await admin('reconcile')).output).toMatch(
      /^Looked at \d+: \d+ credited, \d+ failed, \d+ expired, \d+ not answered\.$/,
    );
    expect((await admin('nothing')).exitCode).toBe(1);
  });
});
