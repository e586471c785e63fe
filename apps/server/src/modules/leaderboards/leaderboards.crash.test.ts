import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createCrashDatabase, freePort, pollPause, startServer } from '../../test/crash-server';
import { booksBreaks, prizeBreaks } from './leaderboards.fixtures';
import { LeaderboardService } from './leaderboards.service';

const PERIODS = 400;
const MEMBERS = 30;
const PRIZES = [800, 500, 300, 200, 100, 50, 20, 10];

/** Leaderboards' finished periods not paid, as the server's /metrics gives them; undefined while it does not answer. */
async function periodsWaiting(port: number): Promise<number | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const line = text.split('\n').find((entry) => entry.startsWith('parlay_leaderboard_periods_waiting '));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  } catch {
    return undefined;
  }
}

/** What was paid: periods, movements, and every paid period whole (each of its ranks paid, by rank). */
async function expectWholePeriods(handle: DatabaseHandle): Promise<{ periods: number; movements: number }> {
  expect(await prizeBreaks(handle.db)).toEqual([]);
  const members = await query<{ id: unknown }>(
    handle.db,
    sql`SELECT id FROM members WHERE account LIKE 'boardplayer%'`,
  );
  expect(
    await booksBreaks(
      handle.db,
      members.map((row) => toNumber(row.id)),
    ),
  ).toEqual([]);
  const wrong = await query<{ problem: string }>(
    handle.db,
    sql`SELECT p.period_start::text || ': ' || p.ranked || ' ranks paid' AS problem
        FROM leaderboard_periods p
        WHERE p.ranked <> ${PRIZES.length}
           OR p.paid_minor <> ${PRIZES.reduce((sum, prize) => sum + prize, 0)}
           OR EXISTS (SELECT 1 FROM leaderboard_payouts o
                      JOIN leaderboard_scores s ON s.leaderboard_id = o.leaderboard_id
                       AND s.period_start = o.period_start AND s.member_id = o.member_id
                      WHERE o.leaderboard_id = p.leaderboard_id AND o.period_start = p.period_start
                        AND o.rank <> (SELECT count(*) + 1 FROM leaderboard_scores b
                                       WHERE b.leaderboard_id = s.leaderboard_id AND b.period_start = s.period_start
                                         AND (b.score > s.score OR (b.score = s.score AND (b.reached_at < s.reached_at
                                              OR (b.reached_at = s.reached_at AND b.member_id < s.member_id))))))`,
  );
  expect(wrong.map((row) => row.problem)).toEqual([]);
  const [counts] = await query<{ periods: unknown; movements: unknown }>(
    handle.db,
    sql`SELECT (SELECT count(*) FROM leaderboard_periods) AS periods,
               (SELECT count(*) FROM wallet_movements WHERE kind = 'leaderboard') AS movements`,
  );
  return { periods: toNumber(counts?.periods), movements: toNumber(counts?.movements) };
}

describe(LeaderboardService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('pays each prize once when the payout is killed with SIGKILL mid-way and restarted', async () => {
    // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
    const database = await createCrashDatabase('leaderboards');
    cleanups.push(database.remove);
    const { options, env } = database;

    // A daily board with 400 finished days of scores (the payout is under test here; the consumer's scoring is the
    // feed's, whose SIGKILL test is the missions' and the reports'): 30 members a day, 8 prizes each.
    let handle = database.handle;
    await handle.db.execute(sql`
      INSERT INTO leaderboards (merchant_id, code, title_ko, title_en, measure, period, prizes_minor, starts_at)
      SELECT id, 'CRASHLB', 'CRASHLB', 'CRASHLB', 'valid_bet', 'daily', ${`{${PRIZES.join(',')}}`}::bigint[],
             now() - interval '500 days'
      FROM merchants WHERE code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO members (merchant_id, account)
      SELECT m.id, 'boardplayer' || n FROM merchants m, generate_series(1, ${MEMBERS}) n WHERE m.code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO leaderboard_scores (leaderboard_id, period_start, member_id, merchant_id, score, reached_at)
      SELECT l.id, current_date - 2 - d, p.id, p.merchant_id, 100 + (p.id * 7 + d * 13) % 50,
             (current_date - 2 - d)::timestamptz + make_interval(secs => p.id % 11)
      FROM leaderboards l, generate_series(0, ${PERIODS - 1}) d,
           (SELECT id, merchant_id FROM members WHERE account LIKE 'boardplayer%') p
      WHERE l.code = 'CRASHLB'`);
    await handle.close();

    // Killed a second later each time, from its start, until a kill lands while the payout works through the periods
    // (the server may be busy starting, or done, at a given moment: the machine's speed decides). After each kill what
    // was committed is whole: each period paid has all its ranks, by rank, each once.
    const port = await freePort();
    let killedMidWay = false;
    let paid = { periods: 0, movements: 0 };
    for (let wait = 1_000; paid.periods < PERIODS && wait <= 60_000; wait += 1_000) {
      const server = startServer(env, port);
      cleanups.push(async () => {
        server.kill('SIGKILL');
      });
      await new Promise((resolve) => setTimeout(resolve, wait));
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      handle = await openDatabase(options);
      try {
        const before = paid.periods;
        paid = await expectWholePeriods(handle);
        expect(paid.periods).toBeGreaterThanOrEqual(before);
        expect(paid.movements).toBe(paid.periods * PRIZES.length);
        if (paid.periods > before && paid.periods < PERIODS) killedMidWay = true;
      } finally {
        await handle.close();
      }
      if (killedMidWay) break;
    }
    expect(killedMidWay).toBe(true);

    // Restarted, the payout pays what is left, once.
    const again = startServer(env, port);
    cleanups.push(async () => {
      again.kill('SIGKILL');
    });
    for (let attempt = 0; attempt < 6_000 && (await periodsWaiting(port)) !== 0; attempt += 1) await pollPause();
    expect(await periodsWaiting(port)).toBe(0);
    again.kill('SIGTERM');
    await new Promise((resolve) => again.once('exit', resolve));

    handle = await openDatabase(options);
    try {
      expect(await expectWholePeriods(handle)).toEqual({ periods: PERIODS, movements: PERIODS * PRIZES.length });
    } finally {
      await handle.close();
    }
  }, 600_000);
});
