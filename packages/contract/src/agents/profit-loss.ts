import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { TEAM_PAGE_LIMIT } from './schemas';

// The agent centre's user profit and loss, palStatementsAgentCopy (docs/product/agent-centre.md#team-and-reports,
// docs/decisions/0061-member-figures-by-day-and-hour.md): over a period of the brand's days, each member of the
// caller's downline who played, deposited or withdrew, with the team's totals and its profit and loss by game type.
// Amounts are integers in minor units of the brand's currency; profit and loss is the members' result (payouts minus
// stakes: negative, the team lost).

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

export const TeamProfitLossQuerySchema = z.object({
  from: Day.describe("The period's first day (the brand's calendar); at most MEMBER_PERIOD_MAX_DAYS days with `to`."),
  to: Day.describe("The period's last day, included."),
  account: z.string().trim().max(40).optional().describe('Accounts that start with this text (any case).'),
  direct: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('true: the direct members only (level 1).'),
  limit: z.coerce.number().int().min(1).max(TEAM_PAGE_LIMIT.max).default(TEAM_PAGE_LIMIT.default),
  cursor: z.string().min(1).max(200).optional().describe("The previous page's nextCursor; absent: the first page."),
});
export type TeamProfitLossQuery = z.infer<typeof TeamProfitLossQuerySchema>;

const Figures = {
  rounds: z.number().int(),
  betMinor: z.number().int().describe('Stakes of the settled rounds.'),
  validBetMinor: z.number().int(),
  payoutMinor: z.number().int(),
  profitLossMinor: z.number().int().describe('payoutMinor - betMinor.'),
};

/** A member of the downline over the period. */
export const MemberProfitLossSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  level: z.number().int().min(1).describe('Steps below the caller: 1 is a direct member.'),
  type: z.number().int().describe('The account type: 0 member; 1, 2, 41, 42 agents.'),
  ...Figures,
  depositMinor: z.number().int(),
  withdrawalMinor: z.number().int(),
});
export type MemberProfitLoss = z.infer<typeof MemberProfitLossSchema>;

/** The team's figures of one game type over the period. */
export const CategoryProfitLossSchema = z.object({ gameType: z.string(), ...Figures });
export type CategoryProfitLoss = z.infer<typeof CategoryProfitLossSchema>;

export const TeamProfitLossSchema = z.object({
  from: Day,
  to: Day,
  totals: z.object({
    ...Figures,
    depositMinor: z.number().int(),
    withdrawalMinor: z.number().int(),
    members: z.number().int().describe('Members of the selection with any figure in the period.'),
  }),
  categories: z.array(CategoryProfitLossSchema).describe('By game type, the largest valid bet first.'),
  items: z.array(MemberProfitLossSchema).describe('By account (keyset); members with no figure are left out.'),
  nextCursor: z.string().nullable(),
  currency: z.string(),
  currencyExponent: z.number().int(),
  timeZone: z.string(),
});
export type TeamProfitLoss = z.infer<typeof TeamProfitLossSchema>;
export const TeamProfitLossResponseSchema = successEnvelope(TeamProfitLossSchema);
