import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The demo member whose past this writes (README names the demo accounts). */
export const DEMO_MEMBER_ACCOUNT = 'demo';
/** Rounds the demo member played over its last 30 days. */
export const DEMO_MEMBER_ROUNDS = 120;
/** Every 17th of them its vendor rolled back: the stake came back as a refund and the round is cancelled. */
export const DEMO_MEMBER_REFUND_EVERY = 17;
/** The operators' credits before and during those days, in major units. */
const WELCOME_MAJOR = 300_000;
const BONUS_MAJOR = 50_000;

/**
 * The demo member's last 30 days, so that its account record, betting records and profit pages show real data on a
 * fresh `npm start`: an operator's welcome credit, rounds in a game of every category the brand lists (spread over
 * the categories, several games each), an event bonus, a few rounds their vendor rolled back, and, last, the
 * adjustment that brings the balance to what it was before the member's first movement (its demo funding). Written
 * as the wallet writes a round (as seed-history.ts does): each debit, credit and refund a movement with its two
 * entries and the member's balance after it, the vendor transactions that own them, the round settled or
 * cancelled; the trigger on game_rounds puts each settled round in the settlement feed for the reports.
 *
 * The days end just before the member's first movement, and net to the balance before it, so every balance after
 * (the history's and the later movements') follows from the one before in time. Set-based, in one transaction;
 * idempotent: a brand whose demo member has its past, that has no demo member or lists no game, is left as it is.
 * Returns the rounds written.
 */
export async function seedDemoMemberHistory(db: Database, merchantCode: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [brand] = await query<{ id: unknown; currency: string; exponent: unknown; member_id: unknown }>(
      tx,
      sql`SELECT b.id, b.currency, b.currency_exponent AS exponent, m.id AS member_id
          FROM merchants b JOIN members m ON m.merchant_id = b.id AND lower(m.account) = ${DEMO_MEMBER_ACCOUNT}
          WHERE b.code = ${merchantCode}`,
    );
    if (!brand) return 0;
    const merchantId = toNumber(brand.id);
    const memberId = toNumber(brand.member_id);
    const currency = brand.currency;
    const done = await query(
      tx,
      sql`SELECT 1 FROM game_rounds WHERE merchant_id = ${merchantId} AND round_id LIKE 'demo-m-%' LIMIT 1`,
    );
    const games = await query(
      tx,
      sql`SELECT 1 FROM merchant_games WHERE merchant_id = ${merchantId} AND top_level LIMIT 1`,
    );
    if (done.length > 0 || games.length === 0) return 0;
    const scale = 10 ** toNumber(brand.exponent);
    // A unit of stake in minor units: 1,000 won, or 10.00 of a currency with cents.
    const unit = 1_000;

    await query(
      tx,
      sql`INSERT INTO wallet_accounts (merchant_id, owner_type, currency)
          VALUES (${merchantId}, 'house', ${currency})
          ON CONFLICT (merchant_id, currency) WHERE owner_type = 'house' DO NOTHING`,
    );
    await query(
      tx,
      sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
          VALUES (${merchantId}, 'member', ${memberId}, ${currency}, 0)
          ON CONFLICT (member_id, currency) WHERE owner_type = 'member' DO NOTHING`,
    );
    // Where the past ends (just before the first movement, or now) and the balance it must end at.
    const [first] = await query<{ ends_at: unknown; before: unknown }>(
      tx,
      sql`SELECT coalesce(f.created_at, now()) - interval '10 minutes' AS ends_at,
                 coalesce(f.balance_after_minor - f.amount_minor, 0) AS before
          FROM (SELECT 1) one
          LEFT JOIN LATERAL (
            SELECT m.created_at, m.amount_minor, e.balance_after_minor
            FROM wallet_movements m
            JOIN ledger_entries e ON e.movement_id = m.id AND e.balance_after_minor IS NOT NULL
            WHERE m.member_id = ${memberId} AND m.currency = ${currency}
            ORDER BY m.created_at, m.id LIMIT 1) f ON true`,
    );
    const endsAt = sql`${first!.ends_at}::timestamptz`;
    const before = toNumber(first!.before);

    // One row per round: a game of category n % categories (the brand's categories in turn, several games each),
    // its time over the 28 days before the end, its stake and win.
    await query(
      tx,
      sql`CREATE TEMP TABLE demo_member_rounds ON COMMIT DROP AS
          WITH listed AS (
            SELECT mg.game_id, g.vendor_id, g.code, dense_rank() OVER (ORDER BY g.game_type) - 1 AS c,
                   row_number() OVER (PARTITION BY g.game_type ORDER BY mg.game_id) - 1 AS k,
                   count(*) OVER (PARTITION BY g.game_type) AS games
            FROM merchant_games mg JOIN games g ON g.id = mg.game_id
            WHERE mg.merchant_id = ${merchantId} AND mg.top_level),
          categories AS (SELECT max(c) + 1 AS count FROM listed)
          SELECT n, l.game_id, l.vendor_id, l.code AS game_code,
                 ${endsAt} - interval '28 days' + (interval '28 days' - interval '1 hour') * (((n * 919) % 1000) / 1000.0)
                   AS at,
                 ${unit}::bigint * (1 + (n * 13) % 20) AS stake,
                 CASE WHEN n % ${DEMO_MEMBER_REFUND_EVERY} = 0 THEN 0
                      WHEN n % 7 = 0 THEN ${unit}::bigint * (1 + (n * 13) % 20) * 3
                      WHEN n % 3 = 0 THEN ${unit}::bigint * (1 + (n * 13) % 20) * 3 / 2
                      WHEN n % 5 = 0 THEN ${unit}::bigint * (1 + (n * 13) % 20) / 2
                      ELSE 0 END AS win,
                 n % ${DEMO_MEMBER_REFUND_EVERY} = 0 AS refunded,
                 NULL::bigint AS debit_movement, NULL::bigint AS settle_movement
          FROM generate_series(1, ${DEMO_MEMBER_ROUNDS}) n
          CROSS JOIN categories
          JOIN listed l ON l.c = n % categories.count AND l.k = (n / categories.count) % l.games`,
    );
    // Every movement of the past in time order: the welcome credit, each round's debit, its win or its refund,
    // the bonus; then the adjustment to the balance before the first movement, if the rest does not end there.
    await query(
      tx,
      sql`CREATE TEMP TABLE demo_member_moves ON COMMIT DROP AS
          SELECT NULL::bigint AS id, kind, key, amount, at, reason FROM (
            SELECT 'adjustment' AS kind, 'seed-demo-member-welcome-' || ${memberId} AS key,
                   ${WELCOME_MAJOR * scale}::bigint AS amount, ${endsAt} - interval '29 days' AS at,
                   'Welcome credit' AS reason
            UNION ALL
            SELECT 'adjustment', 'seed-demo-member-bonus-' || ${memberId}, ${BONUS_MAJOR * scale}::bigint,
                   ${endsAt} - interval '12 days 2 hours', 'Event bonus'
            UNION ALL
            SELECT 'vendor_debit', 'vendor:' || vendor_id || ':demo-m-d' || n, -stake, at, NULL FROM demo_member_rounds
            UNION ALL
            SELECT 'vendor_credit', 'vendor:' || vendor_id || ':demo-m-c' || n, win, at + interval '5 seconds', NULL
            FROM demo_member_rounds WHERE win > 0
            UNION ALL
            SELECT 'vendor_rollback', 'vendor:' || vendor_id || ':demo-m-d' || n || '/rollback', stake,
                   at + interval '30 seconds', NULL
            FROM demo_member_rounds WHERE refunded
          ) moves`,
    );
    await query(
      tx,
      sql`INSERT INTO demo_member_moves (kind, key, amount, at, reason)
          SELECT 'adjustment', 'seed-demo-member-reset-' || ${memberId}, ${before}::bigint - sum(amount),
                 ${endsAt} - interval '1 minute', 'Demo balance reset'
          FROM demo_member_moves HAVING sum(amount) <> ${before}::bigint`,
    );
    // Ids from the sequence in time order (the sorted subquery kept apart by OFFSET 0), so a ledger read by id
    // reads the past in time too.
    await query(
      tx,
      sql`UPDATE demo_member_moves d SET id = o.id
          FROM (SELECT key, nextval('wallet_movements_id_seq') AS id
                FROM (SELECT key FROM demo_member_moves ORDER BY at, key OFFSET 0) sorted) o
          WHERE o.key = d.key`,
    );
    await query(
      tx,
      sql`INSERT INTO wallet_movements (id, merchant_id, kind, idempotency_key, member_id, currency, amount_minor,
                                        reason, created_at)
          SELECT id, ${merchantId}, kind, key, ${memberId}, ${currency}, amount, reason, at
          FROM demo_member_moves ORDER BY id`,
    );
    // Every movement's two entries in one statement (ledger_entries_balanced checks each sums to 0); the member's
    // carries the balance after it.
    await query(
      tx,
      sql`INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor, created_at)
          SELECT d.id, e.account_id, e.amount, e.balance_after, d.at
          FROM (SELECT id, amount, at, sum(amount) OVER (ORDER BY at, id) AS balance_after FROM demo_member_moves) d
          CROSS JOIN LATERAL (VALUES
            ((SELECT a.id FROM wallet_accounts a WHERE a.owner_type = 'member' AND a.member_id = ${memberId}
                AND a.currency = ${currency}), d.amount, d.balance_after, 0),
            ((SELECT h.id FROM wallet_accounts h WHERE h.owner_type = 'house' AND h.merchant_id = ${merchantId}
                AND h.currency = ${currency}), -d.amount, NULL::bigint, 1)) e (account_id, amount, balance_after, side)
          ORDER BY d.id, e.side`,
    );
    // The past nets to the balance before the first movement: 0 on a consistent ledger, so the balance stays.
    await query(
      tx,
      sql`UPDATE wallet_accounts SET balance_minor = balance_minor + ${before}::bigint, updated_at = now()
          WHERE owner_type = 'member' AND member_id = ${memberId} AND currency = ${currency} AND ${before}::bigint <> 0`,
    );
    await query(
      tx,
      sql`UPDATE demo_member_rounds r SET debit_movement = d.id
          FROM demo_member_moves d WHERE d.key = 'vendor:' || r.vendor_id || ':demo-m-d' || r.n`,
    );
    await query(
      tx,
      sql`UPDATE demo_member_rounds r SET settle_movement = s.id
          FROM demo_member_moves s
          WHERE s.key IN ('vendor:' || r.vendor_id || ':demo-m-c' || r.n,
                          'vendor:' || r.vendor_id || ':demo-m-d' || r.n || '/rollback')`,
    );
    await query(
      tx,
      sql`INSERT INTO vendor_transactions (vendor_id, transaction_id, kind, state, mode, member_id, round_id, game_code,
                                           currency, amount_minor, movement_id, rollback_movement_id, created_at,
                                           updated_at)
          SELECT r.vendor_id, t.transaction_id, t.kind, t.state, 'real', ${memberId}, 'demo-m-' || r.n, r.game_code,
                 ${currency}, t.amount, t.movement_id, t.rollback_movement_id, r.at, t.updated_at
          FROM demo_member_rounds r
          CROSS JOIN LATERAL (VALUES
            ('demo-m-d' || r.n, 'debit', CASE WHEN r.refunded THEN 'rolled_back' ELSE 'debited' END, r.stake,
             r.debit_movement, CASE WHEN r.refunded THEN r.settle_movement END,
             r.at + CASE WHEN r.refunded THEN interval '30 seconds' ELSE interval '0 seconds' END),
            ('demo-m-c' || r.n, 'credit', 'credited', r.win, CASE WHEN r.win > 0 THEN r.settle_movement END, NULL,
             r.at + interval '5 seconds')) t (transaction_id, kind, state, amount, movement_id, rollback_movement_id,
                                              updated_at)
          WHERE t.kind = 'debit' OR NOT r.refunded`,
    );
    // A refunded round is cancelled with nothing left staked (as the wallet's removeStake leaves it): no feed row.
    await query(
      tx,
      sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency,
                                   stake_minor, win_minor, valid_bet_minor, status, started_at, settled_at)
          SELECT vendor_id, 'demo-m-' || n, ${merchantId}, ${memberId}, game_id, game_code, ${currency},
                 CASE WHEN refunded THEN 0 ELSE stake END, win, CASE WHEN refunded THEN 0 ELSE stake END,
                 CASE WHEN refunded THEN 'cancelled' ELSE 'settled' END, at,
                 at + CASE WHEN refunded THEN interval '30 seconds' ELSE interval '5 seconds' END
          FROM demo_member_rounds ORDER BY at`,
    );
    const [written] = await query<{ n: unknown }>(tx, sql`SELECT count(*) AS n FROM demo_member_rounds`);
    return toNumber(written?.n ?? 0);
  });
}
