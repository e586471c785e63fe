import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';
import { DOWNLINE_TRANSFER_SCOPES, UplineTransferLimitsSchema } from '../transfers/index';

// Identity checks (KYC) as a brand setting (decision 0043): the member uploads identity documents, an operator of the
// risk role approves or rejects them, and withdrawals above the brand's threshold need a verified member.

/** What a member may upload for one review. */
export const KYC_DOCUMENT_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxDocuments: 3,
  types: ['image/png', 'image/jpeg', 'application/pdf'],
} as const;

export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const KycDocumentSchema = z.object({
  id: z.number().int(),
  contentType: z.enum(KYC_DOCUMENT_LIMITS.types),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type KycDocument = z.infer<typeof KycDocumentSchema>;

/** GET /wps/member/kyc */
export const KycStateSchema = z.object({
  enabled: z.boolean().describe('Whether the brand asks for identity checks; false: nothing to do.'),
  status: z.enum(KYC_STATUSES),
  reason: z.string().nullable().describe("The operator's reason of a rejection; null otherwise."),
  documents: z
    .array(KycDocumentSchema)
    .describe('The documents of the current review (none once verified or rejected and sent again).'),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  withdrawalThresholdMinor: z
    .number()
    .int()
    .nullable()
    .describe('Withdrawals above this amount need a verified identity; null: none do.'),
});
export type KycState = z.infer<typeof KycStateSchema>;
export const KycStateResponseSchema = successEnvelope(KycStateSchema);

/** Back office: a member in the review list. */
export const KycReviewItemSchema = z.object({
  memberId: z.number().int(),
  account: z.string(),
  status: z.enum(KYC_STATUSES),
  documents: z.number().int(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type KycReviewItem = z.infer<typeof KycReviewItemSchema>;
export const KycReviewsQuerySchema = z.object({
  status: z.enum(['pending', 'verified', 'rejected']).default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^[0-9a-z]{1,12}\.[0-9a-z]{1,12}$/)
    .optional()
    .describe("The previous page's nextCursor."),
});
export type KycReviewsQuery = z.infer<typeof KycReviewsQuerySchema>;
export const KycReviewsResponseSchema = successEnvelope(pageSchema(KycReviewItemSchema));

export const KycReviewSchema = KycReviewItemSchema.extend({
  reason: z.string().nullable(),
  fullname: z.string().nullable().describe("The member's registered real name (payeeName), to compare."),
  documentList: z.array(KycDocumentSchema),
  version: VersionSchema,
});
export type KycReview = z.infer<typeof KycReviewSchema>;
export const KycReviewResponseSchema = successEnvelope(KycReviewSchema);

export const KycDecisionRequestSchema = z.object({ version: VersionSchema });
export const KycRejectRequestSchema = z.object({
  version: VersionSchema,
  reason: z.string().trim().min(1).max(500).describe('Shown to the member.'),
});
export type KycRejectRequest = z.infer<typeof KycRejectRequestSchema>;

/** Back office: the brand's identity-check setting, transfer limits and downline-transfer scope, saved together. */
export const CashierSettingsSchema = z.object({
  kycEnabled: z.boolean(),
  kycWithdrawalThresholdMinor: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .nullable()
    .describe('Withdrawals above it need a verified member; null: no threshold.'),
  uplineTransfer: UplineTransferLimitsSchema,
  downlineTransferScope: z
    .enum(DOWNLINE_TRANSFER_SCOPES)
    .default('any')
    .describe("Where an agent may send: its whole downline ('any') or its direct members only (decision 0062)."),
  version: VersionSchema,
});
export type CashierSettings = z.infer<typeof CashierSettingsSchema>;
export const CashierSettingsViewSchema = CashierSettingsSchema.extend({
  currency: z.string().describe("The brand's currency, the amounts' unit."),
});
export type CashierSettingsView = z.infer<typeof CashierSettingsViewSchema>;
export const CashierSettingsResponseSchema = successEnvelope(CashierSettingsViewSchema);

export const KycMemberParamsSchema = BrandParamsSchema.extend({ memberId: z.coerce.number().int().positive() });
export const KycDocumentParamsSchema = BrandParamsSchema.extend({ documentId: z.coerce.number().int().positive() });
