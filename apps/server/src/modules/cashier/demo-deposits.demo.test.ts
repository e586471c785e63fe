import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCashier } from '../../db/seed-cashier';
import { createTestApp, type TestApp } from '../../test/app';
import { checkCashierBooks } from './cashier.fixtures';

describe(seedDemoCashier.name, () => {
  let t: TestApp;
  let owner: { id: number; merchantId: number };
  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await query<{ id: unknown; merchant_id: unknown }>(
      t.app.db,
      sql`SELECT m.id, m.merchant_id FROM members m JOIN merchants b ON b.id = m.merchant_id
           WHERE b.code = 'parlay' AND m.account = 'demo'`,
    );
    owner = { id: toNumber(row!.id), merchantId: toNumber(row!.merchant_id) };
  }, 180_000);
  afterAll(() => t.close(), 60_000);

  it('offers the sandbox provider and a bank transfer, and gives the demo member past deposits in every end state', async () => {
    const methods = await t.app.cashier.listMethods({ id: owner.merchantId, brand: { currency: 'KRW' } });
    expect(methods.items.map((item) => [item.name, item.kind])).toEqual([
      ['Sandbox pay', 'provider'],
      ['Bank transfer', 'manual_bank'],
    ]);
    const page = await t.app.cashier.deposits.list({ id: owner.id, merchantId: owner.merchantId }, { limit: 10 });
    expect(page.items.map((item) => [item.state, item.amountMinor])).toEqual([
      ['credited', 30_000],
      ['failed', 30_000],
      ['expired', 20_000],
      ['credited', 100_000],
    ]);
    expect(await checkCashierBooks(t.app.db)).toEqual({ unbalanced: 0, illegal: 0, negative: 0 });
  });

  it('adds nothing when run again', async () => {
    const count = async () =>
      (
        await query<{ n: unknown }>(
          t.app.db,
          sql`SELECT (SELECT count(*) FROM cashier_deposits)
        + (SELECT count(*) FROM cashier_methods) + (SELECT count(*) FROM wallet_movements) AS n`,
        )
      )[0]!.n;
    const before = await count();
    await seedDemoCashier(t.app.db, 'parlay');
    expect(await count()).toEqual(before);
  });
});
