import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createCrashDatabase, feedBehind, freePort, pollPause, startServer } from '../../test/crash-server';
import { ReferralRewardService } from './referral-rewards.service';

const EVENTS = 12_000;
const MEMBERS = 100;
const RULES = { deposit: 2_000, turnover: 3_000, reward: 500 };

const behind = (port: number) => feedBehind(port, 'referrals');

/**
 * Each invited member as a reader works it out from the feed's rows the referrals' checkpoint has passed (or all of
 * them): a member still counting holds exactly those rows' deposits and valid bets, short of the rules; a paid one
 * reaches the rules with them and has exactly one reward movement of its key and amount. The rows that break it.
 */
async function expectRewardsOfFeed(handle: DatabaseHandle, appliedOnly: boolean): Promise<void> {
  const rows = await query<{ problem: string }>(
    handle.db,
    sql`WITH events AS (
          SELECT f.member_id,
                 sum(CASE WHEN f.kind = 'deposit' THEN f.amount_minor ELSE 0 END) AS deposit,
                 sum(CASE WHEN f.kind = 'round' THEN f.valid_bet_minor ELSE 0 END) AS turnover
          FROM settlement_feed f
          JOIN members m ON m.id = f.member_id AND m.account LIKE 'invited%'
          LEFT JOIN settlement_feed_consumers c ON c.name = 'referrals'
          WHERE ${appliedOnly ? sql`c.name IS NOT NULL AND (f.xid, f.id) <= (c.last_xid, c.last_id)` : sql`true`}
          GROUP BY f.member_id
        )
        SELECT e.member_id || ': ' || coalesce(p.status, 'no row') || ' with ' || coalesce(p.deposit_minor, 0) || '/'
               || coalesce(p.turnover_minor, 0) || ', the feed ' || e.deposit || '/' || e.turnover
               || ', movements ' || (SELECT count(*) FROM wallet_movements w
                                     WHERE w.idempotency_key = 'referral:' || e.member_id) AS problem
        FROM events e
        LEFT JOIN referral_progress p ON p.invited_member_id = e.member_id
        WHERE CASE
          WHEN p.status = 'paid' THEN e.deposit < ${RULES.deposit} OR e.turnover < ${RULES.turnover}
            OR p.deposit_minor > e.deposit OR p.turnover_minor > e.turnover
            OR (SELECT count(*) FROM wallet_movements w WHERE w.idempotency_key = 'referral:' || e.member_id
                  AND w.kind = 'referral' AND w.amount_minor = ${RULES.reward} AND w.id = p.movement_id) <> 1
          ELSE p.status IS DISTINCT FROM 'counting' OR p.deposit_minor <> e.deposit OR p.turnover_minor <> e.turnover
            OR (e.deposit >= ${RULES.deposit} AND e.turnover >= ${RULES.turnover})
            OR EXISTS (SELECT 1 FROM wallet_movements w WHERE w.idempotency_key = 'referral:' || e.member_id)
        END`,
  );
  expect(rows.map((row) => row.problem)).toEqual([]);
}

describe(ReferralRewardService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('counts each event once and pays each reward once when the referrals consumer is killed with SIGKILL mid-batch', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('referrals');
    cleanups.push(database.remove);
    const { options, env } = database;

    // The brand's rules on, an inviter and its invited members, and their settled rounds and credited deposits in the
    // feed, for the server's consumers to take in at its start.
    let handle = database.handle;
    await handle.db.execute(sql`
      INSERT INTO game_vendors (code, name, game_types, wallet_secret) VALUES ('PTSR', 'Referral vendor', '{RNG}', 'x')`);
    await handle.db.execute(sql`
      INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
      SELECT id, 'PR1', 'PR1', 'pr1', 'RNG' FROM game_vendors WHERE code = 'PTSR'`);
    await handle.db.execute(sql`
      INSERT INTO referral_rules (merchant_id, enabled, min_deposit_minor, min_turnover_minor, inviter_reward_minor,
                                  version)
      SELECT id, true, ${RULES.deposit}, ${RULES.turnover}, ${RULES.reward}, 1 FROM merchants WHERE code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO members (merchant_id, account) SELECT id, 'inviterx' FROM merchants WHERE code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO members (merchant_id, account, referrer_id)
      SELECT m.id, 'invited' || n, (SELECT id FROM members WHERE account = 'inviterx')
      FROM merchants m, generate_series(1, ${MEMBERS}) n WHERE m.code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                               win_minor, valid_bet_minor, status, started_at, settled_at)
      SELECT g.vendor_id, 'referrals-' || n, p.merchant_id, p.id, g.id, g.code, 'KRW', 50 + n % 37, 0, 50 + n % 37,
             'settled', now() - (n * interval '7 seconds'), now() - (n * interval '7 seconds')
      FROM generate_series(1, ${EVENTS / 2}) n
      JOIN (SELECT id, merchant_id, row_number() OVER (ORDER BY id) - 1 AS k FROM members
            WHERE account LIKE 'invited%') p ON p.k = (n * 7) % ${MEMBERS}
      CROSS JOIN (SELECT id, vendor_id, code FROM games WHERE code = 'PR1') g`);
    await handle.db.execute(sql`
      INSERT INTO settlement_feed (kind, merchant_id, member_id, currency, amount_minor, at)
      SELECT 'deposit', p.merchant_id, p.id, 'KRW', 100 + n % 53, now()
      FROM generate_series(1, ${EVENTS / 2}) n
      JOIN (SELECT id, merchant_id, row_number() OVER (ORDER BY id) - 1 AS k FROM members
            WHERE account LIKE 'invited%') p ON p.k = (n * 3) % ${MEMBERS}`);
    await handle.close();

    // Killed while the referrals' consumer works through the backlog.
    const port = await freePort();
    const server = startServer(env, port);
    cleanups.push(async () => {
      server.kill('SIGKILL');
    });
    let left: number | undefined;
    for (let attempt = 0; attempt < 6_000; attempt += 1) {
      left = await behind(port);
      if (left !== undefined && left > 0 && left < EVENTS) break;
      await pollPause();
    }
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(left).toBeGreaterThan(0);

    // What was committed is whole: the counts and rewards are exactly those of the rows up to the checkpoint.
    handle = await openDatabase(options);
    try {
      const checkpoint = await query(
        handle.db,
        sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'referrals'`,
      );
      expect(toNumber(checkpoint[0]?.['applied'] ?? 0)).toBeLessThan(EVENTS);
      await expectRewardsOfFeed(handle, true);
    } finally {
      await handle.close();
    }

    // Restarted, the server catches up from its checkpoint: each event counted once, each reward paid once.
    const again = startServer(env, port);
    cleanups.push(async () => {
      again.kill('SIGKILL');
    });
    for (let attempt = 0; attempt < 6_000 && (await behind(port)) !== 0; attempt += 1) await pollPause();
    expect(await behind(port)).toBe(0);
    again.kill('SIGTERM');
    await new Promise((resolve) => again.once('exit', resolve));

    handle = await openDatabase(options);
    try {
      const checkpoint = await query(
        handle.db,
        sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'referrals'`,
      );
      expect(toNumber(checkpoint[0]?.['applied'])).toBe(EVENTS);
      await expectRewardsOfFeed(handle, false);
      const paid = await query<{ n: unknown }>(
        handle.db,
        sql`SELECT count(*) AS n FROM referral_progress WHERE status = 'paid'`,
      );
      expect(toNumber(paid[0]?.n)).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  }, 600_000);
});
