import { z } from 'zod';
import { successEnvelope } from '../envelope';

// The agent centre's overview, agentTeamOverview (docs/product/agent-centre.md#team-and-reports,
// docs/decisions/0061-member-figures-by-day-and-hour.md): the caller's whole team (every member under it at any depth,
// not the agent itself) over four periods of the brand's calendar, and its last days for the charts. Amounts are
// integers in minor units of the brand's currency.

/** The overview's periods: the brand's today and yesterday, this calendar month so far and the last one. */
export const TEAM_OVERVIEW_PERIODS = ['today', 'yesterday', 'thisMonth', 'lastMonth'] as const;
export type TeamOverviewPeriod = (typeof TEAM_OVERVIEW_PERIODS)[number];

/** Days the overview's charts show, ending with the brand's today. */
export const TEAM_OVERVIEW_CHART_DAYS = 14;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The team's figures over one period. */
export const TeamFiguresSchema = z.object({
  period: z.enum(TEAM_OVERVIEW_PERIODS),
  from: Day.describe("The period's first day (the brand's calendar)."),
  to: Day.describe("The period's last day, included (today for a period still running)."),
  newMembers: z.number().int().describe('Members of the team who registered in the period.'),
  activeMembers: z.number().int().describe('Members of the team with at least one settled round in the period.'),
  depositMinor: z.number().int(),
  deposits: z.number().int().describe('Credited deposits.'),
  withdrawalMinor: z.number().int(),
  withdrawals: z.number().int(),
  betMinor: z.number().int().describe('Stakes of the settled rounds.'),
  validBetMinor: z.number().int(),
  profitLossMinor: z
    .number()
    .int()
    .describe("The members' result: payouts minus stakes (negative: the team lost, the house won)."),
});
export type TeamFigures = z.infer<typeof TeamFiguresSchema>;

/** One day of the charts. */
export const TeamDaySchema = z.object({
  day: Day,
  activeMembers: z.number().int(),
  newMembers: z.number().int(),
  validBetMinor: z.number().int(),
  profitLossMinor: z.number().int(),
});
export type TeamDay = z.infer<typeof TeamDaySchema>;

export const TeamOverviewSchema = z.object({
  teamSize: z.number().int().describe('Members under the caller at any depth, now.'),
  directMembers: z.number().int().describe('Members whose upline is the caller.'),
  agents: z.number().int().describe('Agents among the team.'),
  periods: z.array(TeamFiguresSchema).describe('One entry per TEAM_OVERVIEW_PERIODS, in that order.'),
  days: z.array(TeamDaySchema).describe('The last TEAM_OVERVIEW_CHART_DAYS days, oldest first, every day present.'),
  currency: z.string(),
  currencyExponent: z.number().int(),
  timeZone: z.string().describe("The brand's time zone: its calendar's days."),
});
export type TeamOverview = z.infer<typeof TeamOverviewSchema>;
export const TeamOverviewResponseSchema = successEnvelope(TeamOverviewSchema);
