import { hashServerSeed } from '@parlay/fairness';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Executor } from '../../db/client';

/** Test fixtures of raffles: raffles at given times, credited deposits, the draw job stopped, the money checks. */

/** The seed of the test raffles: known, so that a test recomputes the winners. */
export const TEST_RAFFLE_SEED = '3f5c8e2a9b7d4c1e6f0a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70';

const HOUR = 3_600_000;
let serial = 0;

export interface TestRaffle {
  code?: string;
  saleStartsAt?: Date;
  saleEndsAt?: Date;
  drawAt?: Date;
  depositStepMinor?: number | null;
  betStepMinor?: number | null;
  maxTicketsPerMember?: number;
  prizes?: number[];
  active?: boolean;
  seed?: string;
}

/**
 * Writes a raffle straight into the tables (the back office's checks are its routes' tests), on sale from an hour ago
 * for a day by default: one ticket per 1,000 of deposits and per 100 of valid bets, at most 50, prizes 5,000 and
 * 1,000. Its id.
 */
export async function insertTestRaffle(db: Executor, merchantId: number, raffle: TestRaffle = {}): Promise<number> {
  serial += 1;
  const now = Date.now();
  const starts = raffle.saleStartsAt ?? new Date(now - HOUR);
  const ends = raffle.saleEndsAt ?? new Date(now + 24 * HOUR);
  const drawAt = raffle.drawAt ?? ends;
  const seed = raffle.seed ?? TEST_RAFFLE_SEED;
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO promotions (merchant_id, code, kind, category, title_ko, title_en, rules, starts_at, ends_at, active)
        VALUES (${merchantId}, ${raffle.code ?? `R${process.pid}X${serial}`}, 'raffle', 'raffle', '테스트 래플',
                'Test raffle', '{}'::jsonb, ${starts.toISOString()}::timestamptz, ${ends.toISOString()}::timestamptz,
                ${raffle.active ?? true})
        RETURNING id`,
  );
  const id = toNumber(rows[0]?.id);
  const prizes = raffle.prizes ?? [5_000, 1_000];
  await query(
    db,
    sql`INSERT INTO raffles (promotion_id, merchant_id, draw_at, deposit_step_minor, bet_step_minor,
                             max_tickets_per_member, prizes, server_seed, seed_hash)
        VALUES (${id}, ${merchantId}, ${drawAt.toISOString()}::timestamptz,
                ${raffle.depositStepMinor === undefined ? 1_000 : raffle.depositStepMinor},
                ${raffle.betStepMinor === undefined ? 100 : raffle.betStepMinor}, ${raffle.maxTicketsPerMember ?? 50},
                ${`{${prizes.join(',')}}`}::bigint[], ${seed}, ${hashServerSeed(seed)})`,
  );
  return id;
}

/**
 * Ends a raffle's sale now and makes its draw due (what time would do). The draw time a second back: the draw compares
 * it with the process's clock in milliseconds, PostgreSQL's now() has microseconds.
 */
export async function endSale(db: Executor, raffleId: number): Promise<void> {
  await query(db, sql`UPDATE promotions SET ends_at = now() WHERE id = ${raffleId}`);
  await query(db, sql`UPDATE raffles SET draw_at = now() - interval '1 second' WHERE promotion_id = ${raffleId}`);
}

/** A credited deposit (amount and fee) at `at`, as the cashier leaves it; no money moves (tickets read the row). */
export async function creditedDeposit(
  db: Executor,
  deposit: { merchantId: number; memberId: number; amountMinor: number; feeMinor?: number; at?: Date },
): Promise<void> {
  serial += 1;
  const at = (deposit.at ?? new Date()).toISOString();
  await query(
    db,
    sql`INSERT INTO cashier_deposits (order_no, merchant_id, member_id, method_id, method_kind, currency, amount_minor,
                                      fee_minor, state, movement_id, expires_at, credited_at)
        SELECT ${`RT${process.pid}-${serial}`}, ${deposit.merchantId}, ${deposit.memberId}, id, kind, 'KRW',
               ${deposit.amountMinor}, ${deposit.feeMinor ?? 0}, 'credited', 0, ${at}::timestamptz, ${at}::timestamptz
        FROM cashier_methods ORDER BY id LIMIT 1`,
  );
}

/** Stops the background draw job, so that a test draws when it says. */
export async function stopRaffleJobs(app: App): Promise<void> {
  await app.housekeeping.raffleDraw?.stop();
}

/**
 * Raffles' money, as a reader checks it: each winner row has exactly one wallet movement of kind raffle with its key
 * and prize, and no raffle movement lacks its winner row. What breaks it.
 */
export async function prizeBreaks(db: Executor): Promise<string[]> {
  const rows = await query<{ key: string; problem: string }>(
    db,
    sql`WITH won AS (
          SELECT 'raffle:' || raffle_id || ':' || rank AS key, prize_minor, movement_id, member_id FROM raffle_winners
        )
        SELECT c.key, 'no movement or another amount' AS problem
        FROM won c
        LEFT JOIN wallet_movements w ON w.idempotency_key = c.key AND w.kind = 'raffle' AND w.id = c.movement_id
          AND w.member_id = c.member_id
        WHERE w.id IS NULL OR w.amount_minor <> c.prize_minor
        UNION ALL
        SELECT w.idempotency_key, 'movement without a winner row'
        FROM wallet_movements w
        LEFT JOIN won c ON c.key = w.idempotency_key
        WHERE w.kind = 'raffle' AND c.key IS NULL`,
  );
  return rows.map((row) => `${row.key}: ${row.problem}`);
}

/**
 * The books of raffles, as an auditor checks them: each raffle movement's entries sum to zero (the house the other
 * side), and each winner's member account holds the sum of its entries. What breaks it.
 */
export async function booksBreaks(db: Executor): Promise<string[]> {
  const rows = await query<{ problem: string }>(
    db,
    sql`SELECT 'movement ' || w.id || ' sums to ' || sum(e.amount_minor) AS problem
        FROM wallet_movements w JOIN ledger_entries e ON e.movement_id = w.id
        WHERE w.kind = 'raffle'
        GROUP BY w.id HAVING sum(e.amount_minor) <> 0
        UNION ALL
        SELECT 'account ' || a.id || ' holds ' || a.balance_minor || ', its entries ' || coalesce(sum(e.amount_minor), 0)
        FROM wallet_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        WHERE a.owner_type = 'member' AND a.member_id IN (SELECT member_id FROM raffle_winners)
        GROUP BY a.id HAVING a.balance_minor <> coalesce(sum(e.amount_minor), 0)`,
  );
  return rows.map((row) => row.problem);
}

/** The sum of a member's raffle movements. */
export async function prizesPaidTo(db: Executor, memberId: number): Promise<number> {
  const rows = await query<{ total: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0) AS total FROM wallet_movements
        WHERE member_id = ${memberId} AND kind = 'raffle'`,
  );
  return toNumber(rows[0]?.total);
}
