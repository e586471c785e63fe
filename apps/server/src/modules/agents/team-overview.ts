import {
  AGENT_TYPES,
  TEAM_OVERVIEW_CHART_DAYS,
  type TeamDay,
  type TeamFigures,
  type TeamOverview,
  type TeamOverviewPeriod,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { addDays, localDay, monthStart } from '../../lib/calendar';
import type { Merchant } from '../merchant/index';
import type { AgentCaller } from './agents.service';

/** The agent's team: every member under it at any depth (member_tree, decision 0059), not the agent itself. */
const team = (agentId: number) =>
  sql`SELECT descendant_id FROM member_tree WHERE ancestor_id = ${agentId} AND depth > 0`;

interface DaySums {
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

const EMPTY: DaySums = {
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
 * The agent centre's overview (agentTeamOverview; decision 0061): the caller's team over the brand's today, yesterday,
 * this month and the last, and its last days for the charts, summed from the members' days (member_figure_days,
 * kept by the feed's `member-figures` consumer) and the members' registrations, never from the rounds.
 */
export class TeamOverviewService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async overview(agent: AgentCaller, merchant: Pick<Merchant, 'brand'>): Promise<TeamOverview> {
    const { timeZone, currency, currencyExponent } = merchant.brand;
    const today = localDay(this.clock(), timeZone);
    const lastMonthStart = monthStart(addDays(monthStart(today), -1));
    const periods: Record<TeamOverviewPeriod, { from: string; to: string }> = {
      today: { from: today, to: today },
      yesterday: { from: addDays(today, -1), to: addDays(today, -1) },
      thisMonth: { from: monthStart(today), to: today },
      lastMonth: { from: lastMonthStart, to: addDays(monthStart(today), -1) },
    };
    const chartFrom = addDays(today, 1 - TEAM_OVERVIEW_CHART_DAYS);
    const from = chartFrom < lastMonthStart ? chartFrom : lastMonthStart;

    const [size, days, active] = await Promise.all([
      this.teamSize(agent.memberId),
      this.daySums(agent.memberId, from, today, timeZone),
      this.activeMembers(agent.memberId, periods),
    ]);

    const sumOver = (period: TeamOverviewPeriod): TeamFigures => {
      const { from: first, to: last } = periods[period];
      const total = { ...EMPTY };
      for (const [day, sums] of days) {
        if (day < first || day > last) continue;
        for (const key of Object.keys(total) as (keyof DaySums)[]) total[key] += sums[key];
      }
      return {
        period,
        from: first,
        to: last,
        newMembers: total.newMembers,
        activeMembers: active[period],
        depositMinor: total.depositMinor,
        deposits: total.deposits,
        withdrawalMinor: total.withdrawalMinor,
        withdrawals: total.withdrawals,
        betMinor: total.betMinor,
        validBetMinor: total.validBetMinor,
        profitLossMinor: total.payoutMinor - total.betMinor,
      };
    };

    const chart: TeamDay[] = [];
    for (let day = chartFrom; day <= today; day = addDays(day, 1)) {
      const sums = days.get(day) ?? EMPTY;
      chart.push({
        day,
        activeMembers: sums.activeMembers,
        newMembers: sums.newMembers,
        validBetMinor: sums.validBetMinor,
        profitLossMinor: sums.payoutMinor - sums.betMinor,
      });
    }

    return {
      ...size,
      periods: (['today', 'yesterday', 'thisMonth', 'lastMonth'] as const).map(sumOver),
      days: chart,
      currency,
      currencyExponent,
      timeZone,
    };
  }

  private async teamSize(agentId: number): Promise<Pick<TeamOverview, 'teamSize' | 'directMembers' | 'agents'>> {
    const rows = await query(
      this.db,
      sql`SELECT count(*) AS team_size, count(*) FILTER (WHERE t.depth = 1) AS direct_members,
                 count(*) FILTER (WHERE m.agent_type = ANY(${`{${AGENT_TYPES.join(',')}}`}::integer[])) AS agents
          FROM member_tree t JOIN members m ON m.id = t.descendant_id
          WHERE t.ancestor_id = ${agentId} AND t.depth > 0`,
    );
    return {
      teamSize: toNumber(rows[0]?.['team_size'] ?? 0),
      directMembers: toNumber(rows[0]?.['direct_members'] ?? 0),
      agents: toNumber(rows[0]?.['agents'] ?? 0),
    };
  }

  /** The team's sums by day over [from, to], with each day's members who played and who registered. */
  private async daySums(agentId: number, from: string, to: string, timeZone: string): Promise<Map<string, DaySums>> {
    const [figures, signUps] = await Promise.all([
      query(
        this.db,
        sql`SELECT d.day::text AS day, sum(d.deposits) AS deposits, sum(d.deposit_minor) AS deposit_minor,
                   sum(d.withdrawals) AS withdrawals, sum(d.withdrawal_minor) AS withdrawal_minor,
                   sum(d.stake_minor) AS stake_minor, sum(d.valid_bet_minor) AS valid_bet_minor,
                   sum(d.payout_minor) AS payout_minor,
                   count(DISTINCT d.member_id) FILTER (WHERE d.rounds > 0) AS active_members
            FROM member_figure_days d
            WHERE d.member_id IN (${team(agentId)}) AND d.day BETWEEN ${from}::date AND ${to}::date
            GROUP BY d.day`,
      ),
      query(
        this.db,
        sql`SELECT (m.created_at AT TIME ZONE ${timeZone})::date::text AS day, count(*) AS new_members
            FROM members m
            WHERE m.id IN (${team(agentId)})
              AND (m.created_at AT TIME ZONE ${timeZone})::date BETWEEN ${from}::date AND ${to}::date
            GROUP BY 1`,
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

  /** Distinct members who played in each period (a member playing on two days of a month counts once). */
  private async activeMembers(
    agentId: number,
    periods: Record<TeamOverviewPeriod, { from: string; to: string }>,
  ): Promise<Record<TeamOverviewPeriod, number>> {
    const within = (period: TeamOverviewPeriod) =>
      sql`d.day BETWEEN ${periods[period].from}::date AND ${periods[period].to}::date`;
    const rows = await query(
      this.db,
      sql`SELECT count(DISTINCT d.member_id) FILTER (WHERE ${within('today')}) AS today,
                 count(DISTINCT d.member_id) FILTER (WHERE ${within('yesterday')}) AS yesterday,
                 count(DISTINCT d.member_id) FILTER (WHERE ${within('thisMonth')}) AS this_month,
                 count(DISTINCT d.member_id) FILTER (WHERE ${within('lastMonth')}) AS last_month
          FROM member_figure_days d
          WHERE d.member_id IN (${team(agentId)}) AND d.rounds > 0
            AND d.day BETWEEN ${periods.lastMonth.from}::date AND ${periods.today.to}::date`,
    );
    const row = rows[0] ?? {};
    return {
      today: toNumber(row['today'] ?? 0),
      yesterday: toNumber(row['yesterday'] ?? 0),
      thisMonth: toNumber(row['this_month'] ?? 0),
      lastMonth: toNumber(row['last_month'] ?? 0),
    };
  }
}
