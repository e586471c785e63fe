import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { DEMO_MERCHANT_CODE } from './seed';
import { DEMO_FLAGGED_PLAYER, DEMO_QUALIFIED_PLAYER, seedDemoReferralRewards } from './seed-referral-rewards';
import { DEMO_REFERRED_PLAYERS, seedDemoReferrals } from './seed-referrals';

describe(seedDemoReferralRewards.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('switches the rules on, pays one invited player and holds the other in the abuse queue, once', async () => {
    // The demo history's players with their funding, and a game of the brand's lobby, as main.ts finds them.
    await t.app.db.execute(
      sql`INSERT INTO members (merchant_id, account, nickname, register_method, first_time_login)
          SELECT b.id, p.account, p.account, 'SEED', false FROM merchants b,
                 unnest(${`{${DEMO_REFERRED_PLAYERS.join(',')}}`}::text[]) AS p(account)
          WHERE b.code = ${DEMO_MERCHANT_CODE}
          ON CONFLICT DO NOTHING`,
    );
    await t.app.db.execute(
      sql`INSERT INTO game_vendors (code, name, game_types, wallet_secret) VALUES ('SEEDR', 'Seed vendor', '{RNG}', 'x')`,
    );
    await t.app.db.execute(
      sql`INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
          SELECT id, 'SR1', 'SR1', 'sr1', 'RNG' FROM game_vendors WHERE code = 'SEEDR'`,
    );
    await t.app.db.execute(
      sql`INSERT INTO merchant_games (merchant_id, game_id, vendor_id, game_type)
          SELECT b.id, g.id, g.vendor_id, g.game_type FROM merchants b, games g
          JOIN game_vendors v ON v.id = g.vendor_id AND v.code = 'SEEDR'
          WHERE b.code = ${DEMO_MERCHANT_CODE} ON CONFLICT DO NOTHING`,
    );
    for (const account of DEMO_REFERRED_PLAYERS) {
      await t.app.gaming.wallet.adjust(
        {
          merchantCode: DEMO_MERCHANT_CODE,
          account,
          amountMinor: 1_000_000,
          reason: 'demo funding',
          idempotencyKey: `fund-${account}`,
        },
        t.app.merchants,
      );
    }
    await seedDemoReferrals(t.app.db, DEMO_MERCHANT_CODE);
    const services = {
      referralRewards: t.app.referralRewards,
      settlementFeed: t.app.settlementFeed,
      wallet: t.app.gaming.wallet,
    };
    await seedDemoReferralRewards(t.app.db, services, DEMO_MERCHANT_CODE);
    await seedDemoReferralRewards(t.app.db, services, DEMO_MERCHANT_CODE);

    const rows = await query<{ account: string; status: string }>(
      t.app.db,
      sql`SELECT m.account, p.status FROM referral_progress p JOIN members m ON m.id = p.invited_member_id
          ORDER BY m.account`,
    );
    expect(rows).toEqual([
      { account: DEMO_QUALIFIED_PLAYER, status: 'paid' },
      { account: DEMO_FLAGGED_PLAYER, status: 'held' },
    ]);
    const paid = await query<{ account: string; total: unknown }>(
      t.app.db,
      sql`SELECT m.account, sum(w.amount_minor) AS total FROM wallet_movements w JOIN members m ON m.id = w.member_id
          WHERE w.kind = 'referral' GROUP BY m.account ORDER BY m.account`,
    );
    expect(paid.map((row) => [row.account, toNumber(row.total)])).toEqual([
      ['demo', 30_000],
      [DEMO_QUALIFIED_PLAYER, 10_000],
    ]);
    const flags = await query<{ kind: string; account: string; evidence: unknown }>(
      t.app.db,
      sql`SELECT f.kind, m.account, f.evidence::text AS evidence FROM abuse_flags f JOIN members m ON m.id = f.member_id
          WHERE f.status = 'open'`,
    );
    expect(flags).toEqual([{ kind: 'referral', account: 'demo', evidence: expect.stringContaining('203.0.113.24') }]);
  }, 120_000);
});
