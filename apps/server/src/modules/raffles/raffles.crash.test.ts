import { drawRaffleWinners, createServerSeed, hashServerSeed } from '@parlay/fairness';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createCrashDatabase, freePort, pollPause, startServer } from '../../test/crash-server';
import { booksBreaks, prizeBreaks } from './raffles.fixtures';
import { RaffleService } from './raffles.service';

// Enough entrants that each draw (counting their tickets, freezing the list) takes a while: the kill lands in one.
const RAFFLES = 16;
const MEMBERS = 2_000;
const DEPOSITS = 20_000;
const PRIZES = [5_000, 3_000, 2_000, 1_000, 500];

/** The open raffles past their draw time, as the server's /metrics gives them; undefined while it does not answer. */
async function rafflesDue(port: number): Promise<number | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const line = text.split('\n').find((entry) => entry.startsWith('parlay_raffles_due '));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  } catch {
    return undefined;
  }
}

/**
 * The crash raffles as a reader checks them: a drawn raffle is whole (its frozen list, its winners as the seed
 * recomputes them from that list, each prize's movement), an undrawn one untouched (no list, no winner, no movement).
 * What breaks it, and how many are drawn.
 */
async function checkRaffles(handle: DatabaseHandle): Promise<{ problems: string[]; drawn: number }> {
  const raffles = await query<{ id: unknown; status: string; server_seed: string; total: unknown }>(
    handle.db,
    sql`SELECT r.promotion_id AS id, r.status, r.server_seed, r.total_tickets AS total
        FROM raffles r JOIN promotions p ON p.id = r.promotion_id WHERE p.code LIKE 'CRASH%' ORDER BY 1`,
  );
  const problems: string[] = [];
  let drawn = 0;
  for (const raffle of raffles) {
    const id = toNumber(raffle.id);
    const entries = await query<{ tickets: unknown; entry: unknown }>(
      handle.db,
      sql`SELECT tickets, entry FROM raffle_entrants WHERE raffle_id = ${id} AND entry IS NOT NULL ORDER BY entry`,
    );
    const frozen = await query(
      handle.db,
      sql`SELECT 1 FROM raffle_entrants WHERE raffle_id = ${id} AND tickets IS NOT NULL`,
    );
    const winners = await query<{ rank: unknown; ticket: unknown; entry: unknown }>(
      handle.db,
      sql`SELECT rank, ticket, entry FROM raffle_winners WHERE raffle_id = ${id} ORDER BY rank`,
    );
    const paid = await query(
      handle.db,
      sql`SELECT 1 FROM wallet_movements WHERE kind = 'raffle' AND idempotency_key LIKE ${`raffle:${id}:%`}`,
    );
    if (raffle.status !== 'drawn') {
      if (frozen.length + winners.length + paid.length > 0) problems.push(`raffle ${id}: undrawn but written`);
      continue;
    }
    drawn += 1;
    const counts = entries.map((entry) => toNumber(entry.tickets));
    if (counts.reduce((sum, count) => sum + count, 0) !== toNumber(raffle.total)) problems.push(`raffle ${id}: total`);
    const expected = drawRaffleWinners({ seed: raffle.server_seed, raffleId: id, prizes: PRIZES.length, counts });
    const actual = winners.map(
      (winner) => `${toNumber(winner.rank)}:${toNumber(winner.ticket)}:${toNumber(winner.entry)}`,
    );
    if (actual.join() !== expected.map((pick) => `${pick.rank}:${pick.ticket}:${pick.entry}`).join()) {
      problems.push(`raffle ${id}: winners ${actual.join()} are not the seed's`);
    }
    if (paid.length !== winners.length || winners.length !== PRIZES.length) problems.push(`raffle ${id}: payments`);
  }
  return { problems: [...problems, ...(await prizeBreaks(handle.db)), ...(await booksBreaks(handle.db))], drawn };
}

describe(RaffleService.name, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('finishes the draws a SIGKILL interrupted on restart, each raffle drawn and each prize paid once', async () => {
    const database = await createCrashDatabase('raffles');
    cleanups.push(database.remove);
    const { options, env } = database;

    // Raffles due since a minute, each joined by many members with settled rounds in its sale window.
    let handle = database.handle;
    // Credited deposits rather than rounds: rounds would fill the settlement feed, whose consumers' catching up at the
    // server's start would keep /metrics waiting until the draws were over.
    await handle.db.execute(sql`
      INSERT INTO members (merchant_id, account)
      SELECT m.id, 'raffleplayer' || n FROM merchants m, generate_series(1, ${MEMBERS}) n WHERE m.code = 'parlay'`);
    await handle.db.execute(sql`
      INSERT INTO cashier_deposits (order_no, merchant_id, member_id, method_id, method_kind, currency, amount_minor,
                                    fee_minor, state, movement_id, expires_at, credited_at)
      SELECT 'RAFFLE-CRASH-' || n, p.merchant_id, p.id, c.id, c.kind, 'KRW', 100 + n % 37, 0, 'credited', 0,
             now() - interval '1 hour' - n * interval '1 second', now() - interval '1 hour' - n * interval '1 second'
      FROM generate_series(1, ${DEPOSITS}) n
      JOIN (SELECT id, merchant_id, row_number() OVER (ORDER BY id) - 1 AS k FROM members
            WHERE account LIKE 'raffleplayer%') p ON p.k = (n * 7) % ${MEMBERS}
      CROSS JOIN (SELECT id, kind FROM cashier_methods ORDER BY id LIMIT 1) c`);
    for (let index = 0; index < RAFFLES; index += 1) {
      const seed = createServerSeed();
      const rows = await query<{ id: unknown }>(
        handle.db,
        sql`INSERT INTO promotions (merchant_id, code, kind, category, title_ko, title_en, rules, starts_at, ends_at)
            SELECT id, ${`CRASH${index}`}, 'raffle', 'raffle', '래플', 'Raffle', '{}'::jsonb, now() - interval '1 day',
                   now() - interval '1 minute'
            FROM merchants WHERE code = 'parlay' RETURNING id`,
      );
      const id = toNumber(rows[0]?.id);
      await handle.db.execute(sql`
        INSERT INTO raffles (promotion_id, merchant_id, draw_at, deposit_step_minor, max_tickets_per_member, prizes,
                             server_seed, seed_hash)
        SELECT ${id}, merchant_id, now() - interval '1 minute', 50 + ${index}, 1000,
               ${`{${PRIZES.join(',')}}`}::bigint[], ${seed}, ${hashServerSeed(seed)}
        FROM promotions WHERE id = ${id}`);
      await handle.db.execute(sql`
        INSERT INTO raffle_entrants (raffle_id, member_id, joined_at)
        SELECT ${id}, id, now() - interval '2 hours' FROM members WHERE account LIKE 'raffleplayer%'`);
    }
    await handle.close();

    // Killed while the draw job works through the raffles due.
    const port = await freePort();
    const server = startServer(env, port);
    cleanups.push(async () => {
      server.kill('SIGKILL');
    });
    let left: number | undefined;
    for (let attempt = 0; attempt < 6_000; attempt += 1) {
      left = await rafflesDue(port);
      // Some drawn, some left: the job is on to the next draw (it lets requests in between two).
      if (left !== undefined && left < RAFFLES) break;
      await pollPause();
    }
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(left).toBeGreaterThan(0);

    // What was committed is whole: drawn raffles complete, the others untouched.
    handle = await openDatabase(options);
    try {
      const { problems, drawn } = await checkRaffles(handle);
      expect(problems).toEqual([]);
      expect(drawn).toBeLessThan(RAFFLES);
    } finally {
      await handle.close();
    }

    // Restarted, the server draws what is left at once: every raffle drawn, each prize paid once.
    const again = startServer(env, port);
    cleanups.push(async () => {
      again.kill('SIGKILL');
    });
    for (let attempt = 0; attempt < 6_000 && (await rafflesDue(port)) !== 0; attempt += 1) await pollPause();
    expect(await rafflesDue(port)).toBe(0);
    again.kill('SIGTERM');
    await new Promise((resolve) => again.once('exit', resolve));

    handle = await openDatabase(options);
    try {
      const { problems, drawn } = await checkRaffles(handle);
      expect(problems).toEqual([]);
      expect(drawn).toBe(RAFFLES);
      const paid = await query<{ n: unknown; total: unknown }>(
        handle.db,
        sql`SELECT count(*) AS n, sum(amount_minor) AS total FROM wallet_movements WHERE kind = 'raffle'`,
      );
      expect(toNumber(paid[0]?.n)).toBe(RAFFLES * PRIZES.length);
      expect(toNumber(paid[0]?.total)).toBe(RAFFLES * PRIZES.reduce((sum, prize) => sum + prize, 0));
    } finally {
      await handle.close();
    }
  }, 600_000);
});
