import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { ReferralProgressSchema, ReferralRewardTermsSchema } from './rewards';

export * from './rewards';

/** The query parameter of the registration page that carries an invite code: `/register?referralCode=`. */
export const REFERRAL_CODE_PARAM = 'referralCode';

/** GET /wps/member/referral: the member's own code and link, and what came of them. */
export const ReferralSummarySchema = z.object({
  code: z.string().describe("The member's invite code; a registration that gives it names the member as inviter."),
  link: z
    .string()
    .nullable()
    .describe(
      "The registration page of the brand's site with the code filled in, built on the brand's configured site " +
        'address (decision 0026); null when registration would not take the code (registration or its ' +
        'referral-code field switched off, or the brand has no site address yet).',
    ),
  counts: z.object({
    total: z.number().int().min(0).describe('Members who registered with the code.'),
    thisMonth: z
      .number()
      .int()
      .min(0)
      .describe("Of them, those who registered since the start of this month in the brand's time zone."),
    played: z.number().int().min(0).describe('Of them, those who have played at least one round.'),
  }),
  rewards: ReferralRewardTermsSchema.describe(
    "The brand's referral rewards (decision 0057) and what the member earned by them; enabled false: none offered.",
  ),
});
export type ReferralSummary = z.infer<typeof ReferralSummarySchema>;
export const ReferralSummaryResponseSchema = successEnvelope(ReferralSummarySchema);

/** Most members one page of GET /wps/member/referral/members holds. */
export const MAX_REFERRAL_PAGE_SIZE = 50;

/** GET /wps/member/referral/members: one page, newest registration first. */
export const ReferralMembersQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(MAX_REFERRAL_PAGE_SIZE).default(20),
  cursor: z
    .string()
    .regex(/^[0-9a-z]{1,10}$/)
    .optional()
    .describe("The previous page's nextCursor; absent for the first page."),
});
export type ReferralMembersQuery = z.infer<typeof ReferralMembersQuerySchema>;

export const ReferredMemberSchema = z.object({
  account: z
    .string()
    .describe('The account name, masked (`ab****e`): enough to recognise a friend, not to sign in as one.'),
  registeredAt: z.string().describe('When the member registered (ISO 8601).'),
  hasPlayed: z.boolean().describe('Whether the member has played at least one round.'),
  progress: ReferralProgressSchema.describe("The invited member's progress towards qualifying, and its reward."),
});
export type ReferredMember = z.infer<typeof ReferredMemberSchema>;

export const ReferralMembersSchema = z.object({
  list: z.array(ReferredMemberSchema),
  nextCursor: z.string().nullable().describe('Send as cursor for the next page; null: this is the last page.'),
});
export type ReferralMembers = z.infer<typeof ReferralMembersSchema>;
export const ReferralMembersResponseSchema = successEnvelope(ReferralMembersSchema);
