import { query, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FeedPosition } from '../settlement-feed/index';

/**
 * Adds the feed's rows in (after, last] to the members' days (the brand's calendar), hours and 5-minute slots (the
 * real-time salary's periods, decision 0068), and to its agents' team days and month members (decision 0069), in one
 * statement: a
 * round adds to its member's rounds, stake, valid bet and payout of the day and its game's type ('OTHER' for a round
 * of no known game); a deposit or a withdrawal to its count and amount in the day's row of type ''.
 * Free-play guests are left out. Answers the rows written (days and hours).
 */
export async function addBatch(
  tx: Executor,
  after: FeedPosition,
  last: FeedPosition,
): Promise<{ days: number; hours: number; slots: number }> {
  const rows = await query<{ days: unknown; hours: unknown; slots: unknown }>(
    tx,
    sql`WITH events AS (
          SELECT f.member_id, f.merchant_id, f.kind, f.stake_minor, f.valid_bet_minor, f.payout_minor, f.amount_minor,
                 (f.at AT TIME ZONE m.time_zone)::date AS day, date_trunc('hour', f.at) AS hour,
                 date_bin('5 minutes', f.at, timestamptz '2000-01-01 00:00:00+00') AS slot,
                 CASE WHEN f.kind = 'round' THEN coalesce(g.game_type, 'OTHER') ELSE '' END AS game_type
          FROM settlement_feed f
          JOIN merchants m ON m.id = f.merchant_id
          JOIN members mb ON mb.id = f.member_id AND NOT mb.is_free_play
          LEFT JOIN games g ON g.id = f.game_id
          WHERE (f.xid, f.id) > (${after.xid}::xid8, ${after.id}::bigint)
            AND (f.xid, f.id) <= (${last.xid}::xid8, ${last.id}::bigint)
        ),
        days AS (
          INSERT INTO member_figure_days AS d (member_id, day, game_type, merchant_id, rounds, stake_minor,
                                               valid_bet_minor, payout_minor, deposits, deposit_minor, withdrawals,
                                               withdrawal_minor)
          SELECT member_id, day, game_type, min(merchant_id),
                 count(*) FILTER (WHERE kind = 'round'),
                 coalesce(sum(stake_minor) FILTER (WHERE kind = 'round'), 0),
                 coalesce(sum(valid_bet_minor) FILTER (WHERE kind = 'round'), 0),
                 coalesce(sum(payout_minor) FILTER (WHERE kind = 'round'), 0),
                 count(*) FILTER (WHERE kind = 'deposit'),
                 coalesce(sum(amount_minor) FILTER (WHERE kind = 'deposit'), 0),
                 count(*) FILTER (WHERE kind = 'withdrawal'),
                 coalesce(sum(amount_minor) FILTER (WHERE kind = 'withdrawal'), 0)
          FROM events
          GROUP BY member_id, day, game_type
          ON CONFLICT (member_id, day, game_type) DO UPDATE
            SET rounds = d.rounds + EXCLUDED.rounds,
                stake_minor = d.stake_minor + EXCLUDED.stake_minor,
                valid_bet_minor = d.valid_bet_minor + EXCLUDED.valid_bet_minor,
                payout_minor = d.payout_minor + EXCLUDED.payout_minor,
                deposits = d.deposits + EXCLUDED.deposits,
                deposit_minor = d.deposit_minor + EXCLUDED.deposit_minor,
                withdrawals = d.withdrawals + EXCLUDED.withdrawals,
                withdrawal_minor = d.withdrawal_minor + EXCLUDED.withdrawal_minor
          RETURNING 1
        ),
        hours AS (
          INSERT INTO member_figure_hours AS h (member_id, hour, merchant_id, rounds, stake_minor, valid_bet_minor,
                                                payout_minor)
          SELECT member_id, hour, min(merchant_id), count(*), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor)
          FROM events
          WHERE kind = 'round'
          GROUP BY member_id, hour
          ON CONFLICT (member_id, hour) DO UPDATE
            SET rounds = h.rounds + EXCLUDED.rounds,
                stake_minor = h.stake_minor + EXCLUDED.stake_minor,
                valid_bet_minor = h.valid_bet_minor + EXCLUDED.valid_bet_minor,
                payout_minor = h.payout_minor + EXCLUDED.payout_minor
          RETURNING 1
        ),
        slots AS (
          INSERT INTO member_figure_slots AS s (member_id, slot, merchant_id, rounds, stake_minor, valid_bet_minor,
                                                payout_minor)
          SELECT member_id, slot, min(merchant_id), count(*), sum(stake_minor), sum(valid_bet_minor), sum(payout_minor)
          FROM events
          WHERE kind = 'round'
          GROUP BY member_id, slot
          ON CONFLICT (member_id, slot) DO UPDATE
            SET rounds = s.rounds + EXCLUDED.rounds,
                stake_minor = s.stake_minor + EXCLUDED.stake_minor,
                valid_bet_minor = s.valid_bet_minor + EXCLUDED.valid_bet_minor,
                payout_minor = s.payout_minor + EXCLUDED.payout_minor
          RETURNING 1
        ),
        -- The batch by member and day, for the agents' teams (decision 0069): \`newly_active\` when the batch gives the
        -- member a settled round on a day it had none; every CTE reads member_figure_days as before this statement.
        member_days AS (
          SELECT e.member_id, e.day, min(e.merchant_id) AS merchant_id,
                 count(*) FILTER (WHERE e.kind = 'round') AS rounds,
                 coalesce(sum(e.stake_minor) FILTER (WHERE e.kind = 'round'), 0) AS stake_minor,
                 coalesce(sum(e.valid_bet_minor) FILTER (WHERE e.kind = 'round'), 0) AS valid_bet_minor,
                 coalesce(sum(e.payout_minor) FILTER (WHERE e.kind = 'round'), 0) AS payout_minor,
                 count(*) FILTER (WHERE e.kind = 'deposit') AS deposits,
                 coalesce(sum(e.amount_minor) FILTER (WHERE e.kind = 'deposit'), 0) AS deposit_minor,
                 count(*) FILTER (WHERE e.kind = 'withdrawal') AS withdrawals,
                 coalesce(sum(e.amount_minor) FILTER (WHERE e.kind = 'withdrawal'), 0) AS withdrawal_minor,
                 bool_or(e.kind = 'round')
                   AND NOT EXISTS (SELECT 1 FROM member_figure_days d
                                   WHERE d.member_id = e.member_id AND d.day = e.day AND d.rounds > 0) AS newly_active
          FROM events e
          GROUP BY e.member_id, e.day
        ),
        team_days AS (
          INSERT INTO agent_team_days AS a (agent_id, day, merchant_id, rounds, stake_minor, valid_bet_minor,
                                            payout_minor, deposits, deposit_minor, withdrawals, withdrawal_minor,
                                            active_members)
          SELECT t.ancestor_id, m.day, min(m.merchant_id), sum(m.rounds), sum(m.stake_minor), sum(m.valid_bet_minor),
                 sum(m.payout_minor), sum(m.deposits), sum(m.deposit_minor), sum(m.withdrawals),
                 sum(m.withdrawal_minor), count(*) FILTER (WHERE m.newly_active)
          FROM member_days m
          JOIN member_tree t ON t.descendant_id = m.member_id AND t.depth > 0
          GROUP BY t.ancestor_id, m.day
          ON CONFLICT (agent_id, day) DO UPDATE
            SET rounds = a.rounds + EXCLUDED.rounds,
                stake_minor = a.stake_minor + EXCLUDED.stake_minor,
                valid_bet_minor = a.valid_bet_minor + EXCLUDED.valid_bet_minor,
                payout_minor = a.payout_minor + EXCLUDED.payout_minor,
                deposits = a.deposits + EXCLUDED.deposits,
                deposit_minor = a.deposit_minor + EXCLUDED.deposit_minor,
                withdrawals = a.withdrawals + EXCLUDED.withdrawals,
                withdrawal_minor = a.withdrawal_minor + EXCLUDED.withdrawal_minor,
                active_members = a.active_members + EXCLUDED.active_members
          RETURNING 1
        ),
        -- A member active on a day is in its month already (this table is kept with the days): only a newly active
        -- member-day can add one.
        team_month_members AS (
          INSERT INTO agent_team_month_members (agent_id, month, member_id)
          SELECT DISTINCT t.ancestor_id, date_trunc('month', m.day::timestamp)::date, m.member_id
          FROM member_days m
          JOIN member_tree t ON t.descendant_id = m.member_id AND t.depth > 0
          WHERE m.newly_active
          ON CONFLICT DO NOTHING
          RETURNING agent_id, month
        ),
        -- Each month's count, from the rows the insert above added (migration 0099).
        team_months AS (
          INSERT INTO agent_team_months AS a (agent_id, month, active_members)
          SELECT agent_id, month, count(*) FROM team_month_members GROUP BY agent_id, month
          ON CONFLICT (agent_id, month) DO UPDATE SET active_members = a.active_members + EXCLUDED.active_members
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM days) AS days, (SELECT count(*) FROM hours) AS hours,
               (SELECT count(*) FROM slots) AS slots`,
  );
  return {
    days: toNumber(rows[0]?.days ?? 0),
    hours: toNumber(rows[0]?.hours ?? 0),
    slots: toNumber(rows[0]?.slots ?? 0),
  };
}

/**
 * Up to `limit` slots that start before `before`, deleted; answers how many. The batch is found brand by brand through
 * member_figure_slots_merchant_slot_idx (migration 0094), whose leading column is the brand's.
 */
export async function removeSlotsBefore(db: Executor, before: Date, limit: number): Promise<number> {
  const rows = await query(
    db,
    sql`WITH gone AS (
          DELETE FROM member_figure_slots
          WHERE (member_id, slot) IN (SELECT member_id, slot FROM member_figure_slots
                                      WHERE merchant_id IN (SELECT id FROM merchants)
                                        AND slot < ${before.toISOString()}::timestamptz
                                      LIMIT ${limit})
          RETURNING 1
        )
        SELECT count(*) AS deleted FROM gone`,
  );
  return toNumber(rows[0]?.['deleted'] ?? 0);
}

/** A member's (or a set's) figures summed over a period. */
export interface FigureTotals {
  rounds: number;
  stakeMinor: number;
  validBetMinor: number;
  payoutMinor: number;
  deposits: number;
  depositMinor: number;
  withdrawals: number;
  withdrawalMinor: number;
  /** Members with at least one settled round in the period. */
  activeMembers: number;
}

/**
 * The figures of a set of members over the brand's days [from, to] (both included): `members` is a statement that
 * selects member ids (a team is its tree's descendants), read with the days' key.
 */
export async function sumDays(db: Executor, members: SQL, from: string, to: string): Promise<FigureTotals> {
  const rows = await query(
    db,
    sql`SELECT coalesce(sum(rounds), 0) AS rounds, coalesce(sum(stake_minor), 0) AS stake_minor,
               coalesce(sum(valid_bet_minor), 0) AS valid_bet_minor, coalesce(sum(payout_minor), 0) AS payout_minor,
               coalesce(sum(deposits), 0) AS deposits, coalesce(sum(deposit_minor), 0) AS deposit_minor,
               coalesce(sum(withdrawals), 0) AS withdrawals, coalesce(sum(withdrawal_minor), 0) AS withdrawal_minor,
               count(DISTINCT member_id) FILTER (WHERE rounds > 0) AS active_members
        FROM member_figure_days
        WHERE member_id IN (${members}) AND day BETWEEN ${from}::date AND ${to}::date`,
  );
  return toTotals(rows[0] ?? {});
}

export function toTotals(row: Record<string, unknown>): FigureTotals {
  return {
    rounds: toNumber(row['rounds'] ?? 0),
    stakeMinor: toNumber(row['stake_minor'] ?? 0),
    validBetMinor: toNumber(row['valid_bet_minor'] ?? 0),
    payoutMinor: toNumber(row['payout_minor'] ?? 0),
    deposits: toNumber(row['deposits'] ?? 0),
    depositMinor: toNumber(row['deposit_minor'] ?? 0),
    withdrawals: toNumber(row['withdrawals'] ?? 0),
    withdrawalMinor: toNumber(row['withdrawal_minor'] ?? 0),
    activeMembers: toNumber(row['active_members'] ?? 0),
  };
}
