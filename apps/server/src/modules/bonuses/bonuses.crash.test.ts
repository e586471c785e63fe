import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createCrashDatabase, freePort, startServer, feedBehind, pollPause } from '../../test/crash-server';
import { BonusService } from './bonuses.service';

const ROUNDS = 3_000;
const MEMBERS = 60;
/** Each member's first bonus needs this much counted; the rest spills into the second. */
const FIRST_REQUIRED = 20_000;
const SECOND_REQUIRED = 10_000_000;

const behind = (port: number) => feedBehind(port, 'bonuses');
const poll = pollPause;

/**
 * Each member's wagering as a reader works it out from the rounds (RNG counts whole, LIVE a tenth, floored per
 * round) over the rounds the bonuses' checkpoint has passed, or all of them: the first bonus holds the first
 * FIRST_REQUIRED of it (completed once full), the second the rest.
 */
async function expectWageringOfRounds(handle: DatabaseHandle, appliedOnly: boolean): Promise<void> {
  const rows = await query<{ member_id: unknown; counted: unknown; first: unknown; second: unknown; status: string }>(
    handle.db,
    sql`WITH counted AS (
          SELECT r.member_id,
                 sum(floor(r.valid_bet_minor * CASE g.game_type WHEN 'RNG' THEN 10000 WHEN 'LIVE' THEN 1000 ELSE 0 END
                   / 10000.0)) AS counted
          FROM game_rounds r
          JOIN games g ON g.id = r.game_id
          JOIN settlement_feed f ON f.kind = 'round' AND f.round_ref = r.id
          LEFT JOIN settlement_feed_consumers c ON c.name = 'bonuses'
          WHERE r.status = 'settled'
            ${appliedOnly ? sql`AND c.name IS NOT NULL AND (f.xid, f.id) <= (c.last_xid, c.last_id)` : sql``}
          GROUP BY r.member_id
        )
        SELECT m.id AS member_id, coalesce(c.counted, 0) AS counted,
               (SELECT wagering_done_minor FROM member_bonuses b WHERE b.member_id = m.id ORDER BY b.id LIMIT 1) AS first,
               (SELECT wagering_done_minor FROM member_bonuses b WHERE b.member_id = m.id ORDER BY b.id DESC LIMIT 1)
                 AS second,
               (SELECT status FROM member_bonuses b WHERE b.member_id = m.id ORDER BY b.id LIMIT 1) AS status
        FROM members m LEFT JOIN counted c ON c.member_id = m.id
        WHERE m.account LIKE 'bonusplayer%'`,
  );
  expect(rows).toHaveLength(MEMBERS);
  const wrong = rows.filter((row) => {
    const counted = toNumber(row.counted);
    const first = Math.min(counted, FIRST_REQUIRED);
    return (
      toNumber(row.first) !== first ||
      toNumber(row.second) !== Math.min(counted - first, SECOND_REQUIRED) ||
      row.status !== (first === FIRST_REQUIRED ? 'completed' : 'active')
    );
  });
  expect(wrong).toEqual([]);
}

describe(BonusService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('counts each round once into the wagering when killed with SIGKILL mid-batch and restarted', async () => {
    const database = await createCrashDatabase('bonuses');
    cleanups.push(database.remove);
    const { options, env } = database;

    // Members with two active bonuses each (paid a day ago), and settled rounds of an RNG and a LIVE game since,
    // written into the feed by the trigger for the server's consumers to take in at its start.
    let handle = database.handle;
    await handle.db.execute(sql`
      INSERT INTO game_vendors (code, name, game_types, wallet_secret)
      VALUES ('BNSA', 'Bonus vendor A', '{RNG,LIVE}', 'unused')`);
    await handle.db.execute(sql`
      INSERT INTO games (vendor_id, code, game_name, name_key, game_type)
      SELECT v.id, g.code, g.code, lower(g.code), g.game_type
      FROM (VALUES ('BNSA', 'BA1', 'RNG'), ('BNSA', 'BA2', 'LIVE')) g (vendor, code, game_type)
      JOIN game_vendors v ON v.code = g.vendor`);
    await handle.db.execute(sql`
      INSERT INTO members (merchant_id, account)
      SELECT m.id, 'bonusplayer' || n FROM merchants m, generate_series(1, ${MEMBERS}) n WHERE m.code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO promotions (merchant_id, code, kind, title_ko, title_en, rules)
      SELECT id, 'CRASHTEST' || k, 'deposit_bonus', '테스트', 'Test', '{}'::jsonb
      FROM merchants, generate_series(1, 2) k WHERE code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO member_bonuses (merchant_id, member_id, promotion_id, source, currency, amount_minor,
        wagering_required_minor, contribution_bp, idempotency_key, expires_at, created_at)
      SELECT m.merchant_id, m.id, p.id, 'deposit', 'KRW', 1000, req.required, '{"RNG":10000,"LIVE":1000}'::jsonb,
             'crash:' || m.id || ':' || req.k, now() + interval '30 days', now() - interval '1 day'
      FROM members m
      CROSS JOIN (VALUES (1, ${FIRST_REQUIRED}::bigint), (2, ${SECOND_REQUIRED}::bigint)) req (k, required)
      JOIN promotions p ON p.code = 'CRASHTEST' || req.k AND p.merchant_id = m.merchant_id
      WHERE m.account LIKE 'bonusplayer%'
      ORDER BY m.id, req.k`);
    await handle.db.execute(sql`
      INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor,
                               win_minor, valid_bet_minor, status, started_at, settled_at)
      SELECT g.vendor_id, 'bonus-' || n, p.merchant_id, p.id, g.id, g.code, 'KRW', 100 + n % 997, 0,
             100 + n % 997, 'settled', now() - (n * interval '20 seconds'), now() - (n * interval '20 seconds')
      FROM generate_series(1, ${ROUNDS}) n
      JOIN (SELECT id, merchant_id, row_number() OVER (ORDER BY id) - 1 AS k FROM members
            WHERE account LIKE 'bonusplayer%') p ON p.k = (n * 7) % ${MEMBERS}
      JOIN (SELECT id, vendor_id, code, row_number() OVER (ORDER BY id) - 1 AS k FROM games
            WHERE code IN ('BA1', 'BA2')) g ON g.k = n % 2`);
    await handle.close();

    // Killed while the bonuses' consumer works through the backlog.
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

    // What was committed is whole: each bonus holds exactly the wagering of the rounds up to the checkpoint.
    handle = await openDatabase(options);
    try {
      const checkpoint = await query(
        handle.db,
        sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'bonuses'`,
      );
      expect(toNumber(checkpoint[0]?.['applied'] ?? 0)).toBeLessThan(ROUNDS);
      await expectWageringOfRounds(handle, true);
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
        sql`SELECT applied FROM settlement_feed_consumers WHERE name = 'bonuses'`,
      );
      expect(toNumber(checkpoint[0]?.['applied'])).toBe(ROUNDS);
      await expectWageringOfRounds(handle, false);
    } finally {
      await handle.close();
    }
  }, 600_000);
});
