import {
  TEAM_OVERVIEW_CHART_DAYS,
  type TeamDay,
  type TeamFigures,
  type TeamOverview,
  type TeamOverviewPeriod,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { addDays, localDay, monthStart } from '../../lib/calendar';
import type { Merchant } from '../merchant/index';
import type { AgentCaller } from './agents.service';
import * as repository from './team-figures.repository';

/**
 * The agent centre's overview (agentTeamOverview; decision 0061): the caller's team over the brand's today, yesterday,
 * this month and the last, and its last days for the charts, from the agent's team days and month members
 * (agent_team_days and agent_team_month_members, decision 0069, kept with the members' days by the feed's
 * `member-figures` consumer) and its registrations per day (agent_team_sign_ups, kept with the tree), never from the
 * rounds or the team's members.
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
      repository.findTeamSize(this.db, agent.memberId),
      repository.findTeamDays(this.db, agent.memberId, from, today),
      repository.findActiveMembers(this.db, agent.memberId, periods),
    ]);

    const sumOver = (period: TeamOverviewPeriod): TeamFigures => {
      const { from: first, to: last } = periods[period];
      const total = { ...repository.EMPTY };
      for (const [day, sums] of days) {
        if (day < first || day > last) continue;
        for (const key of Object.keys(total) as (keyof repository.DaySums)[]) total[key] += sums[key];
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
      const sums = days.get(day) ?? repository.EMPTY;
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
}
