import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { GAME_TYPES } from '../games/constants';
import type { MemberTransactionType } from '../wallet/member-transactions';
import { TEAM_PAGE_LIMIT } from './schemas';

// The agent centre's team betting (personalHistoryCopy) and transaction details (agentDownlineTransactionDetailsCopy)
// (docs/product/agent-centre.md#team-and-reports): the rounds and the money movements of the caller's downline at any
// depth, or of one member of it, over a period of the brand's days, newest first (keyset), with the totals of the whole
// filtered period on the first page. Amounts are integers in minor units of the brand's currency.

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const Minor = z.number().int();

const PeriodFields = {
  from: Day.describe("The period's first day (the brand's calendar); at most MEMBER_PERIOD_MAX_DAYS days with `to`."),
  to: Day.describe("The period's last day, included."),
  account: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .describe('One member of the downline by its account (any case); not one: AGENT_NOT_IN_DOWNLINE.'),
  limit: z.coerce.number().int().min(1).max(TEAM_PAGE_LIMIT.max).default(TEAM_PAGE_LIMIT.default),
  cursor: z.string().min(1).max(64).optional().describe("The previous page's nextCursor; absent: the first page."),
};

/** The statuses team betting filters by: a settled round, or one still open. */
export const TEAM_BET_STATUSES = ['settled', 'open'] as const;

/** GET /wps/agent/team/bets: the downline's rounds started in the period. */
export const TeamBetsQuerySchema = z.object({
  ...PeriodFields,
  gameType: z.enum(GAME_TYPES).optional().describe("Only this category's rounds."),
  status: z.enum(TEAM_BET_STATUSES).optional().describe('Only settled or only open rounds; absent: every round.'),
});
export type TeamBetsQuery = z.infer<typeof TeamBetsQuerySchema>;

/** One round of a member of the downline. */
export const TeamBetSchema = z.object({
  roundId: z.string(),
  account: z.string().describe("The member's account."),
  gameName: z.string(),
  gameType: z.string().describe("The game's category; '' for a game the catalogue does not know."),
  vendorName: z.string(),
  stakeMinor: Minor,
  validBetMinor: Minor.describe('The stake of a settled round; 0 while it is open or once cancelled.'),
  winMinor: Minor,
  profitLossMinor: Minor.describe("The member's result, win - stake, of a settled round; 0 otherwise."),
  status: z.enum(['open', 'settled', 'cancelled']),
  startedAt: z.string().describe('ISO 8601.'),
  settledAt: z.string().nullable(),
});
export type TeamBet = z.infer<typeof TeamBetSchema>;

export const TeamBetsTotalsSchema = z.object({
  rounds: z.number().int().min(0),
  stakeMinor: Minor,
  validBetMinor: Minor,
  winMinor: Minor,
  profitLossMinor: Minor.describe('win - stake of the settled rounds.'),
});
export type TeamBetsTotals = z.infer<typeof TeamBetsTotalsSchema>;

export const TeamBetsSchema = z.object({
  from: Day,
  to: Day,
  totals: TeamBetsTotalsSchema.nullable().describe(
    "Every round the filter matches over the whole period, on the first page; null on a later page (the first's hold).",
  ),
  items: z.array(TeamBetSchema).describe('Newest started first.'),
  nextCursor: z.string().nullable(),
  currency: z.string(),
  currencyExponent: z.number().int(),
  timeZone: z.string(),
});
export type TeamBets = z.infer<typeof TeamBetsSchema>;
export const TeamBetsResponseSchema = successEnvelope(TeamBetsSchema);

/**
 * The types of the downline's money movements: the member's account record's types (ODSFE2_MemTransDet) less the
 * rounds' own (bet, win, refund), which team betting shows.
 */
export const TEAM_TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'uplineTransfer',
  'downlineTransfer',
  'transfer',
  'adjustment',
  'bonus',
  'vipBonus',
  'rebate',
  'mission',
  'leaderboard',
  'referral',
  'raffle',
  'pointMall',
  'pointConversion',
  'agentIncome',
] as const satisfies readonly Exclude<MemberTransactionType, 'bet' | 'win' | 'refund'>[];
export type TeamTransactionType = (typeof TEAM_TRANSACTION_TYPES)[number];

/** GET /wps/agent/team/transactions: the downline's money movements in the period. */
export const TeamTransactionsQuerySchema = z.object({
  ...PeriodFields,
  type: z.enum(TEAM_TRANSACTION_TYPES).optional().describe('Only movements of this type.'),
});
export type TeamTransactionsQuery = z.infer<typeof TeamTransactionsQuerySchema>;

/**
 * One movement of a downline member's money, from that member's side: a transfer between two members of the team is
 * in both members' rows, negative for the sender and positive for the recipient.
 */
export const TeamTransactionSchema = z.object({
  transactionNo: z.string().describe("The movement's number (the member's own record shows the same)."),
  account: z.string().describe("The member's account."),
  type: z.enum(TEAM_TRANSACTION_TYPES),
  amountMinor: Minor.describe('Positive: money in; negative: money out.'),
  counterpartyAccount: z.string().nullable().describe("A transfer's other member; null for any other movement."),
  at: z.string().describe('ISO 8601.'),
});
export type TeamTransaction = z.infer<typeof TeamTransactionSchema>;

export const TeamTransactionTypeTotalSchema = z.object({
  type: z.enum(TEAM_TRANSACTION_TYPES),
  count: z.number().int().min(0),
  amountMinor: Minor.describe('The sum of the movements of the type, signed.'),
});
export type TeamTransactionTypeTotal = z.infer<typeof TeamTransactionTypeTotalSchema>;

export const TeamTransactionsSchema = z.object({
  from: Day,
  to: Day,
  totals: z
    .object({
      count: z.number().int().min(0),
      amountMinor: Minor.describe('Every movement added up: money into the team less money out of it.'),
      byType: z.array(TeamTransactionTypeTotalSchema).describe("The types that have movements, in the list's order."),
    })
    .nullable()
    .describe('Every movement the filter matches over the whole period, on the first page; null on a later page.'),
  items: z.array(TeamTransactionSchema).describe('Newest first.'),
  nextCursor: z.string().nullable(),
  currency: z.string(),
  currencyExponent: z.number().int(),
  timeZone: z.string(),
});
export type TeamTransactions = z.infer<typeof TeamTransactionsSchema>;
export const TeamTransactionsResponseSchema = successEnvelope(TeamTransactionsSchema);
