import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** Rounds the demo brand's past holds: a few hundred over its last 30 days. */
export const DEMO_HISTORY_ROUNDS = 400;
/** The demo players who played them, registered over those 30 days. */
export const DEMO_HISTORY_PLAYERS = 24;
/** What each demo player was given before its first round, in major units. */
const DEMO_PLAYER_FUNDING_MAJOR = 5_000_000;

/**
 * The demo brand's last 30 days, so that a fresh `npm start` shows a dashboard with figures: demo players
 * registered over those days, each funded by an adjustment, and their rounds in every game the brand lists,
 * written as the wallet writes a round (a debit and, for a win, a credit: each a movement with its two
 * entries, the vendor transactions, the settled round). The trigger on game_rounds puts each round in the
 * settlement feed, from which the reports' consumer builds the figures within seconds. Set-based, in one
 * transaction; idempotent: a brand that has its demo past (or lists no game yet) is left as it is. Returns the
 * rounds written.
 */
export async function seedDemoHistory(db: Database, merchantCode: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [brand] = await query<{ id: unknown; currency: string; exponent: unknown }>(
      tx,
      sql`SELECT id, currency, currency_exponent AS exponent FROM merchants WHERE code = ${merchantCode}`,
    );
    if (!brand) return 0;
    const merchantId = toNumber(brand.id);
    const done = await query(
      tx,
      sql`SELECT 1 FROM game_rounds WHERE merchant_id = ${merchantId} AND round_id LIKE 'demo-h-%' LIMIT 1`,
    );
    const games = await query(
      tx,
      sql`SELECT 1 FROM merchant_games WHERE merchant_id = ${merchantId} AND top_level LIMIT 1`,
    );
    if (done.length > 0 || games.length === 0) return 0;
    const funding = DEMO_PLAYER_FUNDING_MAJOR * 10 ** toNumber(brand.exponent);
    // A unit of stake in minor units: 1,000 won, or 10.00 of a currency with cents.
    const unit = 1_000;

    await query(
      tx,
      sql`INSERT INTO wallet_accounts (merchant_id, owner_type, currency)
          VALUES (${merchantId}, 'house', ${brand.currency})
          ON CONFLICT (merchant_id, currency) WHERE owner_type = 'house' DO NOTHING`,
    );
    // Players registered one after another over the 30 days, the first a month ago.
    await query(
      tx,
      sql`INSERT INTO members (merchant_id, account, nickname, register_method, first_time_login, created_at)
          SELECT ${merchantId}, 'demoplayer' || lpad(k::text, 2, '0'), 'Demo player ' || k, 'SEED', false,
                 now() - interval '30 days' + (k - 1) * interval '29 hours'
          FROM generate_series(1, ${DEMO_HISTORY_PLAYERS}) k
          ON CONFLICT DO NOTHING`,
    );
    await query(
      tx,
      sql`INSERT INTO wallet_accounts (merchant_id, owner_type, member_id, currency, balance_minor)
          SELECT ${merchantId}, 'member', m.id, ${brand.currency}, 0 FROM members m
          WHERE m.merchant_id = ${merchantId} AND m.account LIKE 'demoplayer%'
          ON CONFLICT (member_id, currency) WHERE owner_type = 'member' DO NOTHING`,
    );
    // Each player's starting balance first: a ledger read newest first by id ends with it.
    await query(
      tx,
      sql`INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason,
                                        created_at)
          SELECT ${merchantId}, 'adjustment', 'seed-demo-history-' || m.id, m.id, ${brand.currency}, ${funding},
                 'Demo player starting balance', m.created_at
          FROM members m WHERE m.merchant_id = ${merchantId} AND m.account LIKE 'demoplayer%'`,
    );
    // One row per past round: its player, game, time (between the player's sign-up and now), stake and win;
    // then the ids of its movements, taken from their sequence in the order the rounds happened, so that a
    // ledger read by id (the back office's, newest first) reads in time.
    await query(
      tx,
      sql`CREATE TEMP TABLE demo_history ON COMMIT DROP AS
          SELECT n, p.id AS member_id, p.account_id, g.game_id, g.vendor_id, g.code AS game_code,
                 p.created_at + (now() - interval '1 hour' - p.created_at) * (((n * 7919) % 1000) / 1000.0) AS at,
                 ${unit}::bigint * (1 + (n * 13) % 20) AS stake,
                 -- Wins of 3x, 1.5x and 0.5x the stake: players get back about 91% of what they stake.
                 CASE WHEN n % 7 = 0 THEN ${unit}::bigint * (1 + (n * 13) % 20) * 3
                      WHEN n % 3 = 0 THEN ${unit}::bigint * (1 + (n * 13) % 20) * 3 / 2
                      WHEN n % 5 = 0 THEN ${unit}::bigint * (1 + (n * 13) % 20) / 2
                      ELSE 0 END AS win,
                 NULL::bigint AS debit_movement, NULL::bigint AS credit_movement
          FROM generate_series(1, ${DEMO_HISTORY_ROUNDS}) n
          JOIN (SELECT m.id, m.created_at, a.id AS account_id, row_number() OVER (ORDER BY m.account) - 1 AS k
                FROM members m JOIN wallet_accounts a ON a.owner_type = 'member' AND a.member_id = m.id
                WHERE m.merchant_id = ${merchantId} AND m.account LIKE 'demoplayer%') p
            ON p.k = (n * 5) % ${DEMO_HISTORY_PLAYERS}
          JOIN (SELECT mg.game_id, g.vendor_id, g.code, row_number() OVER (ORDER BY mg.game_id) - 1 AS k,
                       count(*) OVER () AS games
                FROM merchant_games mg JOIN games g ON g.id = mg.game_id
                WHERE mg.merchant_id = ${merchantId} AND mg.top_level) g
            ON g.k = n % g.games`,
    );
    // The sorted subquery is kept apart (OFFSET 0), so nextval runs over its rows in time order.
    await query(
      tx,
      sql`UPDATE demo_history h SET debit_movement = o.debit_movement, credit_movement = o.credit_movement
          FROM (SELECT n, nextval('wallet_movements_id_seq') AS debit_movement,
                       nextval('wallet_movements_id_seq') AS credit_movement
                FROM (SELECT n FROM demo_history ORDER BY at, n OFFSET 0) sorted) o
          WHERE o.n = h.n`,
    );
    await query(
      tx,
      sql`INSERT INTO wallet_movements (id, merchant_id, kind, idempotency_key, member_id, currency, amount_minor,
                                        created_at)
          SELECT id, ${merchantId}, kind, key, member_id, ${brand.currency}, amount, at FROM (
            SELECT debit_movement AS id, 'vendor_debit' AS kind, 'vendor:' || vendor_id || ':demo-h-d' || n AS key,
                   member_id, -stake AS amount, at
            FROM demo_history
            UNION ALL
            SELECT credit_movement, 'vendor_credit', 'vendor:' || vendor_id || ':demo-h-c' || n, member_id, win,
                   at + interval '5 seconds'
            FROM demo_history WHERE win > 0
          ) movements ORDER BY id`,
    );
    // Every movement's two entries in one statement (ledger_entries_balanced checks each movement sums to 0);
    // the member's entry carries the balance after it, in the order the movements happened.
    await query(
      tx,
      sql`INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor, created_at)
          SELECT m.id, e.account_id, e.amount, e.balance_after, m.created_at
          FROM (SELECT m.id, m.amount_minor, m.created_at, a.id AS account_id,
                       sum(m.amount_minor) OVER (PARTITION BY a.id ORDER BY m.created_at, m.id) AS balance_after
                FROM wallet_movements m
                JOIN wallet_accounts a ON a.owner_type = 'member' AND a.member_id = m.member_id
                WHERE m.merchant_id = ${merchantId}
                  AND (m.idempotency_key LIKE 'seed-demo-history-%' OR m.idempotency_key LIKE 'vendor:%:demo-h-%')) m
          CROSS JOIN LATERAL (VALUES (m.account_id, m.amount_minor, m.balance_after, 0),
                                     ((SELECT h.id FROM wallet_accounts h WHERE h.owner_type = 'house'
                                         AND h.merchant_id = ${merchantId} AND h.currency = ${brand.currency}),
                                      -m.amount_minor, NULL::bigint, 1)) e (account_id, amount, balance_after, side)
          ORDER BY m.id, e.side`,
    );
    await query(
      tx,
      sql`UPDATE wallet_accounts a SET balance_minor = s.total, updated_at = now()
          FROM (SELECT account_id, sum(amount_minor) AS total FROM ledger_entries
                WHERE account_id IN (SELECT a.id FROM wallet_accounts a JOIN members m ON m.id = a.member_id
                                     WHERE m.merchant_id = ${merchantId} AND m.account LIKE 'demoplayer%')
                GROUP BY account_id) s
          WHERE a.id = s.account_id`,
    );
    await query(
      tx,
      sql`INSERT INTO vendor_transactions (vendor_id, transaction_id, kind, state, mode, member_id, round_id, game_code,
                                           currency, amount_minor, movement_id, created_at, updated_at)
          SELECT h.vendor_id, t.transaction_id, t.kind, t.state, 'real', h.member_id, 'demo-h-' || h.n, h.game_code,
                 ${brand.currency}, t.amount, t.movement_id, t.at, t.at
          FROM demo_history h
          CROSS JOIN LATERAL (VALUES ('demo-h-d' || h.n, 'debit', 'debited', h.stake, h.debit_movement, h.at),
                                     ('demo-h-c' || h.n, 'credit', 'credited', h.win,
                                      CASE WHEN h.win > 0 THEN h.credit_movement END, h.at + interval '5 seconds'))
                      t (transaction_id, kind, state, amount, movement_id, at)`,
    );
    await query(
      tx,
      sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency,
                                   stake_minor, win_minor, valid_bet_minor, status, started_at, settled_at)
          SELECT vendor_id, 'demo-h-' || n, ${merchantId}, member_id, game_id, game_code, ${brand.currency}, stake, win,
                 stake, 'settled', at, at + interval '5 seconds'
          FROM demo_history ORDER BY at`,
    );
    const [written] = await query<{ n: unknown }>(tx, sql`SELECT count(*) AS n FROM demo_history`);
    return toNumber(written?.n ?? 0);
  });
}
