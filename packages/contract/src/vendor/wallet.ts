import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { findJsonProblem, holdsNul, MAX_JSON_DEPTH } from '../text';
import * as VENDOR_WALLET_CALLS from './calls';

/**
 * The seamless-wallet protocol every game vendor speaks. The vendor POSTs JSON to
 * `/wps/vendor/wallet/<operation>` with three headers:
 * - `x-vendor-code`: the vendor's code;
 * - `x-timestamp`: when the call was signed, in Unix seconds;
 * - `x-signature`: lower-case hex HMAC-SHA256, keyed with the vendor's secret, of
 *   `walletSigningText(timestamp, rawBody)`: the timestamp, a dot and the raw request body.
 * A call signed more than `VENDOR_SIGNATURE_TOLERANCE_SECONDS` before or after the platform's clock is
 * refused (`VENDOR_SIGNATURE_EXPIRED`), so a captured call cannot be sent again later; a retry is signed
 * again with its own time (docs/decisions/0027-signed-wallet-time-and-credits-without-a-debit.md).
 * A repeated `requestId` gets the first answer again. A `transactionId` is applied once, ever.
 * A credit pays a round the player was debited in; only a credit marked `promotion` or `tournament`
 * pays without a debit, within the brand's daily cap for the vendor.
 */
export const VENDOR_WALLET_PATHS = {
  balance: VENDOR_WALLET_CALLS.balance.path,
  debit: VENDOR_WALLET_CALLS.debit.path,
  credit: VENDOR_WALLET_CALLS.credit.path,
  creditBatch: VENDOR_WALLET_CALLS.creditBatch.path,
  rollback: VENDOR_WALLET_CALLS.rollback.path,
} as const;

export const VENDOR_HEADERS = {
  vendorCode: 'x-vendor-code',
  signature: 'x-signature',
  timestamp: 'x-timestamp',
} as const;

/** How far, either way, a wallet call's `x-timestamp` may be from the platform's clock. */
export const VENDOR_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The text a wallet call's signature covers: `<timestamp>.<raw body>` (the scheme of Stripe's webhooks).
 * Both sides build it here; each signs it with its own HMAC-SHA256.
 */
export function walletSigningText(timestampSeconds: number | string, rawBody: string): string {
  return `${timestampSeconds}.${rawBody}`;
}

/** What a credit pays: a round's win, or a win with no stake of its own (a promotion, a tournament). */
export const WALLET_CREDIT_TYPES = ['round', 'promotion', 'tournament'] as const;

const Id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only');
const Amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe('Integer amount in the minor unit.');

const Base = z.object({
  requestId: Id.describe('Unique per request; a repeat gets the first answer.'),
  playerId: Id.describe('The player id the platform gave the vendor at launch.'),
  currency: z.string().length(3),
});

export const WalletBalanceRequestSchema = Base.extend({
  sessionToken: z.string().min(1).max(256).optional().describe('The launch session; optional for balance.'),
});

export const WalletDebitRequestSchema = Base.extend({
  sessionToken: z.string().min(1).max(256).describe('The launch session; a debit needs a live one.'),
  transactionId: Id,
  roundId: Id,
  gameCode: Id,
  amountMinor: Amount.refine((value) => value > 0, 'must be more than 0'),
});

export const WalletCreditRequestSchema = Base.extend({
  transactionId: Id,
  roundId: Id,
  gameCode: Id,
  amountMinor: Amount.describe('The win; 0 settles a lost round.'),
  /** True when this credit ends the round (settled). */
  roundEnded: z.boolean().default(true),
  // Optional rather than defaulted: a body without it hashes as it did before the field existed, so a
  // requestId answered then is still recognised as the same request.
  creditType: z
    .enum(WALLET_CREDIT_TYPES)
    .optional()
    .describe(
      "Absent or 'round': the win of a round the player was debited in (else VENDOR_CREDIT_WITHOUT_DEBIT). " +
        "'promotion' or 'tournament': a win with no stake, paid within the brand's daily cap for the vendor.",
    ),
  /** What the vendor needs to replay the round (outcome, seeds, ...); stored with the betting record. */
  detail: z
    .record(z.string(), z.unknown())
    // Stored as jsonb, which cannot hold a NUL character in a key or a string.
    .refine((detail) => !holdsNul(detail), 'must not contain a NUL character')
    .refine((detail) => findJsonProblem(detail) !== 'depth', `must not nest deeper than ${MAX_JSON_DEPTH} levels`)
    .optional(),
});

/** The most credits one batched credit call carries. */
export const WALLET_CREDIT_BATCH_MAX = 500;
/** The largest body of a batched credit call, in bytes (other calls: 256 KiB). */
export const WALLET_CREDIT_BATCH_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * One credit of a batch: a single credit's fields without its own requestId, a round's win only (a promotion or
 * tournament credit is sent singly, as its cap is counted one by one). Each is applied once by its transactionId,
 * exactly as a single credit with that transactionId is.
 */
export const WalletCreditBatchItemSchema = WalletCreditRequestSchema.omit({ requestId: true, creditType: true });

/**
 * Many round credits in one signed call (docs/decisions/0071-batched-vendor-credits.md): for a vendor that settles
 * many rounds at once (a lottery draw). Ids may repeat within a batch: the first is applied, the others answered
 * as repeats.
 */
export const WalletCreditBatchRequestSchema = z.object({
  requestId: Id.describe('Unique per request; a repeat gets the first answer.'),
  credits: z.array(WalletCreditBatchItemSchema).min(1).max(WALLET_CREDIT_BATCH_MAX),
});

/** What became of one credit of a batch. */
export const WALLET_BATCH_CREDIT_OUTCOMES = ['applied', 'already_applied', 'refused'] as const;

export const WalletCreditBatchItemResultSchema = z.object({
  transactionId: Id,
  outcome: z
    .enum(WALLET_BATCH_CREDIT_OUTCOMES)
    .describe(
      "'applied': paid now; 'already_applied': the transactionId was applied before (by a batch or a single credit), " +
        "its first balance repeated; 'refused': nothing moved, `code` says why (the single credit's error codes).",
    ),
  /** The player's balance after the credit (applied or already applied). */
  balanceMinor: Amount.optional(),
  currency: z.string().length(3),
  code: z.string().optional(),
});

export const WalletCreditBatchResultSchema = z.object({
  /** One answer per credit, in the order sent. */
  credits: z.array(WalletCreditBatchItemResultSchema),
});

export const WalletRollbackRequestSchema = Base.extend({
  transactionId: Id.describe('The debit to cancel. Unknown ids are acknowledged and blocked for later.'),
  roundId: Id,
  gameCode: Id,
});

export const WalletBalanceSchema = z.object({
  balanceMinor: Amount,
  currency: z.string().length(3),
});
export const WalletTransactionResultSchema = WalletBalanceSchema.extend({
  transactionId: Id,
  /** False when the transactionId had already been applied and this answer repeats the first. */
  applied: z.boolean(),
});

export const WalletBalanceResponseSchema = successEnvelope(WalletBalanceSchema);
export const WalletTransactionResponseSchema = successEnvelope(WalletTransactionResultSchema);
export const WalletCreditBatchResponseSchema = successEnvelope(WalletCreditBatchResultSchema);

export type WalletBalanceRequest = z.infer<typeof WalletBalanceRequestSchema>;
export type WalletDebitRequest = z.infer<typeof WalletDebitRequestSchema>;
export type WalletCreditRequest = z.infer<typeof WalletCreditRequestSchema>;
export type WalletRollbackRequest = z.infer<typeof WalletRollbackRequestSchema>;
export type WalletCreditBatchItem = z.infer<typeof WalletCreditBatchItemSchema>;
export type WalletCreditBatchRequest = z.infer<typeof WalletCreditBatchRequestSchema>;
export type WalletCreditBatchItemResult = z.infer<typeof WalletCreditBatchItemResultSchema>;
export type WalletCreditBatchResult = z.infer<typeof WalletCreditBatchResultSchema>;
export type WalletTransactionResult = z.infer<typeof WalletTransactionResultSchema>;
export type WalletCreditType = (typeof WALLET_CREDIT_TYPES)[number];
