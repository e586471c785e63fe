import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createCrashDatabase, freePort, startServer, feedBehind, pollPause } from '../../test/crash-server';
import { VipService } from './vip.service';

const ROUNDS = 3_000;
const MEMBERS = 100;
/** Reach by valid bets alone; the upgrade bonus of each level. */
const LEVELS = [
  { rank: 0, reach: 0, bonus: 0 },
  { rank: 1, reach: 1_500, bonus: 50 },
  { rank: 2, reach: 3_000, bonus: 200 },
];

const behind = (port: number) => feedBehind(port, 'vip');
const poll = pollPause;

/**
 * What was committed is whole: the members' days hold exactly the valid bets of the rounds the checkpoint passed
 * (all of them when `appliedOnly` is false); each member's rank is the highest level those figures reach; each
 * level passed paid its bonus once, in the ledger and in vip_bonuses alike, and the changes add up to the same.
 */
async function expectWhole(handle: DatabaseHandle, appliedOnly: boolean): Promise<void> {
  const rows = await query<{ id: unknown; rank_level: unknown; expected: unknown; counted: unknown }>(
    handle.db,
    sql`WITH bets AS (
          SELECT r.member_id, sum(r.valid_bet_minor) AS expected
          FROM game_rounds r
          JOIN settlement_feed f ON f.kind = 'round' AND f.round_ref = r.id
          LEFT JOIN settlement_feed_consumers c ON c.name = 'vip'
          WHERE r.status = 'settled'
            ${appliedOnly ? sql`AND c.name IS NOT NULL AND (f.xid, f.id) <= (c.last_xid, c.last_id)` : sql``}
          GROUP BY r.member_id
        )
        SELECT m.id, m.rank_level, coalesce(b.expected, 0) AS expected,
               (SELECT coalesce(sum(valid_bet_minor), 0) FROM vip_member_days d WHERE d.member_id = m.id) AS counted
        FROM members m LEFT JOIN bets b ON b.member_id = m.id
        WHERE m.account LIKE 'vipplayer%'`,
  );
  expect(rows).toHaveLength(MEMBERS);
  const wrong = rows.filter((row) => {
    const counted = toNumber(row.counted);
    const reached = Math.max(...LEVELS.filter((level) => level.reach <= counted).map((level) => level.rank));
    return toNumber(row.expected) !== counted || toNumber(row.rank_level) !== reached;
  });
  expect(wrong).toEqual([]);
  const bonuses = await query<{
    member_id: unknown;
    ledger: unknown;
    keys: unknown;
    paid: unknown;
    changes: unknown;
    due: unknown;
  }>(
    handle.db,
    sql`SELECT m.id AS member_id,
               (SELECT coalesce(sum(amount_minor), 0) FROM wallet_movements w
                WHERE w.member_id = m.id AND w.kind = 'vip_bonus') AS ledger,
               (SELECT count(DISTINCT idempotency_key) FROM wallet_movements w
                WHERE w.member_id = m.id AND w.kind = 'vip_bonus') AS keys,
               (SELECT coalesce(sum(amount_minor), 0) FROM vip_bonuses b WHERE b.member_id = m.id) AS paid,
               (SELECT coalesce(sum(bonus_minor), 0) FROM vip_level_changes c WHERE c.member_id = m.id) AS changes,
               CASE m.rank_level WHEN 2 THEN 250 WHEN 1 THEN 50 ELSE 0 END AS due
        FROM members m WHERE m.account LIKE 'vipplayer%'`,
  );
  const unpaid = bonuses.filter(
    (row) =>
      toNumber(row.ledger) !== toNumber(row.due) ||
      toNumber(row.paid) !== toNumber(row.due) ||
      toNumber(row.changes) !== toNumber(row.due) ||
      toNumber(row.keys) !== LEVELS.filter((level) => level.bonus > 0 && level.bonus <= toNumber(row.due)).length,
  );
  expect(unpaid).toEqual([]);
}

describe(VipService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('counts each round once and pays each upgrade bonus once when killed with SIGKILL mid-batch', async () => {
    const database = await createCrashDatabase('vip');
    cleanups.push(database.remove);
    let handle = database.handle;
    await handle.db.execute(sql`
      INSERT INTO game_vendors (code, name, game_types, wallet_secret) VALUES ('VIPA', 'VIP vendor', '{RNG}', 'unused')`);
    await handle.db.execute(sql`
      INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
      SELECT v.id, 'VA1', 'VA1', 'va1', 'RNG' FROM game_vendors v WHERE v.code = 'VIPA'`);
    for (const level of LEVELS) {
      await handle.db.execute(sql`
        INSERT INTO vip_levels (merchant_id, rank_level, name, reach_valid_bet_minor, upgrade_bonus_minor)
        SELECT id, ${level.rank}, ${`L${level.rank}`}, ${level.reach}, ${level.bonus} FROM merchants WHERE code = 'parlay'`);
    }
    await handle.db.execute(sql`
      INSERT INTO members (merchant_id, account)
      SELECT m.id, 'vipplayer' || n FROM merchants m, generate_series(1, ${MEMBERS}) n WHERE m.code = 'parlay'`);
    // About 30 rounds of 100 to 136 a member over the last week: most reach level 1 on the way, many level 2.
    await handle.db.execute(sql`
      INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                               win_minor, valid_bet_minor, status, started_at, settled_at)
      SELECT g.vendor_id, 'vip-' || n, p.merchant_id, p.id, g.id, g.code, 'KRW', 100 + n % 37, 0,
             100 + n % 37, 'settled', now() - (n * interval '194 seconds'), now() - (n * interval '194 seconds')
      FROM generate_series(1, ${ROUNDS}) n
      JOIN (SELECT id, merchant_id, row_number() OVER (ORDER BY id) - 1 AS k FROM members
            WHERE account LIKE 'vipplayer%') p ON p.k = (n * 7) % ${MEMBERS}
      CROSS JOIN (SELECT id, vendor_id, code FROM games WHERE code = 'VA1') g`);
    await handle.close();

    // Killed while the VIP consumer works through the backlog.
    const port = await freePort();
    const server = startServer(database.env, port);
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

    handle = await openDatabase(database.options);
    try {
      const checkpoint = await query(handle.db, sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'vip'`);
      expect(toNumber(checkpoint[0]?.['applied'] ?? 0)).toBeLessThan(ROUNDS);
      await expectWhole(handle, true);
    } finally {
      await handle.close();
    }

    // Restarted, the server catches up from its checkpoint: each round counted once, each bonus paid once.
    const again = startServer(database.env, port);
    cleanups.push(async () => {
      again.kill('SIGKILL');
    });
    for (let attempt = 0; attempt < 6_000 && (await behind(port)) !== 0; attempt += 1) await poll();
    expect(await behind(port)).toBe(0);
    again.kill('SIGTERM');
    await new Promise((resolve) => again.once('exit', resolve));

    handle = await openDatabase(database.options);
    try {
      const checkpoint = await query(handle.db, sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'vip'`);
      expect(toNumber(checkpoint[0]?.['applied'])).toBe(ROUNDS);
      await expectWhole(handle, false);
      const raised = await query(handle.db, sql`SELECT count(*) AS n FROM members WHERE rank_level = 2`);
      expect(toNumber(raised[0]?.['n'])).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  }, 600_000);
});
