import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../seamless-wallet/seamless-wallet.fixtures';
import { createTestApp, type TestApp } from '../../test/app';
import { DEMO_MERCHANT_CODE } from '../../db/seed';
import {
  DEMO_MEMBER_ACCOUNT,
  DEMO_MEMBER_REFUND_EVERY,
  DEMO_MEMBER_ROUNDS,
  seedDemoMemberHistory,
} from '../../db/seed-member-history';

describe(seedDemoMemberHistory.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it("writes the demo member's last 30 days once, as the wallet writes rounds, its balances in one chain", async () => {
    const [member] = await query<{ id: unknown; balance: unknown }>(
      t.app.db,
      sql`SELECT m.id, a.balance_minor AS balance FROM members m
          JOIN merchants b ON b.id = m.merchant_id AND b.code = ${DEMO_MERCHANT_CODE}
          JOIN wallet_accounts a ON a.owner_type = 'member' AND a.member_id = m.id
          WHERE m.account = ${DEMO_MEMBER_ACCOUNT}`,
    );
    const memberId = toNumber(member!.id);
    const balanceBefore = toNumber(member!.balance);
    expect(balanceBefore).toBeGreaterThan(0);

    expect(await seedDemoMemberHistory(t.app.db, DEMO_MERCHANT_CODE)).toBe(DEMO_MEMBER_ROUNDS);
    expect(await seedDemoMemberHistory(t.app.db, DEMO_MERCHANT_CODE)).toBe(0);

    expect(await checkLedger(t.app)).toMatchObject({
      balanceMismatches: 0,
      unbalancedMovements: 0,
      negativeBalances: 0,
      duplicatedTransactions: 0,
      lostTransactions: 0,
    });
    // The member's balance is where it was, and every balance after, read in time, follows from the one before
    // (the demo funding written before the past included): none negative.
    const chain = await query<{ amount: unknown; after: unknown; previous: unknown }>(
      t.app.db,
      sql`SELECT m.amount_minor AS amount, e.balance_after_minor AS after,
                 lag(e.balance_after_minor) OVER (ORDER BY m.created_at, m.id) AS previous
          FROM wallet_movements m JOIN ledger_entries e ON e.movement_id = m.id AND e.balance_after_minor IS NOT NULL
          WHERE m.member_id = ${memberId} ORDER BY m.created_at, m.id`,
    );
    expect(chain.length).toBeGreaterThan(DEMO_MEMBER_ROUNDS + 2);
    const broken = chain.filter(
      (row) => toNumber(row.after) !== toNumber(row.previous ?? 0) + toNumber(row.amount) || toNumber(row.after) < 0,
    );
    expect(broken).toEqual([]);
    expect(toNumber(chain.at(-1)!.after)).toBe(balanceBefore);
    expect(await t.app.gaming.wallet.getBalance({ memberId, merchantId: 0, currency: 'KRW' })).toBe(balanceBefore);

    // Every kind a member sees: bets, wins, refunds, an operator's adjustments and the demo's past deposits
    // (seed-cashier.ts), over the last 30 days.
    const kinds = await query<{ kind: string; n: unknown; oldest: boolean }>(
      t.app.db,
      sql`SELECT kind, count(*) AS n, min(created_at) > now() - interval '30 days' AS oldest FROM wallet_movements
          WHERE member_id = ${memberId} GROUP BY kind ORDER BY kind`,
    );
    expect(kinds.map((row) => row.kind)).toEqual([
      'adjustment',
      'deposit',
      'vendor_credit',
      'vendor_debit',
      'vendor_rollback',
    ]);
    expect(kinds.every((row) => row.oldest)).toBe(true);
    const refunds = Math.floor(DEMO_MEMBER_ROUNDS / DEMO_MEMBER_REFUND_EVERY);
    expect(toNumber(kinds.find((row) => row.kind === 'vendor_rollback')!.n)).toBe(refunds);

    // A round in every category the brand lists, settled (in the feed, for the reports) or cancelled (not).
    const [rounds] = await query<{ categories: unknown; listed: unknown; settled: unknown; cancelled: unknown }>(
      t.app.db,
      sql`SELECT count(DISTINCT g.game_type) AS categories,
                 (SELECT count(DISTINCT lg.game_type) FROM merchant_games mg JOIN games lg ON lg.id = mg.game_id
                  WHERE mg.merchant_id = r.merchant_id AND mg.top_level) AS listed,
                 count(*) FILTER (WHERE r.status = 'settled') AS settled,
                 count(*) FILTER (WHERE r.status = 'cancelled' AND r.stake_minor = 0) AS cancelled
          FROM game_rounds r JOIN games g ON g.id = r.game_id
          WHERE r.member_id = ${memberId} AND r.round_id LIKE 'demo-m-%' GROUP BY r.merchant_id`,
    );
    expect(toNumber(rounds!.categories)).toBeGreaterThan(1);
    expect(toNumber(rounds!.categories)).toBe(toNumber(rounds!.listed));
    expect(toNumber(rounds!.cancelled)).toBe(refunds);
    const [feed] = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM settlement_feed f JOIN game_rounds r ON r.id = f.round_ref
          WHERE f.kind = 'round' AND r.round_id LIKE 'demo-m-%'`,
    );
    expect(toNumber(feed!.n)).toBe(toNumber(rounds!.settled));
  });
});
