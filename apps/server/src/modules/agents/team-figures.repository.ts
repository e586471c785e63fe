import { AGENT_TYPES, type TeamOverview, type TeamOverviewPeriod } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prefixPattern } from './agents.repository';

// The agent centre's team figures (decision 0061): sums of the members' days (member_figure_days) over the caller's
// team, every member under it at any depth (member_tree, decision 0059); the overview reads the team's days and month
// members the feed keeps per agent instead (decision 0069). SQL only; the services decide the periods.

/**
 * The agent types as literals, not a parameter: a query names them so to match members_agents_idx's predicate
 * (migration 0099), which a parameter's generic plan cannot prove.
 */
const AGENT_TYPE_LIST = sql.raw(AGENT_TYPES.map((type) => String(Number(type))).join(', '));

export interface DaySums {
  deposits: number;
  depositMinor: number;
  withdrawals: number;
  withdrawalMinor: number;
  betMinor: number;
  validBetMinor: number;
  payoutMinor: number;
  activeMembers: number;
  newMembers: number;
}

export const EMPTY: DaySums = {
  deposits: 0,
  depositMinor: 0,
  withdrawals: 0,
  withdrawalMinor: 0,
  betMinor: 0,
  validBetMinor: 0,
  payoutMinor: 0,
  activeMembers: 0,
  newMembers: 0,
};

/**
 * The team's size now: every member under the agent (the sum of its team's registrations per day, agent_team_sign_ups,
 * decision 0069), its direct members (members_upline_idx) and the agents among its team (the brand's agents,
 * members_agents_idx, found in the agent's range of member_tree): none of them reads the whole team.
 */
export async function findTeamSize(
  db: Executor,
  agentId: number,
): Promise<Pick<TeamOverview, 'teamSize' | 'directMembers' | 'agents'>> {
  const rows = await query(
    db,
    sql`SELECT (SELECT coalesce(sum(members), 0) FROM agent_team_sign_ups WHERE agent_id = ${agentId}) AS team_size,
               (SELECT count(*) FROM members WHERE upline_id = ${agentId}) AS direct_members,
               (SELECT count(*)
                  FROM members m
                  JOIN member_tree t ON t.ancestor_id = ${agentId} AND t.descendant_id = m.id AND t.depth > 0
                 WHERE m.merchant_id = (SELECT merchant_id FROM members WHERE id = ${agentId})
                   AND m.agent_type IN (${AGENT_TYPE_LIST})) AS agents`,
  );
  return {
    teamSize: toNumber(rows[0]?.['team_size'] ?? 0),
    directMembers: toNumber(rows[0]?.['direct_members'] ?? 0),
    agents: toNumber(rows[0]?.['agents'] ?? 0),
  };
}

/**
 * The team's sums by day over [from, to], with each day's members who played and who registered: the figures from the
 * agent's team days, the registrations from its team's sign-ups (decision 0069), one row a day each.
 */
export async function findTeamDays(
  db: Executor,
  agentId: number,
  from: string,
  to: string,
): Promise<Map<string, DaySums>> {
  const [figures, signUps] = await Promise.all([
    query(
      db,
      sql`SELECT a.day::text AS day, a.deposits, a.deposit_minor, a.withdrawals, a.withdrawal_minor, a.stake_minor,
                 a.valid_bet_minor, a.payout_minor, a.active_members
          FROM agent_team_days a
          WHERE a.agent_id = ${agentId} AND a.day BETWEEN ${from}::date AND ${to}::date`,
    ),
    query(
      db,
      sql`SELECT day::text AS day, members AS new_members FROM agent_team_sign_ups
          WHERE agent_id = ${agentId} AND day BETWEEN ${from}::date AND ${to}::date`,
    ),
  ]);
  const days = new Map<string, DaySums>();
  for (const row of figures) {
    days.set(String(row['day']), {
      deposits: toNumber(row['deposits']),
      depositMinor: toNumber(row['deposit_minor']),
      withdrawals: toNumber(row['withdrawals']),
      withdrawalMinor: toNumber(row['withdrawal_minor']),
      betMinor: toNumber(row['stake_minor']),
      validBetMinor: toNumber(row['valid_bet_minor']),
      payoutMinor: toNumber(row['payout_minor']),
      activeMembers: toNumber(row['active_members']),
      newMembers: 0,
    });
  }
  for (const row of signUps) {
    const day = String(row['day']);
    days.set(day, { ...(days.get(day) ?? EMPTY), newMembers: toNumber(row['new_members']) });
  }
  return days;
}

/**
 * Distinct members who played in each period (a member playing on two days of a month counts once): a day's from its
 * team day, a month's from the count kept with the team's month members (decision 0069). The months are whole calendar
 * months, this one up to today, which is all of it so far.
 */
export async function findActiveMembers(
  db: Executor,
  agentId: number,
  periods: Record<TeamOverviewPeriod, { from: string; to: string }>,
): Promise<Record<TeamOverviewPeriod, number>> {
  const onDay = (period: TeamOverviewPeriod) =>
    sql`(SELECT coalesce(sum(active_members), 0) FROM agent_team_days
         WHERE agent_id = ${agentId} AND day BETWEEN ${periods[period].from}::date AND ${periods[period].to}::date)`;
  const inMonth = (period: TeamOverviewPeriod) =>
    sql`(SELECT coalesce(sum(active_members), 0) FROM agent_team_months
         WHERE agent_id = ${agentId} AND month = ${periods[period].from}::date)`;
  const rows = await query(
    db,
    sql`SELECT ${onDay('today')} AS today, ${onDay('yesterday')} AS yesterday,
               ${inMonth('thisMonth')} AS this_month, ${inMonth('lastMonth')} AS last_month`,
  );
  const row = rows[0] ?? {};
  return {
    today: toNumber(row['today'] ?? 0),
    yesterday: toNumber(row['yesterday'] ?? 0),
    thisMonth: toNumber(row['this_month'] ?? 0),
    lastMonth: toNumber(row['last_month'] ?? 0),
  };
}

const SUMS = sql`coalesce(sum(d.rounds), 0) AS rounds, coalesce(sum(d.stake_minor), 0) AS stake_minor,
                 coalesce(sum(d.valid_bet_minor), 0) AS valid_bet_minor,
                 coalesce(sum(d.payout_minor), 0) AS payout_minor`;
const MONEY = sql`coalesce(sum(d.deposit_minor), 0) AS deposit_minor,
                  coalesce(sum(d.withdrawal_minor), 0) AS withdrawal_minor`;

/** Who the profit and loss reads: the agent's team over [from, to], all levels or the direct ones, an account prefix. */
export interface ProfitLossFilter {
  agentId: number;
  from: string;
  to: string;
  direct?: boolean | undefined;
  account?: string | undefined;
  /** The previous page's last lower-case account. */
  after?: string | undefined;
  limit: number;
}

/**
 * The profit and loss's three reads of the members' days: a page of members by lower-case account (one row more than
 * `limit` tells a next page), the selection's totals, and its figures by game type, the largest valid bet first.
 */
export async function findProfitLoss(
  db: Executor,
  filter: ProfitLossFilter,
): Promise<{
  rows: Record<string, unknown>[];
  totals: Record<string, unknown>;
  categories: Record<string, unknown>[];
}> {
  const conditions: SQL[] = [sql`t.ancestor_id = ${filter.agentId}`, sql`t.depth > 0`];
  if (filter.direct) conditions.push(sql`t.depth = 1`);
  if (filter.account) conditions.push(sql`lower(m.account) COLLATE "C" LIKE ${prefixPattern(filter.account)}`);
  const selection = sql.join(conditions, sql` AND `);
  const days = sql`d.member_id = m.id AND d.day BETWEEN ${filter.from}::date AND ${filter.to}::date`;
  const after = filter.after ? sql`AND lower(m.account) COLLATE "C" > ${filter.after}` : sql``;
  const [rows, totals, categories] = await Promise.all([
    query(
      db,
      sql`SELECT m.id, m.account, t.depth, m.agent_type, ${SUMS}, ${MONEY}
          FROM member_tree t
          JOIN members m ON m.id = t.descendant_id
          JOIN member_figure_days d ON ${days}
          WHERE ${selection} ${after}
          GROUP BY m.id, m.account, t.depth, m.agent_type
          ORDER BY lower(m.account) COLLATE "C"
          LIMIT ${filter.limit + 1}`,
    ),
    query(
      db,
      sql`SELECT ${SUMS}, ${MONEY}, count(DISTINCT d.member_id) AS members
          FROM member_tree t
          JOIN members m ON m.id = t.descendant_id
          JOIN member_figure_days d ON ${days}
          WHERE ${selection}`,
    ),
    query(
      db,
      sql`SELECT d.game_type, ${SUMS}
          FROM member_tree t
          JOIN members m ON m.id = t.descendant_id
          JOIN member_figure_days d ON ${days}
          WHERE ${selection} AND d.game_type <> ''
          GROUP BY d.game_type
          ORDER BY sum(d.valid_bet_minor) DESC, d.game_type`,
    ),
  ]);
  return { rows, totals: totals[0] ?? {}, categories };
}
