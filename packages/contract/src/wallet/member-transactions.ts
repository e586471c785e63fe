import { z } from 'zod';
import { successEnvelope } from '../envelope';

const Minor = z.number().int().describe('Integer amount in the currency minor unit.');

/**
 * What a movement of the member's money was, in the member's words: a bet (a game's stake), a win (a game's
 * payout), a refund (a stake given back: the vendor's rollback or an operator's cancel of the round), an
 * operator's adjustment, a transfer between the member's main wallet and a vendor's, a transfer to the upline agent
 * (in both the sender's and the upline's record: negative for one, positive for the other), an agent's transfer to a
 * member of its downline (likewise in both records), a deposit, a withdrawal
 * (its amount held when asked for, negative; given back when rejected, or a case's refund, positive), the money part of
 * a points-mall product (negative; given back when the exchange is rejected), points converted to money, a VIP
 * level's bonus, a promotion's bonus or prize (positive; bonus money taken back when the bonus is forfeited or
 * expires, negative), a period's cashback, and a mission's reward.
 */
export const MEMBER_TRANSACTION_TYPES = [
  'bet',
  'win',
  'refund',
  'adjustment',
  'transfer',
  'uplineTransfer',
  'downlineTransfer',
  'deposit',
  'withdrawal',
  'pointMall',
  'pointConversion',
  'vipBonus',
  'bonus',
  'rebate',
  'mission',
  'leaderboard',
  'referral',
  'raffle',
  'agentIncome',
] as const;
export type MemberTransactionType = (typeof MEMBER_TRANSACTION_TYPES)[number];

/** A day in the brand's time zone, YYYY-MM-DD (a date that exists is checked by the service). */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

/** The filters of the account record and of its CSV export. */
export const MemberTransactionsFilterSchema = z.object({
  type: z.enum(MEMBER_TRANSACTION_TYPES).optional().describe('Only movements of this type.'),
  from: Day.optional().describe(
    "Movements on or after this day (the brand's time zone); with `to`, at most MEMBER_PERIOD_MAX_DAYS days.",
  ),
  to: Day.optional().describe('Movements on or before this day; given with `from`.'),
});
export type MemberTransactionsFilter = z.infer<typeof MemberTransactionsFilterSchema>;

/** GET /wps/relay/ODSFE2_MemTransDet: the member's movements, newest first, keyset paged. */
export const MemberTransactionsQuerySchema = MemberTransactionsFilterSchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(32).optional().describe("The previous page's nextCursor."),
});
export type MemberTransactionsQuery = z.infer<typeof MemberTransactionsQuerySchema>;

/** One movement of the member's money, with what it was for. */
export const MemberTransactionSchema = z.object({
  transactionNo: z.string().describe("The movement's number: what customer service asks for."),
  type: z.enum(MEMBER_TRANSACTION_TYPES),
  amountMinor: Minor.describe('Signed: what the movement added to the balance (negative when it took).'),
  balanceAfterMinor: Minor.describe("The member's balance right after it."),
  currency: z.string().length(3),
  at: z.string().describe('When it moved (ISO 8601).'),
  roundId: z.string().nullable().describe('The round of a bet, win or refund.'),
  vassalage: z.string().nullable().describe("The round's vendor (its code)."),
  vendorName: z.string().nullable(),
  gameName: z.string().nullable(),
  gameType: z.string().nullable(),
  note: z.string().nullable().describe("An adjustment's or transfer's reason, as the operator wrote it."),
});
export type MemberTransaction = z.infer<typeof MemberTransactionSchema>;

export const MemberTransactionsSchema = z.object({
  list: z.array(MemberTransactionSchema),
  nextCursor: z.string().nullable(),
  currency: z.string().length(3),
  currencyExponent: z.number().int().min(0).max(4),
});
export type MemberTransactions = z.infer<typeof MemberTransactionsSchema>;
export const MemberTransactionsResponseSchema = successEnvelope(MemberTransactionsSchema);
