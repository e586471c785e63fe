import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { PageRequestSchema, pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';

// Referral rewards and abuse flags (docs/decisions/0057-referral-rewards-and-abuse-flags.md): the inviting member is
// rewarded once when an invited member's credited deposits and valid bets reach the brand's amounts; a payout whose
// members share a sign-in IP, bank account or phone is held as an abuse flag until an operator releases or rejects it.
// Amounts are integers in minor units.

/** Most a reward or a qualifying amount may be, in minor units. */
export const REFERRAL_MAX_MINOR = 1_000_000_000_000;

/**
 * counting: not qualified yet; paid: the reward was paid; held: an operator reviews it (an abuse flag); rejected: the
 * operator refused it.
 */
export const REFERRAL_STATUSES = ['counting', 'paid', 'held', 'rejected'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** What the brand offers, as the member's referral page shows it, and what the member earned. */
export const ReferralRewardTermsSchema = z.object({
  enabled: z.boolean(),
  minDepositMinor: z.number().int().describe("The invited member's credited deposits to reach."),
  minTurnoverMinor: z.number().int().describe("The invited member's valid bets to reach."),
  inviterRewardMinor: z.number().int().describe('Paid to the inviter once an invited member qualifies.'),
  invitedRewardMinor: z.number().int().describe('Paid to the invited member then too (0: nothing).'),
  earnedMinor: z.number().int().describe('What this member was paid for its invited members so far.'),
  currency: z.string(),
  currencyExponent: z.number().int(),
});
export type ReferralRewardTerms = z.infer<typeof ReferralRewardTermsSchema>;

/** An invited member's progress (the inviter's list). */
export const ReferralProgressSchema = z.object({
  depositMinor: z.number().int().describe('Credited deposits since registering.'),
  turnoverMinor: z.number().int().describe('Valid bets since registering.'),
  status: z.enum(REFERRAL_STATUSES),
  rewardMinor: z.number().int().nullable().describe("The inviter's reward once paid (or held)."),
  paidAt: z.string().nullable(),
});
export type ReferralProgress = z.infer<typeof ReferralProgressSchema>;

// The back office: the brand's referral rules (brand.read, brand.write with the version opened) and the abuse flags'
// queue (players.read; release and reject players.money, audited).

/** A brand's referral rules as the operator edits them. */
export const BoReferralRulesSchema = z.object({
  enabled: z.boolean(),
  minDepositMinor: z.number().int().min(0).max(REFERRAL_MAX_MINOR),
  minTurnoverMinor: z.number().int().min(0).max(REFERRAL_MAX_MINOR),
  inviterRewardMinor: z.number().int().min(0).max(REFERRAL_MAX_MINOR),
  invitedRewardMinor: z.number().int().min(0).max(REFERRAL_MAX_MINOR),
});
export type BoReferralRules = z.infer<typeof BoReferralRulesSchema>;

export const BoReferralSettingsSchema = BoReferralRulesSchema.extend({
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  currency: z.string(),
  currencyExponent: z.number().int(),
  stats: z.object({
    invited: z.number().int().describe('Invited members counted.'),
    paid: z.number().int(),
    held: z.number().int(),
    rewardPaidMinor: z.number().int().describe("The inviters' and invited members' rewards paid."),
  }),
});
export type BoReferralSettings = z.infer<typeof BoReferralSettingsSchema>;
export const BoReferralSettingsResponseSchema = successEnvelope(BoReferralSettingsSchema);

/**
 * Saves the rules opened at `version`. Switched on, they need an inviter's reward above 0 and a deposit or turnover
 * to reach (REFERRAL_RULES_INVALID). Rewards already paid or held stay as they are.
 */
export const BoSaveReferralRulesRequestSchema = BoReferralRulesSchema.extend({ version: VersionSchema }).strict();
export type BoSaveReferralRulesRequest = z.infer<typeof BoSaveReferralRulesRequestSchema>;

export const ABUSE_FLAG_KINDS = ['referral', 'signup_bonus'] as const;
export type AbuseFlagKind = (typeof ABUSE_FLAG_KINDS)[number];
/**
 * What two members shared: a sign-in or registration IP, a sign-in or registration device (the player site's device id),
 * a bank account number, a phone.
 */
export const ABUSE_EVIDENCE_KINDS = ['device', 'ip', 'bank_account', 'phone'] as const;
export type AbuseEvidenceKind = (typeof ABUSE_EVIDENCE_KINDS)[number];
export const ABUSE_FLAG_STATUSES = ['open', 'released', 'rejected'] as const;
export type AbuseFlagStatus = (typeof ABUSE_FLAG_STATUSES)[number];

export const AbuseEvidenceSchema = z.object({
  kind: z.enum(ABUSE_EVIDENCE_KINDS),
  value: z
    .string()
    .describe(
      'What matched (an IP, a bank account number, a phone) as finance sees it; for a device, the SHA-256 (hex) of its id.',
    ),
  memberId: z.number().int().describe('The other member who has it.'),
  account: z.string().describe("The other member's account name."),
});
export type AbuseEvidence = z.infer<typeof AbuseEvidenceSchema>;

export const BoAbuseFlagSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ABUSE_FLAG_KINDS),
  memberId: z.number().int().describe('Whom the held payout would pay (the inviter, or the new member).'),
  account: z.string(),
  matchedMemberIds: z.array(z.number().int()),
  evidence: z.array(AbuseEvidenceSchema),
  payoutKey: z.string().describe('The wallet key the payout is paid by, once, if released.'),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(ABUSE_FLAG_STATUSES),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BoAbuseFlag = z.infer<typeof BoAbuseFlagSchema>;
export const BoAbuseFlagResponseSchema = successEnvelope(BoAbuseFlagSchema);

export const BoAbuseFlagListQuerySchema = PageRequestSchema.extend({
  status: z.enum(ABUSE_FLAG_STATUSES).default('open'),
});
export type BoAbuseFlagListQuery = z.infer<typeof BoAbuseFlagListQuerySchema>;
export const BoAbuseFlagPageSchema = pageSchema(BoAbuseFlagSchema).extend({
  currencyExponent: z.number().int(),
});
export type BoAbuseFlagPage = z.infer<typeof BoAbuseFlagPageSchema>;
export const BoAbuseFlagPageResponseSchema = successEnvelope(BoAbuseFlagPageSchema);

/** Release (pay the held payout, once) or reject (never pay it) an open flag, with the reason the audit keeps. */
export const BoDecideAbuseFlagRequestSchema = z.object({ reason: z.string().trim().min(1).max(500) }).strict();
export type BoDecideAbuseFlagRequest = z.infer<typeof BoDecideAbuseFlagRequestSchema>;

export const BoAbuseFlagParamsSchema = BrandParamsSchema.extend({
  flagId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
