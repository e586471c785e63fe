import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { aggregatesOf, readAggregates, sorted, type ScannedRound } from './reports.fixtures';
import { ReportsService } from './reports.service';
import { createCrashDatabase, freePort, startServer, feedBehind, pollPause } from '../../test/crash-server';

const ROUNDS = 4_000;
const MEMBERS = 300;
const KILLS = 2;

const behind = (port: number) => feedBehind(port, 'reports');
const poll = pollPause;

/** Settled rounds with their feed position, joined to what the checkpoint says was applied. */
async function scanRounds(handle: DatabaseHandle, appliedOnly: boolean): Promise<ScannedRound[]> {
  const rows = await query(
    handle.db,
    sql`SELECT r.merchant_id, r.member_id, r.vendor_id, coalesce(r.game_id, 0) AS game_id, coalesce(g.game_type, '') AS game_type,
               r.stake_minor, r.valid_bet_minor, r.win_minor, r.settled_at, m.time_zone
        FROM game_rounds r
        JOIN merchants m ON m.id = r.merchant_id
        LEFT JOIN games g ON g.id = r.game_id
        JOIN settlement_feed f ON f.kind = 'round' AND f.round_ref = r.id
        LEFT JOIN settlement_feed_consumers c ON c.name = 'reports'
        WHERE r.status = 'settled'
          ${appliedOnly ? sql`AND c.name IS NOT NULL AND (f.xid, f.id) <= (c.last_xid, c.last_id)` : sql``}`,
  );
  return rows.map((row) => ({
    merchantId: toNumber(row['merchant_id']),
    memberId: toNumber(row['member_id']),
    vendorId: toNumber(row['vendor_id']),
    gameId: toNumber(row['game_id']),
    gameType: String(row['game_type']),
    stake: toNumber(row['stake_minor']),
    validBet: toNumber(row['valid_bet_minor']),
    payout: toNumber(row['win_minor']),
    settledAt: new Date(toIso(row['settled_at'])),
    timeZone: String(row['time_zone']),
  }));
}

async function expectAggregatesOf(handle: DatabaseHandle, appliedOnly: boolean): Promise<void> {
  const rounds = await scanRounds(handle, appliedOnly);
  const { expected } = aggregatesOf(rounds, [], new Map());
  const stored = await readAggregates(handle.db);
  expect(sorted(stored.gameDays)).toEqual(sorted(expected.gameDays));
  expect(sorted(stored.vendorDays)).toEqual(sorted(expected.vendorDays));
  expect(sorted(stored.gameHours)).toEqual(sorted(expected.gameHours));
  expect(sorted(stored.brandDays)).toEqual(sorted(expected.brandDays));
  expect(sorted(stored.players)).toEqual(sorted(expected.players));
}

describe(ReportsService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('leaves the aggregates whole when the consumer is killed with SIGKILL mid-batch, and catches up after', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('reports');
    cleanups.push(database.remove);
    const { options, env } = database;

    // The past of a brand: settled rounds of many members over 40 days in three games of two vendors, each
    // written into the feed by the trigger, for the server's consumer to take in at its start.
    let handle = database.handle;
    await handle.db.execute(sql`
      INSERT INTO game_vendors (code, name, game_types, wallet_secret) VALUES
        ('CRASHA', 'Crash vendor A', '{RNG,LIVE}', 'unused'), ('CRASHB', 'Crash vendor B', '{SPORTS}', 'unused')`);
    await handle.db.execute(sql`
      INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
      SELECT v.id, g.code, g.code, lower(g.code), g.game_type
      FROM (VALUES ('CRASHA', 'A1', 'RNG'), ('CRASHA', 'A2', 'LIVE'), ('CRASHB', 'B1', 'SPORTS')) g (vendor, code, game_type)
      JOIN game_vendors v ON v.code = g.vendor`);
    await handle.db.execute(sql`
      INSERT INTO members (merchant_id, account)
      SELECT m.id, 'crashplayer' || n FROM merchants m, generate_series(1, ${MEMBERS}) n WHERE m.code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                               win_minor, valid_bet_minor, status, started_at, settled_at)
      SELECT g.vendor_id, 'crash-' || n, p.merchant_id, p.id, g.id, g.code, 'KRW', 100 + n % 37, (n % 3) * 90,
             100 + n % 37, 'settled', now() - (n * interval '861 seconds'), now() - (n * interval '861 seconds')
      FROM generate_series(1, ${ROUNDS}) n
      JOIN (SELECT id, merchant_id, row_number() OVER (ORDER BY id) - 1 AS k FROM members WHERE account LIKE 'crashplayer%') p
        ON p.k = (n * 7) % ${MEMBERS}
      JOIN (SELECT id, vendor_id, code, row_number() OVER (ORDER BY id) - 1 AS k FROM games WHERE code IN ('A1', 'A2', 'B1')) g
        ON g.k = n % 3`);
    const fed = await query(handle.db, sql`SELECT count(*) AS n FROM settlement_feed`);
    expect(toNumber(fed[0]?.['n'])).toBe(ROUNDS);
    await handle.close();

    const port = await freePort();
    let previous = ROUNDS;
    for (let kill = 0; kill < KILLS; kill += 1) {
      const server = startServer(env, port);
      cleanups.push(async () => {
        server.kill('SIGKILL');
      });
      // Killed while the consumer is working through the backlog: it runs its batches back to back.
      let left: number | undefined;
      for (let attempt = 0; attempt < 6_000; attempt += 1) {
        left = await behind(port);
        if (left !== undefined && left > 0 && left < previous) break;
        await poll();
      }
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      expect(left).toBeGreaterThan(0);

      // What was committed is whole: the figures are exactly those of the rows up to the checkpoint.
      handle = await openDatabase(options);
      try {
        const checkpoint = await query(
          handle.db,
          sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'reports'`,
        );
        const applied = toNumber(checkpoint[0]?.['applied'] ?? 0);
        expect(applied).toBeLessThan(ROUNDS);
        previous = ROUNDS - applied;
        await expectAggregatesOf(handle, true);
      } finally {
        await handle.close();
      }
    }

    // Restarted, the server catches up from its checkpoint; then the figures are those of every round.
    const server = startServer(env, port);
    cleanups.push(async () => {
      server.kill('SIGKILL');
    });
    for (let attempt = 0; attempt < 6_000 && (await behind(port)) !== 0; attempt += 1) await poll();
    expect(await behind(port)).toBe(0);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));

    handle = await openDatabase(options);
    try {
      const checkpoint = await query(
        handle.db,
        sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'reports'`,
      );
      expect(toNumber(checkpoint[0]?.['applied'])).toBe(ROUNDS);
      await expectAggregatesOf(handle, false);
    } finally {
      await handle.close();
    }
  }, 600_000);
});
