import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createCrashDatabase, freePort, startServer, feedBehind, pollPause } from '../../test/crash-server';
import { MissionService } from './missions.service';

const ROUNDS = 3_000;
const MEMBERS = 100;

const behind = (port: number) => feedBehind(port, 'missions');
const poll = pollPause;

/**
 * Each member's progress as a reader works it out from the rounds, over the rounds the missions' checkpoint has
 * passed, or all of them: per brand day the count of rounds (CRASHR) and per week from Monday their valid bet
 * (CRASHW); against the progress rows, both ways.
 */
async function expectProgressOfRounds(handle: DatabaseHandle, appliedOnly: boolean): Promise<void> {
  const rows = await query<{ problem: string }>(
    handle.db,
    sql`WITH rounds AS (
          SELECT r.member_id, r.valid_bet_minor, (r.settled_at AT TIME ZONE mer.time_zone)::date AS local_day
          FROM game_rounds r
          JOIN merchants mer ON mer.id = r.merchant_id
          JOIN members m ON m.id = r.member_id AND m.account LIKE 'missionplayer%'
          JOIN settlement_feed f ON f.kind = 'round' AND f.round_ref = r.id
          LEFT JOIN settlement_feed_consumers c ON c.name = 'missions'
          WHERE r.status = 'settled'
            ${appliedOnly ? sql`AND c.name IS NOT NULL AND (f.xid, f.id) <= (c.last_xid, c.last_id)` : sql``}
        ),
        expected AS (
          SELECT 'CRASHR' AS code, member_id, local_day AS period_start, count(*)::bigint AS progress
          FROM rounds GROUP BY member_id, local_day
          UNION ALL
          SELECT 'CRASHW', member_id, local_day - (extract(isodow FROM local_day)::integer - 1),
                 sum(valid_bet_minor)::bigint
          FROM rounds GROUP BY 2, 3
        ),
        actual AS (
          SELECT ms.code, p.member_id, p.period_start, p.progress
          FROM mission_progress p JOIN missions ms ON ms.id = p.mission_id
          WHERE ms.code IN ('CRASHR', 'CRASHW')
        )
        SELECT coalesce(e.code, a.code) || ' ' || coalesce(e.member_id, a.member_id) || ' '
               || coalesce(e.period_start, a.period_start) || ': ' || coalesce(e.progress, 0) || ' expected, '
               || coalesce(a.progress, 0) || ' counted' AS problem
        FROM expected e
        FULL JOIN actual a ON a.code = e.code AND a.member_id = e.member_id AND a.period_start = e.period_start
        WHERE coalesce(e.progress, 0) <> coalesce(a.progress, 0)`,
  );
  expect(rows.map((row) => row.problem)).toEqual([]);
}

describe(MissionService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('counts each round once when the missions consumer is killed with SIGKILL mid-batch and restarted', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('missions');
    cleanups.push(database.remove);
    const { options, env } = database;

    // A rounds and a wager mission, and settled rounds of many members in a LIVE, an RNG and a SPORTS game, written
    // into the feed by the trigger, for the server's consumers to take in at its start.
    let handle = database.handle;
    await handle.db.execute(sql`
      INSERT INTO game_vendors (code, name, game_types, wallet_secret) VALUES
        ('PTSA', 'Missions vendor A', '{RNG,LIVE}', 'unused'), ('PTSB', 'Missions vendor B', '{SPORTS}', 'unused')`);
    await handle.db.execute(sql`
      INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
      SELECT v.id, g.code, g.code, lower(g.code), g.game_type
      FROM (VALUES ('PTSA', 'PA1', 'RNG'), ('PTSA', 'PA2', 'LIVE'), ('PTSB', 'PB1', 'SPORTS')) g (vendor, code, game_type)
      JOIN game_vendors v ON v.code = g.vendor`);
    await handle.db.execute(sql`
      INSERT INTO missions (merchant_id, code, title_ko, title_en, goal, target, period, reward_minor)
      SELECT id, c.code, c.code, c.code, c.goal, 1000000000, c.period, 1
      FROM merchants, (VALUES ('CRASHR', 'rounds', 'daily'), ('CRASHW', 'wager', 'weekly')) c (code, goal, period)
      WHERE merchants.code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO members (merchant_id, account)
      SELECT m.id, 'missionplayer' || n FROM merchants m, generate_series(1, ${MEMBERS}) n WHERE m.code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                               win_minor, valid_bet_minor, status, started_at, settled_at)
      SELECT g.vendor_id, 'missions-' || n, p.merchant_id, p.id, g.id, g.code, 'KRW', 100 + n % 37, 0,
             100 + n % 37, 'settled', now() - (n * interval '194 seconds'), now() - (n * interval '194 seconds')
      FROM generate_series(1, ${ROUNDS}) n
      JOIN (SELECT id, merchant_id, row_number() OVER (ORDER BY id) - 1 AS k FROM members
            WHERE account LIKE 'missionplayer%') p ON p.k = (n * 7) % ${MEMBERS}
      JOIN (SELECT id, vendor_id, code, row_number() OVER (ORDER BY id) - 1 AS k FROM games
            WHERE code IN ('PA1', 'PA2', 'PB1')) g ON g.k = n % 3`);
    await handle.close();

    // Killed while the missions' consumer works through the backlog.
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

    // What was committed is whole: each member's progress is exactly that of the rounds up to the checkpoint.
    handle = await openDatabase(options);
    try {
      const checkpoint = await query(
        handle.db,
        sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'missions'`,
      );
      expect(toNumber(checkpoint[0]?.['applied'] ?? 0)).toBeLessThan(ROUNDS);
      await expectProgressOfRounds(handle, true);
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
        sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'missions'`,
      );
      expect(toNumber(checkpoint[0]?.['applied'])).toBe(ROUNDS);
      await expectProgressOfRounds(handle, false);
    } finally {
      await handle.close();
    }
  }, 600_000);
});
