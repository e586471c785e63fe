import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { PageRequestSchema, pageSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';

// Application promotions (docs/decisions/0052-application-promotions.md, docs/product/member-centre.md#activity-application):
// a promotion of kind 'application' that the member applies to with a comment and images; an operator approves it
// (its reward is paid as a bonus with source 'application') or rejects it with a reason.

/** What an application may carry: a comment of at most 140 characters and up to 3 PNG or JPEG images of 5 MB. */
export const APPLICATION_LIMITS = {
  commentMaxLength: 140,
  maxImages: 3,
  maxBytes: 5 * 1024 * 1024,
  minWidth: 16,
  minHeight: 16,
  maxWidth: 4096,
  maxHeight: 4096,
  types: ['image/png', 'image/jpeg'],
} as const;

/** The longest reason of a rejection, which the member reads. */
export const APPLICATION_REJECT_REASON_MAX = 140;

/** applying: waiting for an operator; issued: approved, the reward paid; rejected: with a reason (may apply again). */
export const APPLICATION_STATUSES = ['applying', 'issued', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * A promotion's state for the member (the activity states of member-centre.md): coming_soon (not started), join (may
 * apply), applying, issued, rejected (may apply again while open), close (ended).
 */
export const APPLICATION_OFFER_STATES = ['coming_soon', 'join', 'applying', 'issued', 'rejected', 'close'] as const;
export type ApplicationOfferState = (typeof APPLICATION_OFFER_STATES)[number];

/** The comment's length as the limit counts it: characters (code points), not UTF-16 units. */
export function applicationCommentLength(comment: string): number {
  return Array.from(comment).length;
}

const Minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** An application promotion as the /promotions page shows it. Texts in the request's language. */
export const ApplicationOfferSchema = z.object({
  code: z.string().describe('Send as promotionCode when applying.'),
  title: z.string(),
  summary: z.string(),
  rewardMinor: Minor.describe('The reward paid when an operator approves.'),
  wageringMultiplier: z.number().int().describe('Times the reward to wager before it can be withdrawn (0: none).'),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  state: z.enum(APPLICATION_OFFER_STATES),
  rejectReason: z
    .string()
    .nullable()
    .describe("The operator's reason when the member's last application was rejected."),
});
export type ApplicationOffer = z.infer<typeof ApplicationOfferSchema>;
/** GET /wps/promotions/applications */
export const ApplicationOffersSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  items: z.array(ApplicationOfferSchema),
});
export type ApplicationOffers = z.infer<typeof ApplicationOffersSchema>;
export const ApplicationOffersResponseSchema = successEnvelope(ApplicationOffersSchema);

/** One of the member's applications. */
export const MemberApplicationSchema = z.object({
  id: z.number().int(),
  promotionCode: z.string(),
  title: z.string(),
  comment: z.string(),
  imageIds: z.array(z.number().int()).describe('GET …/applications/:id/images/:imageId of each.'),
  status: z.enum(APPLICATION_STATUSES),
  rejectReason: z.string().nullable(),
  rewardMinor: Minor.nullable().describe('The reward paid once issued; null otherwise.'),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MemberApplication = z.infer<typeof MemberApplicationSchema>;
/** GET /wps/member/applications: the member's 50 newest. */
export const MemberApplicationsSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  items: z.array(MemberApplicationSchema),
});
export type MemberApplications = z.infer<typeof MemberApplicationsSchema>;
export const MemberApplicationsResponseSchema = successEnvelope(MemberApplicationsSchema);
/** POST /wps/member/applications answers the application made. */
export const MemberApplicationResponseSchema = successEnvelope(MemberApplicationSchema);

export const ApplicationImageParamsSchema = z.object({
  applicationId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  imageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

// The back office.

/** An application as the operator reviews it. */
export const BoApplicationSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  account: z.string(),
  promotionId: z.number().int(),
  promotionCode: z.string(),
  promotionTitle: z.string().describe('In the operator language asked (KO or EN).'),
  comment: z.string(),
  imageIds: z.array(z.number().int()),
  status: z.enum(APPLICATION_STATUSES),
  rejectReason: z.string().nullable(),
  rewardMinor: Minor.describe("The promotion's reward now, or the bonus paid once issued."),
  bonusId: z.number().int().nullable(),
  decidedBy: z.string().nullable().describe('The login of the operator who decided.'),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type BoApplication = z.infer<typeof BoApplicationSchema>;
export const BoApplicationResponseSchema = successEnvelope(BoApplicationSchema);

export const BoApplicationListQuerySchema = PageRequestSchema.extend({
  status: z.enum(APPLICATION_STATUSES).optional(),
});
export type BoApplicationListQuery = z.infer<typeof BoApplicationListQuerySchema>;
export const BoApplicationPageSchema = pageSchema(BoApplicationSchema).extend({
  currency: z.string(),
  currencyExponent: z.number().int(),
});
export type BoApplicationPage = z.infer<typeof BoApplicationPageSchema>;
export const BoApplicationPageResponseSchema = successEnvelope(BoApplicationPageSchema);

export const BoApplicationParamsSchema = BrandParamsSchema.extend({
  applicationId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const BoApplicationImageParamsSchema = BrandParamsSchema.extend({
  imageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
/** Rejects an application with the reason the member reads. */
export const BoRejectApplicationRequestSchema = z
  .object({ reason: z.string().trim().min(1).max(APPLICATION_REJECT_REASON_MAX) })
  .strict();
export type BoRejectApplicationRequest = z.infer<typeof BoRejectApplicationRequestSchema>;
