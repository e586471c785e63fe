import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createCrashDatabase, freePort, startServer, feedBehind, pollPause } from '../../test/crash-server';
import { ledgerBreaks } from './points.fixtures';
import { PointsService } from './points.service';

const ROUNDS = 3_000;
const MEMBERS = 100;

const behind = (port: number) => feedBehind(port, 'points');
const poll = pollPause;

/**
 * Each member's points as a reader works them out from the rounds (the specification's rates, a round's floor
 * each), over the rounds the points' checkpoint has passed, or all of them; against each member's balance.
 */
async function expectPointsOfRounds(handle: DatabaseHandle, appliedOnly: boolean): Promise<void> {
  const rows = await query<{ member_id: unknown; expected: unknown; balance: unknown }>(
    handle.db,
    sql`WITH earned AS (
          SELECT r.member_id, sum(floor(r.valid_bet_minor * CASE g.game_type WHEN 'LIVE' THEN 7000 WHEN 'RNG' THEN 12000
                   ELSE 10000 END * 100 / 10000.0)) AS expected
          FROM game_rounds r
          JOIN games g ON g.id = r.game_id
          JOIN settlement_feed f ON f.kind = 'round' AND f.round_ref = r.id
          LEFT JOIN settlement_feed_consumers c ON c.name = 'points'
          WHERE r.status = 'settled'
            ${appliedOnly ? sql`AND c.name IS NOT NULL AND (f.xid, f.id) <= (c.last_xid, c.last_id)` : sql``}
          GROUP BY r.member_id
        )
        SELECT m.id AS member_id, coalesce(e.expected, 0) AS expected, coalesce(a.balance_points_minor, 0) AS balance
        FROM members m
        LEFT JOIN earned e ON e.member_id = m.id
        LEFT JOIN point_accounts a ON a.member_id = m.id
        WHERE m.account LIKE 'pointsplayer%'`,
  );
  expect(rows).toHaveLength(MEMBERS);
  const wrong = rows.filter((row) => toNumber(row.expected) !== toNumber(row.balance));
  expect(wrong).toEqual([]);
  expect(await ledgerBreaks(handle.db)).toEqual([]);
}

describe(PointsService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('counts each round once when the accrual is killed with SIGKILL mid-batch and restarted', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('points');
    cleanups.push(database.remove);
    const { options, env } = database;

    // Settled rounds of many members in a LIVE, an RNG and a SPORTS game, written into the feed by the trigger,
    // for the server's consumers to take in at its start.
    let handle = database.handle;
    await handle.db.execute(sql`
      INSERT INTO game_vendors (code, name, game_types, wallet_secret) VALUES
        ('PTSA', 'Points vendor A', '{RNG,LIVE}', 'unused'), ('PTSB', 'Points vendor B', '{SPORTS}', 'unused')`);
    await handle.db.execute(sql`
      INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
      SELECT v.id, g.code, g.code, lower(g.code), g.game_type
      FROM (VALUES ('PTSA', 'PA1', 'RNG'), ('PTSA', 'PA2', 'LIVE'), ('PTSB', 'PB1', 'SPORTS')) g (vendor, code, game_type)
      JOIN game_vendors v ON v.code = g.vendor`);
    await handle.db.execute(sql`
      INSERT INTO members (merchant_id, account)
      SELECT m.id, 'pointsplayer' || n FROM merchants m, generate_series(1, ${MEMBERS}) n WHERE m.code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                               win_minor, valid_bet_minor, status, started_at, settled_at)
      SELECT g.vendor_id, 'points-' || n, p.merchant_id, p.id, g.id, g.code, 'KRW', 100 + n % 37, 0,
             100 + n % 37, 'settled', now() - (n * interval '194 seconds'), now() - (n * interval '194 seconds')
      FROM generate_series(1, ${ROUNDS}) n
      JOIN (SELECT id, merchant_id, row_number() OVER (ORDER BY id) - 1 AS k FROM members
            WHERE account LIKE 'pointsplayer%') p ON p.k = (n * 7) % ${MEMBERS}
      JOIN (SELECT id, vendor_id, code, row_number() OVER (ORDER BY id) - 1 AS k FROM games
            WHERE code IN ('PA1', 'PA2', 'PB1')) g ON g.k = n % 3`);
    await handle.close();

    // Killed while the points' consumer works through the backlog.
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

    // What was committed is whole: each balance is exactly the points of the rounds up to the checkpoint.
    handle = await openDatabase(options);
    try {
      const checkpoint = await query(
        handle.db,
        sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'points'`,
      );
      expect(toNumber(checkpoint[0]?.['applied'] ?? 0)).toBeLessThan(ROUNDS);
      await expectPointsOfRounds(handle, true);
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
        sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'points'`,
      );
      expect(toNumber(checkpoint[0]?.['applied'])).toBe(ROUNDS);
      await expectPointsOfRounds(handle, false);
    } finally {
      await handle.close();
    }
  }, 600_000);
});
