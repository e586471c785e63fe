import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createCrashDatabase, feedBehind, freePort, pollPause, startServer } from '../../test/crash-server';
import { BonusService } from './bonuses.service';

// The release of a separate bonus balance (docs/decisions/0063-a-separate-bonus-balance.md) is written by the
// wagering consumer in its batch's transaction: killed mid-backlog, each member is either still wagering with the bonus
// balance whole, or completed with it moved to the main balance by exactly one 'bonus_release'; restarted, every member
// whose rounds meet the wagering is released once.

const ROUNDS = 2_000;
const MEMBERS = 60;
const BONUS = 1_000;
const REQUIRED = 15_000;

/** Each member's bonus, balances and releases against the wagering of the rounds the checkpoint passed (or all). */
async function expectReleases(handle: DatabaseHandle, appliedOnly: boolean): Promise<number> {
  const rows = await query<{
    counted: unknown;
    done: unknown;
    status: string;
    main: unknown;
    bonus: unknown;
    releases: unknown;
    released: unknown;
  }>(
    handle.db,
    sql`WITH counted AS (
          SELECT r.member_id, sum(r.valid_bet_minor) AS counted
          FROM game_rounds r
          JOIN settlement_feed f ON f.kind = 'round' AND f.round_ref = r.id
          LEFT JOIN settlement_feed_consumers c ON c.name = 'bonuses'
          WHERE r.status = 'settled'
            ${appliedOnly ? sql`AND c.name IS NOT NULL AND (f.xid, f.id) <= (c.last_xid, c.last_id)` : sql``}
          GROUP BY r.member_id
        )
        SELECT coalesce(c.counted, 0) AS counted, b.wagering_done_minor AS done, b.status,
               coalesce((SELECT balance_minor FROM wallet_accounts a
                         WHERE a.owner_type = 'member' AND a.member_id = m.id), 0) AS main,
               (SELECT balance_minor FROM wallet_accounts a
                WHERE a.owner_type = 'member_bonus' AND a.member_id = m.id) AS bonus,
               (SELECT count(*) FROM wallet_movements w WHERE w.member_id = m.id AND w.kind = 'bonus_release') AS releases,
               (SELECT coalesce(sum(amount_minor), 0) FROM wallet_movements w
                WHERE w.member_id = m.id AND w.kind = 'bonus_release') AS released
        FROM members m
        JOIN member_bonuses b ON b.member_id = m.id
        LEFT JOIN counted c ON c.member_id = m.id
        WHERE m.account LIKE 'separateplayer%'`,
  );
  expect(rows).toHaveLength(MEMBERS);
  const wrong = rows.filter((row) => {
    const met = toNumber(row.counted) >= REQUIRED;
    const money = [toNumber(row.main), toNumber(row.bonus), toNumber(row.releases), toNumber(row.released)];
    return met
      ? row.status !== 'completed' || money.join() !== [BONUS, 0, 1, BONUS].join()
      : row.status !== 'active' ||
          toNumber(row.done) !== toNumber(row.counted) ||
          money.join() !== [0, BONUS, 0, 0].join();
  });
  expect(wrong).toEqual([]);
  const unbalanced = await query<{ n: unknown }>(
    handle.db,
    sql`SELECT count(*) AS n FROM wallet_accounts a
        WHERE a.owner_type IN ('member', 'member_bonus')
          AND a.balance_minor <> (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e WHERE e.account_id = a.id)`,
  );
  expect(toNumber(unbalanced[0]?.n)).toBe(0);
  return rows.filter((row) => row.status === 'completed').length;
}

describe(`${BonusService.name} with a separate bonus balance`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('releases each bonus balance once when the wagering consumer is killed with SIGKILL and restarted', async () => {
    const database = await createCrashDatabase('bonus-balance');
    cleanups.push(database.remove);
    const { options, env } = database;

    // Members each with one separate bonus paid into the bonus balance a day ago (a ledger movement like the grant's),
    // and settled rounds of an RNG game since, in the feed for the server's consumers to take in at its start.
    let handle = database.handle;
    await handle.db.execute(sql`
      INSERT INTO game_vendors (code, name, game_types, wallet_secret) VALUES ('BNSS', 'Separate vendor', '{RNG}', 'x')`);
    await handle.db.execute(sql`
      INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
      SELECT id, 'BS1', 'BS1', 'bs1', 'RNG' FROM game_vendors WHERE code = 'BNSS'`);
    await handle.db.execute(sql`
      INSERT INTO members (merchant_id, account)
      SELECT m.id, 'separateplayer' || n FROM merchants m, generate_series(1, ${MEMBERS}) n WHERE m.code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO promotions (merchant_id, code, kind, title_ko, title_en, rules)
      SELECT id, 'SEPARATECRASH', 'deposit_bonus', '테스트', 'Test', '{}'::jsonb FROM merchants WHERE code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO member_bonuses (merchant_id, member_id, promotion_id, source, currency, amount_minor,
        wagering_required_minor, contribution_bp, idempotency_key, expires_at, created_at, balance_mode)
      SELECT m.merchant_id, m.id, p.id, 'deposit', 'KRW', ${BONUS}, ${REQUIRED}, '{"RNG":10000}'::jsonb,
             'bonus:' || p.id || ':' || m.id, now() + interval '30 days', now() - interval '1 day', 'separate'
      FROM members m JOIN promotions p ON p.code = 'SEPARATECRASH' AND p.merchant_id = m.merchant_id
      WHERE m.account LIKE 'separateplayer%'`);
    await handle.db.execute(sql`
      INSERT INTO wallet_accounts (merchant_id, owner_type, currency)
      SELECT id, 'house', 'KRW' FROM merchants WHERE code = 'parlay'
      ON CONFLICT (merchant_id, currency) WHERE owner_type = 'house' DO NOTHING`);
    await handle.db.execute(sql`
      INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
      SELECT merchant_id, 'member_bonus', id, 'KRW', ${BONUS} FROM members WHERE account LIKE 'separateplayer%'`);
    await handle.db.execute(sql`
      WITH moved AS (
        INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason)
        SELECT b.merchant_id, 'bonus', b.idempotency_key, b.member_id, 'KRW', ${BONUS}::bigint, 'SEPARATECRASH'
        FROM member_bonuses b JOIN members m ON m.id = b.member_id WHERE m.account LIKE 'separateplayer%'
        RETURNING id, member_id, merchant_id
      )
      INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
      SELECT moved.id, a.id, ${BONUS}::bigint, ${BONUS}::bigint FROM moved
        JOIN wallet_accounts a ON a.owner_type = 'member_bonus' AND a.member_id = moved.member_id
      UNION ALL
      SELECT moved.id, h.id, ${-BONUS}::bigint, NULL::bigint FROM moved
        JOIN wallet_accounts h ON h.owner_type = 'house' AND h.merchant_id = moved.merchant_id AND h.currency = 'KRW'`);
    await handle.db.execute(sql`
      INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                               win_minor, valid_bet_minor, status, started_at, settled_at)
      SELECT g.vendor_id, 'separate-' || n, p.merchant_id, p.id, g.id, g.code, 'KRW', 100 + n % 997, 0,
             100 + n % 997, 'settled', now() - (n * interval '20 seconds'), now() - (n * interval '20 seconds')
      FROM generate_series(1, ${ROUNDS}) n
      JOIN (SELECT id, merchant_id, row_number() OVER (ORDER BY id) - 1 AS k FROM members
            WHERE account LIKE 'separateplayer%') p ON p.k = (n * 7) % ${MEMBERS}
      CROSS JOIN (SELECT id, vendor_id, code FROM games WHERE code = 'BS1') g`);
    await handle.close();

    // Killed while the bonuses' consumer works through the backlog.
    const port = await freePort();
    const server = startServer(env, port);
    cleanups.push(async () => {
      server.kill('SIGKILL');
    });
    let left: number | undefined;
    for (let attempt = 0; attempt < 6_000; attempt += 1) {
      left = await feedBehind(port, 'bonuses');
      if (left !== undefined && left > 0 && left < ROUNDS) break;
      await pollPause();
    }
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(left).toBeGreaterThan(0);

    handle = await openDatabase(options);
    try {
      await expectReleases(handle, true);
    } finally {
      await handle.close();
    }

    // Restarted, the server catches up from its checkpoint: each member met is released once.
    const again = startServer(env, port);
    cleanups.push(async () => {
      again.kill('SIGKILL');
    });
    for (let attempt = 0; attempt < 6_000 && (await feedBehind(port, 'bonuses')) !== 0; attempt += 1) {
      await pollPause();
    }
    expect(await feedBehind(port, 'bonuses')).toBe(0);
    again.kill('SIGTERM');
    await new Promise((resolve) => again.once('exit', resolve));

    handle = await openDatabase(options);
    try {
      // Most members' rounds (about 33 of 100 to 1,096 each) meet 15,000: the release was exercised.
      expect(await expectReleases(handle, false)).toBeGreaterThan(MEMBERS / 2);
    } finally {
      await handle.close();
    }
  }, 600_000);
});
