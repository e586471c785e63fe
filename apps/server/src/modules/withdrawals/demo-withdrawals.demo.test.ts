import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { checkWithdrawalLedger } from './withdrawals.fixtures';
import { DEMO_MERCHANT_CODE } from '../../db/seed';
import { seedDemoWithdrawals } from '../../db/seed-withdrawals';

describe(seedDemoWithdrawals.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('gives the demo member a bank account, a confirmed and a waiting withdrawal, once, with balanced books', async () => {
    const before = toNumber(
      (
        await query<{ b: unknown }>(
          t.app.db,
          sql`SELECT a.balance_minor AS b FROM wallet_accounts a JOIN members m ON m.id = a.member_id
              WHERE m.account = 'demo' AND a.owner_type = 'member'`,
        )
      )[0]!.b,
    );
    expect(await seedDemoWithdrawals(t.app.db, DEMO_MERCHANT_CODE)).toBe(2);
    expect(await seedDemoWithdrawals(t.app.db, DEMO_MERCHANT_CODE)).toBe(0);
    const rows = await query<{ status: string; amount_minor: unknown }>(
      t.app.db,
      sql`SELECT r.status, r.amount_minor FROM withdrawal_requests r JOIN members m ON m.id = r.member_id
          WHERE m.account = 'demo' ORDER BY r.id`,
    );
    expect(rows.map((row) => row.status)).toEqual(['confirmed_received', 'requested']);
    const after = toNumber(
      (
        await query<{ b: unknown }>(
          t.app.db,
          sql`SELECT a.balance_minor AS b FROM wallet_accounts a JOIN members m ON m.id = a.member_id
              WHERE m.account = 'demo' AND a.owner_type = 'member'`,
        )
      )[0]!.b,
    );
    expect(before - after).toBe(30_000);
    expect(await checkWithdrawalLedger(t.app)).toEqual({
      unbalancedMovements: 0,
      negativeBalances: 0,
      balanceMismatches: 0,
      holdGap: 0,
    });
    // The review queue shows the waiting one.
    const merchant = (await t.app.merchants.findByCode(DEMO_MERCHANT_CODE))!;
    const queue = await t.app.withdrawals.review.list(merchant, { queue: 'review', limit: 10 });
    expect(queue.items.map((item) => item.account)).toEqual(['demo']);
  });
});

describe(`${seedDemoWithdrawals.name} on a data folder whose member moved money lately`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('dates its movements after the last one, so each balance after follows the one before', async () => {
    await t.app.gaming.wallet.adjust(
      {
        merchantCode: DEMO_MERCHANT_CODE,
        account: 'demo',
        amountMinor: 1_000,
        reason: 'late',
        idempotencyKey: 'late-1',
      },
      t.app.merchants,
    );
    expect(await seedDemoWithdrawals(t.app.db, DEMO_MERCHANT_CODE)).toBe(2);
    const lines = await query<{ amount_minor: unknown; balance_after_minor: unknown }>(
      t.app.db,
      sql`SELECT e.amount_minor, e.balance_after_minor FROM ledger_entries e
          JOIN wallet_movements w ON w.id = e.movement_id
          JOIN members m ON m.id = w.member_id AND m.account = 'demo'
          WHERE e.balance_after_minor IS NOT NULL
          ORDER BY w.created_at, w.id`,
    );
    for (let index = 1; index < lines.length; index += 1) {
      expect(toNumber(lines[index]!.balance_after_minor)).toBe(
        toNumber(lines[index - 1]!.balance_after_minor) + toNumber(lines[index]!.amount_minor),
      );
    }
    expect(await checkWithdrawalLedger(t.app)).toMatchObject({ holdGap: 0, unbalancedMovements: 0 });
  });
});
