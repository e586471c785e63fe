import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { GAME_TYPES } from '../games/constants';

// Cashback (manualRebate; docs/decisions/0051-cashback.md, docs/product/member-centre.md): a rebate of the valid bet
// of settled rounds, at the rate of the member's VIP level for the round's game type, summed over the brand's period
// (weekly from Monday 00:00, or daily, in the brand's time zone). A finished period is claimed by the member, or paid
// by the brand at its end (auto-pay); each period is paid once (wallet kind `rebate`).

/** How long a brand's cashback period is. */
export const REBATE_PERIODS = ['weekly', 'daily'] as const;
export type RebatePeriodKind = (typeof REBATE_PERIODS)[number];

/** How a period's rebate was paid: claimed by the member, or by the brand's auto-pay at the period's end. */
export const REBATE_PAYOUT_WAYS = ['claim', 'auto'] as const;
export type RebatePayoutWay = (typeof REBATE_PAYOUT_WAYS)[number];

/** The rebate categories: the game types (a VIP level's rebateBp keys). */
export const REBATE_CATEGORIES = GAME_TYPES;

const Minor = z.number().int().min(0).describe('Integer amount in the currency minor unit.');
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("A day of the brand's calendar (YYYY-MM-DD).");
const RequestId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only')
  .describe("The member's key for this request: a repeat answers the first and pays nothing more.");

/** Basis points of the valid bet by game type (10 000 bp = 100 %); a missing type earns nothing. */
export const RebateRatesSchema = z.partialRecord(z.enum(REBATE_CATEGORIES), z.number().int().min(0));
export type RebateRates = z.infer<typeof RebateRatesSchema>;

/** A game type's figures in a period. */
export const RebateCategorySchema = z.object({
  gameType: z.enum(REBATE_CATEGORIES),
  validBetMinor: Minor.describe('Valid bets of the settled rounds of this type in the period.'),
  rebateMinor: Minor.describe('The rebate accrued: each round floor(valid bet × rate ÷ 10 000) at its time.'),
});
export type RebateCategory = z.infer<typeof RebateCategorySchema>;

/** A period of a member: its days, its figures, by category. */
export const RebatePeriodSchema = z.object({
  periodStart: Day.describe("The period's first day."),
  periodEnd: Day.describe("The period's last day (included)."),
  endsAt: z.string().describe('When the period ends (ISO 8601): the brand midnight after periodEnd.'),
  validBetMinor: Minor,
  rebateMinor: Minor,
  categories: z.array(RebateCategorySchema).describe('Game types with a valid bet in the period, largest first.'),
});
export type RebatePeriod = z.infer<typeof RebatePeriodSchema>;

/** A period's rebate paid. */
export const RebatePayoutSchema = z.object({
  id: z.number().int(),
  periodStart: Day,
  periodEnd: Day,
  validBetMinor: Minor,
  amountMinor: Minor.describe('What the wallet received (kind rebate).'),
  way: z.enum(REBATE_PAYOUT_WAYS),
  paidAt: z.string().describe('ISO 8601.'),
});
export type RebatePayout = z.infer<typeof RebatePayoutSchema>;

/** GET /wps/member/rebates */
export const MemberRebatesSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int().describe('Minor units per major unit: 10^currencyExponent.'),
  timeZone: z.string().describe("The brand's time zone: the periods' days are its days."),
  enabled: z.boolean().describe('False: the brand has paused cashback; nothing accrues, finished periods still pay.'),
  period: z.enum(REBATE_PERIODS),
  autoPay: z.boolean().describe('True: the brand pays each finished period by itself (claiming is still possible).'),
  rankLevel: z.number().int(),
  rankName: z.string().describe("The member's VIP level, whose rates apply."),
  rates: RebateRatesSchema.describe("The member's rates now, by game type."),
  current: RebatePeriodSchema.describe('The period accruing now (its figures so far).'),
  settling: z
    .array(RebatePeriodSchema.extend({ claimableFrom: z.string().describe('ISO 8601.') }))
    .describe('Finished periods in their settling minutes: rounds settled at the end still arrive.'),
  claimable: z.array(RebatePeriodSchema).describe('Finished, unpaid periods with a rebate, oldest first.'),
  claimableMinor: Minor.describe('The sum of claimable: what one claim pays.'),
  paid: z.array(RebatePayoutSchema).describe('The last 20 periods paid, newest first.'),
});
export type MemberRebates = z.infer<typeof MemberRebatesSchema>;
export const MemberRebatesResponseSchema = successEnvelope(MemberRebatesSchema);

/** POST /wps/member/rebates/claim */
export const ClaimRebatesRequestSchema = z.object({ requestId: RequestId }).strict();
export type ClaimRebatesRequest = z.infer<typeof ClaimRebatesRequestSchema>;

export const ClaimRebatesResultSchema = z.object({
  paid: z.array(RebatePayoutSchema).describe('The periods this claim paid (a repeat of its requestId: the same).'),
  amountMinor: Minor.describe('Their sum.'),
  balanceMinor: z.number().int().describe('The main balance after.'),
});
export type ClaimRebatesResult = z.infer<typeof ClaimRebatesResultSchema>;
export const ClaimRebatesResponseSchema = successEnvelope(ClaimRebatesResultSchema);
