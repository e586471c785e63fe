import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { MEMBER_FIGURES_CONSUMER } from '../member-figures/index';

// The agents' team days and month members (decision 0069), which the feed's member-figures consumer keeps in its
// batch's statement: here what a move in the tree does to them. SQL only.

/**
 * Waits for the member-figures consumer's checkpoint row and holds it until the transaction ends: no feed batch is in
 * flight meanwhile (a batch claims that row first, settlement-feed.repository.ts claimCheckpoint, and skips it while
 * held), so the member_figure_days a rebuild reads are the ones the team rows were kept from.
 */
export async function lockFigures(tx: Executor): Promise<void> {
  await query(
    tx,
    sql`INSERT INTO settlement_feed_consumers (name) VALUES (${MEMBER_FIGURES_CONSUMER}) ON CONFLICT (name) DO NOTHING`,
  );
  await query(tx, sql`SELECT 1 FROM settlement_feed_consumers WHERE name = ${MEMBER_FIGURES_CONSUMER} FOR UPDATE`);
}

/** The member's uplines at any depth (its ancestors but itself), as the tree is in this transaction. */
export async function findAncestors(tx: Executor, memberId: number): Promise<number[]> {
  const rows = await query<{ ancestor_id: unknown }>(
    tx,
    sql`SELECT ancestor_id FROM member_tree WHERE descendant_id = ${memberId} AND depth > 0`,
  );
  return rows.map((row) => Number(row.ancestor_id));
}

/**
 * Recomputes the agents' team days, month members and months' counts for all days from member_figure_days over the
 * tree as it is.
 */
export async function rebuildTeams(tx: Executor, agentIds: readonly number[]): Promise<void> {
  if (agentIds.length === 0) return;
  const agents = sql`${`{${agentIds.join(',')}}`}::bigint[]`;
  await query(tx, sql`DELETE FROM agent_team_days WHERE agent_id = ANY(${agents})`);
  await query(
    tx,
    sql`INSERT INTO agent_team_days (agent_id, day, merchant_id, rounds, stake_minor, valid_bet_minor, payout_minor,
                                     deposits, deposit_minor, withdrawals, withdrawal_minor, active_members)
        SELECT t.ancestor_id, d.day, min(d.merchant_id), sum(d.rounds), sum(d.stake_minor), sum(d.valid_bet_minor),
               sum(d.payout_minor), sum(d.deposits), sum(d.deposit_minor), sum(d.withdrawals),
               sum(d.withdrawal_minor), count(DISTINCT d.member_id) FILTER (WHERE d.rounds > 0)
        FROM member_tree t
        JOIN member_figure_days d ON d.member_id = t.descendant_id
        WHERE t.ancestor_id = ANY(${agents}) AND t.depth > 0
        GROUP BY t.ancestor_id, d.day`,
  );
  await query(tx, sql`DELETE FROM agent_team_month_members WHERE agent_id = ANY(${agents})`);
  await query(
    tx,
    sql`INSERT INTO agent_team_month_members (agent_id, month, member_id)
        SELECT DISTINCT t.ancestor_id, date_trunc('month', d.day::timestamp)::date, d.member_id
        FROM member_tree t
        JOIN member_figure_days d ON d.member_id = t.descendant_id
        WHERE t.ancestor_id = ANY(${agents}) AND t.depth > 0 AND d.rounds > 0`,
  );
  await query(tx, sql`DELETE FROM agent_team_months WHERE agent_id = ANY(${agents})`);
  await query(
    tx,
    sql`INSERT INTO agent_team_months (agent_id, month, active_members)
        SELECT agent_id, month, count(*) FROM agent_team_month_members WHERE agent_id = ANY(${agents}) GROUP BY 1, 2`,
  );
}
