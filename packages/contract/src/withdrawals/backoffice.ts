import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { PageRequestSchema, pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';

// The back office's withdrawal pages (docs/decisions/0041-withdrawals.md): the review queue with its risk flags,
// payout, the confirmation cases, and a brand's withdrawal settings.

const Minor = z.number().int().describe('Integer amount in the currency minor unit.');
const Reason = z.string().trim().min(2).max(500);

export const WITHDRAWAL_RISK_FLAGS = [
  /** No earlier withdrawal was paid to this bank account. */
  'newBankAccount',
  /** At least the brand's large-amount threshold. */
  'largeAmount',
  /** Another member of the brand bound the same bank account. */
  'sharedBankAccount',
  /** Another member of the brand asked or bound an account from the same IP. */
  'sharedIp',
  /** The turnover the request was checked against is no longer met (a counted round was cancelled since). */
  'turnoverShort',
] as const;
export type WithdrawalRiskFlag = (typeof WITHDRAWAL_RISK_FLAGS)[number];

export const BoWithdrawalSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  account: z.string().describe("The member's login."),
  amountMinor: Minor,
  currency: z.string(),
  status: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string().describe('In full: finance pays to it.'),
  holderName: z.string(),
  ip: z.string(),
  turnoverRequiredMinor: Minor,
  turnoverWageredMinor: Minor,
  riskFlags: z.array(z.enum(WITHDRAWAL_RISK_FLAGS)),
  payoutMethod: z.enum(['provider', 'manual']).nullable(),
  payoutFailure: z.string().nullable(),
  rejectReason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  missingMinor: Minor.nullable(),
  memberNote: z.string().nullable(),
  caseStatus: z.enum(['open', 'resolved']).nullable(),
  caseReason: z.string().nullable(),
  caseRefundMinor: Minor.nullable(),
  proofIds: z.array(z.number().int()),
  version: z.number().int(),
});
export type BoWithdrawal = z.infer<typeof BoWithdrawalSchema>;
export const BoWithdrawalResponseSchema = successEnvelope(BoWithdrawalSchema);

export const BO_WITHDRAWAL_QUEUES = ['review', 'payout', 'done', 'cases', 'resolved'] as const;
export const BoWithdrawalsQuerySchema = PageRequestSchema.extend({
  queue: z
    .enum(BO_WITHDRAWAL_QUEUES)
    .default('review')
    .describe(
      'review: requested; payout: approved, paying, payout_failed; done: paid, received, rejected; ' +
        'cases: partly or not received, open; resolved: cases resolved.',
    ),
});
export type BoWithdrawalsQuery = z.infer<typeof BoWithdrawalsQuerySchema>;
export const BoWithdrawalPageSchema = pageSchema(BoWithdrawalSchema);
export const BoWithdrawalPageResponseSchema = successEnvelope(BoWithdrawalPageSchema);

export const BoWithdrawalParamsSchema = BrandParamsSchema.extend({
  withdrawalId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const BoWithdrawalProofParamsSchema = BoWithdrawalParamsSchema.extend({
  proofId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const ApproveWithdrawalRequestSchema = z
  .object({
    version: VersionSchema,
    payout: z
      .enum(['provider', 'manual'])
      .describe(
        "provider: paid through the brand's payment provider now; " +
          'manual: finance pays it outside and marks it paid.',
      ),
  })
  .strict();
export type ApproveWithdrawalRequest = z.infer<typeof ApproveWithdrawalRequestSchema>;

export const RejectWithdrawalRequestSchema = z.object({ version: VersionSchema, reason: Reason }).strict();
export type RejectWithdrawalRequest = z.infer<typeof RejectWithdrawalRequestSchema>;

export const MarkWithdrawalPaidRequestSchema = z
  .object({ version: VersionSchema, reference: z.string().trim().min(1).max(100).optional() })
  .strict();
export type MarkWithdrawalPaidRequest = z.infer<typeof MarkWithdrawalPaidRequestSchema>;

export const RetryWithdrawalPayoutRequestSchema = z.object({ version: VersionSchema }).strict();

export const ResolveWithdrawalCaseRequestSchema = z
  .object({
    version: VersionSchema,
    reason: Reason,
    refundMinor: z
      .number()
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .default(0)
      .describe('Credited back to the member (withdrawal_refund); 0: no refund.'),
  })
  .strict();
export type ResolveWithdrawalCaseRequest = z.input<typeof ResolveWithdrawalCaseRequestSchema>;

export const BankChoiceSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[A-Z0-9_]+$/, 'capital letters, digits and _'),
  name: z.string().trim().min(1).max(50),
});

export const WithdrawalSettingsSchema = z.object({
  paymentPasswordRequired: z.boolean(),
  minMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  maxMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  dailyCount: z.number().int().min(1).max(100),
  confirmMinutes: z.number().int().min(5).max(43_200),
  turnoverPercent: z.number().int().min(0).max(10_000).describe('100: each deposit wagered once; 0: none asked.'),
  maxBankAccounts: z.number().int().min(1).max(10),
  largeAmountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  banks: z
    .array(BankChoiceSchema)
    .max(100)
    .nullable()
    .describe("The brand's own banks; null: the fixed list of its currency's country."),
});
export type WithdrawalSettings = z.infer<typeof WithdrawalSettingsSchema>;
export const WithdrawalSettingsViewSchema = WithdrawalSettingsSchema.extend({
  version: z.number().int(),
  currency: z.string().describe("The brand's currency: the amounts are its minor units."),
  defaultBanks: z.array(BankChoiceSchema).describe("The fixed list of the brand's currency's country."),
});
export type WithdrawalSettingsView = z.infer<typeof WithdrawalSettingsViewSchema>;
export const WithdrawalSettingsResponseSchema = successEnvelope(WithdrawalSettingsViewSchema);
export const SaveWithdrawalSettingsRequestSchema = WithdrawalSettingsSchema.extend({ version: VersionSchema })
  .strict()
  .refine((value) => value.maxMinor >= value.minMinor, { path: ['maxMinor'], message: 'at least the minimum' });
export type SaveWithdrawalSettingsRequest = z.infer<typeof SaveWithdrawalSettingsRequestSchema>;
