import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_CODE } from '../../db/seed';
import { DEMO_HISTORY_PLAYERS, DEMO_HISTORY_ROUNDS, seedDemoHistory } from '../../db/seed-history';
import { createTestApp, type TestApp } from '../../test/app';
import { checkLedger } from '../seamless-wallet/seamless-wallet.fixtures';
import { consumeAll } from './reports.fixtures';

describe(seedDemoHistory.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it("writes the demo brand's last 30 days once, as the wallet writes rounds, and the dashboard shows them", async () => {
    expect(await seedDemoHistory(t.app.db, DEMO_MERCHANT_CODE)).toBe(DEMO_HISTORY_ROUNDS);
    expect(await seedDemoHistory(t.app.db, DEMO_MERCHANT_CODE)).toBe(0);

    // The books balance: each balance the sum of its entries, each movement's entries summing to 0, each
    // vendor movement owned by one vendor transaction.
    expect(await checkLedger(t.app)).toMatchObject({
      balanceMismatches: 0,
      unbalancedMovements: 0,
      negativeBalances: 0,
      duplicatedTransactions: 0,
      lostTransactions: 0,
    });
    // Each demo player's ledger, read by id as the back office reads it (newest first), goes back in time: no
    // movement has a larger id than a later one.
    const outOfOrder = await query(
      t.app.db,
      sql`SELECT count(*) AS n FROM (
            SELECT created_at < lag(created_at) OVER (PARTITION BY member_id ORDER BY id) AS earlier
            FROM wallet_movements
            WHERE idempotency_key LIKE 'seed-demo-history-%' OR idempotency_key LIKE 'vendor:%:demo-h-%') m
          WHERE earlier`,
    );
    expect(toNumber(outOfOrder[0]?.['n'])).toBe(0);
    const rounds = await query(
      t.app.db,
      sql`SELECT count(*) AS n, min(settled_at) > now() - interval '30 days' AS recent,
                 count(DISTINCT game_id) AS games, sum(stake_minor) AS stakes
          FROM game_rounds WHERE round_id LIKE 'demo-h-%' AND status = 'settled'`,
    );
    expect(toNumber(rounds[0]?.['n'])).toBe(DEMO_HISTORY_ROUNDS);
    expect(rounds[0]?.['recent']).toBe(true);
    expect(toNumber(rounds[0]?.['games'])).toBeGreaterThan(1);

    await consumeAll(t.app.reports, t.app.settlementFeed);
    await t.app.reports.refreshSignups('all');
    const brand = await t.app.merchants.findByCode(DEMO_MERCHANT_CODE);
    const dashboard = await t.app.reports.getDashboard(brand!, { period: '30d' });
    expect(dashboard.totals.rounds).toBe(DEMO_HISTORY_ROUNDS);
    expect(dashboard.totals.turnoverMinor).toBe(toNumber(rounds[0]?.['stakes']));
    expect(dashboard.totals.ggrMinor).toBeGreaterThan(0);
    expect(dashboard.totals.activePlayers).toBe(DEMO_HISTORY_PLAYERS);
    expect(dashboard.totals.signups).toBeGreaterThanOrEqual(DEMO_HISTORY_PLAYERS);
    expect(dashboard.series.filter((point) => point.rounds > 0).length).toBeGreaterThan(20);
    expect(dashboard.byVendor.length).toBeGreaterThan(1);
  });
});
