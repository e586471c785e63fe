import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FeedPosition } from '../settlement-feed/index';

/** The feed rows of a batch, (after, last], with each one's day and hour in its brand's time zone. */
function batchRows(after: FeedPosition, last: FeedPosition) {
  return sql`SELECT f.kind, f.merchant_id, f.member_id, coalesce(f.vendor_id, 0) AS vendor_id,
                    coalesce(f.game_id, 0) AS game_id, coalesce(g.game_type, '') AS game_type,
                    f.stake_minor, f.valid_bet_minor, f.payout_minor, f.amount_minor,
                    (f.at AT TIME ZONE m.time_zone)::date AS day, date_trunc('hour', f.at, m.time_zone) AS hour
             FROM settlement_feed f
             JOIN merchants m ON m.id = f.merchant_id
             LEFT JOIN games g ON g.id = f.game_id
             WHERE (f.xid, f.id) > (${after.xid}::xid8, ${after.id}::bigint)
               AND (f.xid, f.id) <= (${last.xid}::xid8, ${last.id}::bigint)`;
}

const ADD_ROUND_FIGURES = sql`turnover_minor = r.turnover_minor + EXCLUDED.turnover_minor,
  valid_bet_minor = r.valid_bet_minor + EXCLUDED.valid_bet_minor,
  payout_minor = r.payout_minor + EXCLUDED.payout_minor,
  rounds = r.rounds + EXCLUDED.rounds`;

const ADD_MONEY_FIGURES = sql`deposit_minor = r.deposit_minor + EXCLUDED.deposit_minor,
  deposits = r.deposits + EXCLUDED.deposits,
  withdrawal_minor = r.withdrawal_minor + EXCLUDED.withdrawal_minor,
  withdrawals = r.withdrawals + EXCLUDED.withdrawals`;

const BRAND_SUMS = sql`coalesce(sum(stake_minor) FILTER (WHERE kind = 'round'), 0),
  coalesce(sum(valid_bet_minor) FILTER (WHERE kind = 'round'), 0),
  coalesce(sum(payout_minor) FILTER (WHERE kind = 'round'), 0),
  count(*) FILTER (WHERE kind = 'round'),
  coalesce(sum(amount_minor) FILTER (WHERE kind = 'deposit'), 0),
  count(*) FILTER (WHERE kind = 'deposit'),
  coalesce(sum(amount_minor) FILTER (WHERE kind = 'withdrawal'), 0),
  count(*) FILTER (WHERE kind = 'withdrawal')`;

/**
 * Adds a batch's figures to the day and hour rows of each brand, vendor and game, and to each day's vendor and
 * category rollup (migration 0052), in one statement: each table gets one upsert per key the batch touches,
 * never a row per round.
 */
export async function addFigures(tx: Executor, after: FeedPosition, last: FeedPosition): Promise<void> {
  await query(
    tx,
    sql`WITH e AS (${batchRows(after, last)}),
        game_days AS (
          INSERT INTO report_game_days AS r (merchant_id, day, vendor_id, game_id, game_type, turnover_minor,
                                             valid_bet_minor, payout_minor, rounds)
          SELECT merchant_id, day, vendor_id, game_id, min(game_type), sum(stake_minor), sum(valid_bet_minor),
                 sum(payout_minor), count(*)
          FROM e WHERE kind = 'round' GROUP BY merchant_id, day, vendor_id, game_id
          ON CONFLICT (merchant_id, day, vendor_id, game_id) DO UPDATE SET ${ADD_ROUND_FIGURES}
          RETURNING 1
        ),
        vendor_days AS (
          INSERT INTO report_vendor_days AS r (merchant_id, day, vendor_id, game_type, turnover_minor, valid_bet_minor,
                                               payout_minor, rounds)
          SELECT merchant_id, day, vendor_id, game_type, sum(stake_minor), sum(valid_bet_minor), sum(payout_minor),
                 count(*)
          FROM e WHERE kind = 'round' GROUP BY merchant_id, day, vendor_id, game_type
          ON CONFLICT (merchant_id, day, vendor_id, game_type) DO UPDATE SET ${ADD_ROUND_FIGURES}
          RETURNING 1
        ),
        game_hours AS (
          INSERT INTO report_game_hours AS r (merchant_id, hour, vendor_id, game_id, game_type, turnover_minor,
                                              valid_bet_minor, payout_minor, rounds)
          SELECT merchant_id, hour, vendor_id, game_id, min(game_type), sum(stake_minor), sum(valid_bet_minor),
                 sum(payout_minor), count(*)
          FROM e WHERE kind = 'round' GROUP BY merchant_id, hour, vendor_id, game_id
          ON CONFLICT (merchant_id, hour, vendor_id, game_id) DO UPDATE SET ${ADD_ROUND_FIGURES}
          RETURNING 1
        ),
        brand_hours AS (
          INSERT INTO report_brand_hours AS r (merchant_id, hour, turnover_minor, valid_bet_minor, payout_minor, rounds,
                                               deposit_minor, deposits, withdrawal_minor, withdrawals)
          SELECT merchant_id, hour, ${BRAND_SUMS} FROM e GROUP BY merchant_id, hour
          ON CONFLICT (merchant_id, hour) DO UPDATE SET ${ADD_ROUND_FIGURES}, ${ADD_MONEY_FIGURES}
          RETURNING 1
        )
        INSERT INTO report_brand_days AS r (merchant_id, day, turnover_minor, valid_bet_minor, payout_minor, rounds,
                                            deposit_minor, deposits, withdrawal_minor, withdrawals)
        SELECT merchant_id, day, ${BRAND_SUMS} FROM e GROUP BY merchant_id, day
        ON CONFLICT (merchant_id, day) DO UPDATE SET ${ADD_ROUND_FIGURES}, ${ADD_MONEY_FIGURES}`,
  );
}

/**
 * Records who played on which day in each scope ('*' the brand, 'v:<vendor>', 'c:<category>', 'g:<game>')
 * and keeps the gap counts that make any period's distinct players exact (migration 0048). A new day takes
 * as its prev_day the member's latest day before it, among the days stored and the batch's own; a stored
 * day that a new one now precedes (a round settled late, in an earlier day than others already counted)
 * gets the new one as its prev_day, and its count moves from the old gap to the new.
 */
export async function addPlayerDays(tx: Executor, after: FeedPosition, last: FeedPosition): Promise<void> {
  await query(
    tx,
    sql`WITH e AS (${batchRows(after, last)}),
        candidates AS (
          SELECT DISTINCT e.merchant_id, s.scope, e.member_id, e.day
          FROM e CROSS JOIN LATERAL (VALUES ('*'), ('v:' || e.vendor_id), ('c:' || e.game_type), ('g:' || e.game_id)) s (scope)
          WHERE e.kind = 'round' AND e.stake_minor > 0
        ),
        placed AS (
          SELECT c.merchant_id, c.scope, c.member_id, c.day,
                 greatest(
                   (SELECT max(d.day) FROM report_player_days d
                     WHERE d.merchant_id = c.merchant_id AND d.scope = c.scope AND d.member_id = c.member_id
                       AND d.day < c.day),
                   max(c.day) OVER (PARTITION BY c.merchant_id, c.scope, c.member_id ORDER BY c.day
                                    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) AS prev_day
          FROM candidates c
        ),
        added AS (
          INSERT INTO report_player_days (merchant_id, scope, member_id, day, prev_day)
          SELECT merchant_id, scope, member_id, day, prev_day FROM placed
          ON CONFLICT (merchant_id, scope, member_id, day) DO NOTHING
          RETURNING merchant_id, scope, member_id, day, prev_day
        ),
        followers AS (
          SELECT DISTINCT n.merchant_id, n.scope, n.member_id, n.day, n.prev_day AS old_prev
          FROM added a
          CROSS JOIN LATERAL (
            SELECT d.merchant_id, d.scope, d.member_id, d.day, d.prev_day FROM report_player_days d
            WHERE d.merchant_id = a.merchant_id AND d.scope = a.scope AND d.member_id = a.member_id AND d.day > a.day
            ORDER BY d.day LIMIT 1) n
        ),
        moved AS (
          SELECT f.merchant_id, f.scope, f.member_id, f.day, f.old_prev,
                 (SELECT max(a.day) FROM added a
                   WHERE a.merchant_id = f.merchant_id AND a.scope = f.scope AND a.member_id = f.member_id
                     AND a.day < f.day) AS new_prev
          FROM followers f
        ),
        relinked AS (
          UPDATE report_player_days d SET prev_day = m.new_prev
          FROM moved m
          WHERE d.merchant_id = m.merchant_id AND d.scope = m.scope AND d.member_id = m.member_id AND d.day = m.day
          RETURNING 1
        ),
        changes AS (
          SELECT merchant_id, scope, day, coalesce(day - prev_day, 0) AS gap, 1 AS players FROM added
          UNION ALL
          SELECT merchant_id, scope, day, coalesce(day - old_prev, 0), -1 FROM moved
          UNION ALL
          SELECT merchant_id, scope, day, day - new_prev, 1 FROM moved
        )
        INSERT INTO report_player_gaps AS r (merchant_id, scope, day, gap, players)
        SELECT merchant_id, scope, day, gap, sum(players) FROM changes
        GROUP BY merchant_id, scope, day, gap HAVING sum(players) <> 0
        ON CONFLICT (merchant_id, scope, day, gap) DO UPDATE SET players = r.players + EXCLUDED.players`,
  );
}

/**
 * Counts again each brand's sign-ups (members registered, free-play guests aside) of the days from `since`
 * (a date in the brand's time zone; all days when null), and writes the days whose count changed. Counting
 * again, never adding, makes it safe to run on several instances and after any restart.
 */
export async function recountSignups(db: Executor, since: 'yesterday' | 'all'): Promise<number> {
  const rows = await query<{ n: unknown }>(
    db,
    sql`WITH counted AS (
          SELECT m.merchant_id, (m.created_at AT TIME ZONE b.time_zone)::date AS day, count(*) AS signups
          FROM merchants b
          JOIN members m ON m.merchant_id = b.id
            AND m.created_at >= ${since === 'all' ? sql`'-infinity'::timestamptz` : sql`(((now() AT TIME ZONE b.time_zone)::date - 1)::timestamp AT TIME ZONE b.time_zone)`}
          WHERE NOT m.is_free_play
          GROUP BY m.merchant_id, day
        ),
        written AS (
          INSERT INTO report_brand_days AS r (merchant_id, day, signups)
          SELECT merchant_id, day, signups FROM counted
          ON CONFLICT (merchant_id, day) DO UPDATE SET signups = EXCLUDED.signups
          WHERE r.signups IS DISTINCT FROM EXCLUDED.signups
          RETURNING 1
        )
        SELECT count(*) AS n FROM written`,
  );
  return toNumber(rows[0]?.n ?? 0);
}
