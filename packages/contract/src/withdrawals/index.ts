import { z } from 'zod';
import { successEnvelope } from '../envelope';

// Withdrawals (docs/decisions/0041-withdrawals.md, docs/product/member-centre.md#withdrawal-confirmation): the
// member's bank accounts, requests held in the ledger until paid, and the member's confirmation of each payout.

const Minor = z.number().int().describe('Integer amount in the currency minor unit.');
const PositiveMinor = z
  .number()
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER)
  .describe('Integer amount in the currency minor unit, above 0.');
const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Proof images a "not received" (or "partly received") confirmation may carry. */
export const WITHDRAWAL_PROOF_LIMITS = {
  maxFiles: 3,
  maxBytes: 5 * 1024 * 1024,
  minWidth: 32,
  minHeight: 32,
  maxWidth: 4096,
  maxHeight: 4096,
} as const;

export const WITHDRAWAL_STATUSES = [
  'requested',
  'approved',
  'paying',
  'paid',
  'payout_failed',
  'rejected',
  'confirmed_received',
  'partly_received',
  'not_received',
  'auto_received',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** States in which the amount is still held (decision 0041): the hold account's entries sum to these. */
export const WITHDRAWAL_HELD_STATUSES: readonly WithdrawalStatus[] = [
  'requested',
  'approved',
  'paying',
  'payout_failed',
];

export const WITHDRAWAL_CONFIRMATIONS = ['received', 'partlyReceived', 'notReceived'] as const;
export type WithdrawalConfirmation = (typeof WITHDRAWAL_CONFIRMATIONS)[number];

export const BankSchema = z.object({
  code: z.string(),
  name: z.string().describe("The bank's name in the request language."),
});
export type Bank = z.infer<typeof BankSchema>;

export const BankAccountSchema = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumberMasked: z.string().describe('All but the last 4 digits hidden.'),
  holderName: z.string(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const TurnoverSchema = z.object({
  percent: z.number().int().describe('Valid bets asked for each deposit, in percent of it (100: once).'),
  requiredMinor: Minor.describe('Valid bets asked for the deposits since the last withdrawal request.'),
  wageredMinor: Minor.describe('Of those, what the valid bets since each deposit already cover.'),
  shortMinor: Minor.describe('Still to bet before a withdrawal; 0 when met.'),
});
export type Turnover = z.infer<typeof TurnoverSchema>;

export const WithdrawalRulesSchema = z.object({
  minMinor: Minor,
  maxMinor: Minor,
  dailyCount: z.number().int(),
  usedToday: z.number().int().describe("Requests made today (the brand's day)."),
  paymentPasswordRequired: z.boolean(),
  maxBankAccounts: z.number().int(),
  confirmMinutes: z.number().int().describe('A paid withdrawal not confirmed within these minutes counts as received.'),
});

/** GET /wps/member/withdrawals/overview: what the withdraw page shows before a request. */
export const WithdrawalOverviewSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  balanceMinor: Minor,
  rules: WithdrawalRulesSchema,
  turnover: TurnoverSchema,
  banks: z.array(BankSchema),
  bankAccounts: z.array(BankAccountSchema),
  payeeNameSet: z.boolean().describe('Whether a real name is registered (a bank account needs one).'),
  paymentPasswordSet: z.boolean(),
});
export type WithdrawalOverview = z.infer<typeof WithdrawalOverviewSchema>;
export const WithdrawalOverviewResponseSchema = successEnvelope(WithdrawalOverviewSchema);

export const BindBankAccountRequestSchema = z
  .object({
    bankCode: z.string().trim().min(1).max(20),
    accountNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^[0-9]{6,20}$/, '6 to 20 digits'))
      .describe('6 to 20 digits; spaces and dashes are dropped.'),
    holderName: z.string().trim().min(1).max(50).describe("Must match the member's registered real name."),
  })
  .strict();
export type BindBankAccountRequest = z.input<typeof BindBankAccountRequestSchema>;
export const BankAccountResponseSchema = successEnvelope(BankAccountSchema);

export const RemoveBankAccountRequestSchema = z
  .object({
    bankAccountId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    paymentPassword: z.string().min(1).max(50),
  })
  .strict();
export type RemoveBankAccountRequest = z.infer<typeof RemoveBankAccountRequestSchema>;
export const BankAccountRemovedResponseSchema = successEnvelope(z.null());

export const CreateWithdrawalRequestSchema = z
  .object({
    bankAccountId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    amountMinor: PositiveMinor,
    paymentPassword: z.string().min(1).max(50).optional().describe('Where the brand asks for it.'),
    requestId: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only')
      .describe("The member's key for this request: a repeat answers the first and holds nothing more."),
  })
  .strict();
export type CreateWithdrawalRequest = z.infer<typeof CreateWithdrawalRequestSchema>;

export const WithdrawalSchema = z.object({
  id: z.number().int(),
  amountMinor: Minor,
  currency: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  bankName: z.string(),
  accountNumberMasked: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  confirmDueAt: z.string().nullable().describe('Paid: confirm by then, or it counts as received.'),
  confirmedAt: z.string().nullable(),
  missingMinor: Minor.nullable(),
  rejectReason: z.string().nullable(),
  caseStatus: z.enum(['open', 'resolved']).nullable(),
  caseReason: z.string().nullable(),
  caseRefundMinor: Minor.nullable(),
  proofCount: z.number().int(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;
export const WithdrawalResponseSchema = successEnvelope(WithdrawalSchema);

export const WithdrawalListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  cursor: z.string().min(1).max(20).optional().describe("The previous page's nextCursor."),
});
export type WithdrawalListQuery = z.input<typeof WithdrawalListQuerySchema>;
export const WithdrawalPageSchema = z.object({ items: z.array(WithdrawalSchema), nextCursor: z.string().nullable() });
export type WithdrawalPage = z.infer<typeof WithdrawalPageSchema>;
export const WithdrawalPageResponseSchema = successEnvelope(WithdrawalPageSchema);

export const WithdrawalParamsSchema = z.object({ withdrawalId: Id });

export const ConfirmWithdrawalRequestSchema = z
  .object({
    outcome: z.enum(WITHDRAWAL_CONFIRMATIONS),
    missingMinor: PositiveMinor.optional().describe('partlyReceived: the amount that did not arrive.'),
    note: z.string().trim().max(500).optional(),
  })
  .strict();
export type ConfirmWithdrawalRequest = z.infer<typeof ConfirmWithdrawalRequestSchema>;

export const ProofUploadedSchema = z.object({ proofCount: z.number().int() });
export const ProofUploadedResponseSchema = successEnvelope(ProofUploadedSchema);

export * from './backoffice';
export * from './banks';
