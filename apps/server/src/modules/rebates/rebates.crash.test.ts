import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createCrashDatabase, freePort, startServer, feedBehind, pollPause } from '../../test/crash-server';
import { RebateService } from './rebates.service';

const ROUNDS = 3_000;
const MEMBERS = 100;

const behind = (port: number) => feedBehind(port, 'rebates');
const poll = pollPause;

/**
 * Each member's rebate as a reader works it out from the rounds (level 0's rates: LIVE 100 bp, RNG 50 bp, SPORTS
 * none; a round's floor each), over the rounds cashback's checkpoint has passed, or all of them; against the sum of
 * the member's accruals, and the valid bets likewise.
 */
async function expectRebatesOfRounds(handle: DatabaseHandle, appliedOnly: boolean): Promise<void> {
  const rows = await query<Record<string, unknown>>(
    handle.db,
    sql`WITH earned AS (
          SELECT r.member_id, sum(r.valid_bet_minor) AS valid_bet,
                 sum(floor(r.valid_bet_minor * CASE g.game_type WHEN 'LIVE' THEN 100 WHEN 'RNG' THEN 50 ELSE 0 END
                   / 10000.0)) AS rebate
          FROM game_rounds r
          JOIN games g ON g.id = r.game_id
          JOIN settlement_feed f ON f.kind = 'round' AND f.round_ref = r.id
          LEFT JOIN settlement_feed_consumers c ON c.name = 'rebates'
          WHERE r.status = 'settled'
            ${appliedOnly ? sql`AND c.name IS NOT NULL AND (f.xid, f.id) <= (c.last_xid, c.last_id)` : sql``}
          GROUP BY r.member_id
        ),
        accrued AS (
          SELECT member_id, sum(valid_bet_minor) AS valid_bet, sum(rebate_minor) AS rebate
          FROM rebate_accruals GROUP BY member_id
        )
        SELECT m.id, coalesce(e.valid_bet, 0) AS expected_bet, coalesce(a.valid_bet, 0) AS bet,
               coalesce(e.rebate, 0) AS expected, coalesce(a.rebate, 0) AS rebate
        FROM members m
        LEFT JOIN earned e ON e.member_id = m.id
        LEFT JOIN accrued a ON a.member_id = m.id
        WHERE m.account LIKE 'rebateplayer%'`,
  );
  expect(rows).toHaveLength(MEMBERS);
  const wrong = rows.filter(
    (row) =>
      toNumber(row['expected']) !== toNumber(row['rebate']) || toNumber(row['expected_bet']) !== toNumber(row['bet']),
  );
  expect(wrong).toEqual([]);
}

describe(RebateService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('counts each round once when the accrual is killed with SIGKILL mid-batch and restarted', async () => {
    const database = await createCrashDatabase('rebates');
    cleanups.push(database.remove);
    const { options, env } = database;

    let handle = database.handle;
    await handle.db.execute(sql`
      INSERT INTO game_vendors (code, name, game_types, wallet_secret) VALUES
        ('RBTA', 'Rebate vendor A', '{RNG,LIVE}', 'unused'), ('RBTB', 'Rebate vendor B', '{SPORTS}', 'unused')`);
    await handle.db.execute(sql`
      INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
      SELECT v.id, g.code, g.code, lower(g.code), g.game_type
      FROM (VALUES ('RBTA', 'RA1', 'RNG'), ('RBTA', 'RA2', 'LIVE'), ('RBTB', 'RB1', 'SPORTS')) g (vendor, code, game_type)
      JOIN game_vendors v ON v.code = g.vendor`);
    await handle.db.execute(sql`
      INSERT INTO vip_levels (merchant_id, rank_level, name, rebate_bp)
      SELECT id, 0, 'Base', '{"LIVE": 100, "RNG": 50}'::jsonb FROM merchants WHERE code = 'parlay'
      ON CONFLICT (merchant_id, rank_level) DO UPDATE SET rebate_bp = EXCLUDED.rebate_bp`);
    await handle.db.execute(sql`
      INSERT INTO members (merchant_id, account)
      SELECT m.id, 'rebateplayer' || n FROM merchants m, generate_series(1, ${MEMBERS}) n WHERE m.code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                               win_minor, valid_bet_minor, status, started_at, settled_at)
      SELECT g.vendor_id, 'rebates-' || n, p.merchant_id, p.id, g.id, g.code, 'KRW', 10000 + (n % 37) * 77, 0,
             10000 + (n % 37) * 77, 'settled', now() - (n * interval '311 seconds'), now() - (n * interval '311 seconds')
      FROM generate_series(1, ${ROUNDS}) n
      JOIN (SELECT id, merchant_id, row_number() OVER (ORDER BY id) - 1 AS k FROM members
            WHERE account LIKE 'rebateplayer%') p ON p.k = (n * 7) % ${MEMBERS}
      JOIN (SELECT id, vendor_id, code, row_number() OVER (ORDER BY id) - 1 AS k FROM games
            WHERE code IN ('RA1', 'RA2', 'RB1')) g ON g.k = n % 3`);
    await handle.close();

    // Killed while cashback's consumer works through the backlog.
    const port = await freePort();
    const server = startServer(env, port);
    cleanups.push(async () => {
      server.kill('SIGKILL');
    });
    let left: number | undefined;
    for (let attempt = 0; attempt < 6_000; attempt += 1) {
      left = await behind(port);
      if (left !== undefined && left > 0 && left < ROUNDS) break;
      await poll();
    }
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(left).toBeGreaterThan(0);

    // What was committed is whole: each member's accruals are exactly the rounds up to the checkpoint.
    handle = await openDatabase(options);
    try {
      const checkpoint = await query(
        handle.db,
        sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'rebates'`,
      );
      expect(toNumber(checkpoint[0]?.['applied'] ?? 0)).toBeLessThan(ROUNDS);
      await expectRebatesOfRounds(handle, true);
    } finally {
      await handle.close();
    }

    // Restarted, the server catches up from its checkpoint: each round counted once.
    const again = startServer(env, port);
    cleanups.push(async () => {
      again.kill('SIGKILL');
    });
    for (let attempt = 0; attempt < 6_000 && (await behind(port)) !== 0; attempt += 1) await poll();
    expect(await behind(port)).toBe(0);
    again.kill('SIGTERM');
    await new Promise((resolve) => again.once('exit', resolve));

    handle = await openDatabase(options);
    try {
      const checkpoint = await query(
        handle.db,
        sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'rebates'`,
      );
      expect(toNumber(checkpoint[0]?.['applied'])).toBe(ROUNDS);
      await expectRebatesOfRounds(handle, false);
    } finally {
      await handle.close();
    }
  }, 600_000);
});
