import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { GAME_TYPES } from '../games/constants';

const Minor = z.number().int().describe('Integer amount in the currency minor unit.');
const Id = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only');

/** The code of the one wallet a seamless brand has. */
export const MAIN_WALLET = 'MAIN';

/** GET /wps/v2/wallets/balance (docs/product/calls.md#wallet). */
export const BalanceSchema = z.object({
  sumBalance: Minor.describe('Total balance of the member in minor units.'),
  currency: z.string().length(3),
  currencyExponent: z.number().int().describe('Minor units per major unit: 10^currencyExponent.'),
});
export type Balance = z.infer<typeof BalanceSchema>;
export const BalanceResponseSchema = successEnvelope(BalanceSchema);

export const WalletEntrySchema = z.object({
  walletCode: z.string().describe('MAIN, or a vendor code for transfer-wallet vendors.'),
  displayName: z
    .string()
    .describe("The wallet's name in the request language (KO or EN); clients may name MAIN in their own."),
  balanceMinor: Minor,
  acceptsTransfers: z
    .boolean()
    .optional()
    .describe('Vendor wallets only: false while the vendor is under maintenance (money may still come back out).'),
});

/** GET /wps/relay/GCS_merchantWallet (docs/product/calls.md#wallet). */
export const MerchantWalletQuerySchema = z.object({
  isSingle: z
    .union([z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0')])
    .optional()
    .describe('Ask for the single (main) wallet only.'),
});
export const MerchantWalletSchema = z.object({
  isSingle: z
    .boolean()
    .describe(
      "True: every game plays from the one main wallet (seamless), so no transfer is ever needed. False: the brand's TRANSFER_WALLETS flag is on, and each transfer-mode vendor has a wallet of its own.",
    ),
  currency: z.string().length(3),
  wallets: z.array(WalletEntrySchema),
});
export type MerchantWallet = z.infer<typeof MerchantWalletSchema>;
export const MerchantWalletResponseSchema = successEnvelope(MerchantWalletSchema);

/** POST /wps/relay/GCS_walletTransfer (docs/product/calls.md#wallet): between the main wallet and a vendor wallet. */
export const WalletTransferBodySchema = z
  .object({
    fromWallet: z.string().min(1).max(64).describe('MAIN or a vendor wallet code.'),
    toWallet: z.string().min(1).max(64).describe('MAIN or a vendor wallet code; one of the two is MAIN.'),
    amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    requestId: Id.describe('Idempotency key chosen by the client; a repeat moves nothing.'),
  })
  .refine((body) => (body.fromWallet === MAIN_WALLET) !== (body.toWallet === MAIN_WALLET), {
    path: ['toWallet'],
    message: 'one side of a transfer is MAIN, the other a vendor wallet',
  });
export type WalletTransferBody = z.infer<typeof WalletTransferBodySchema>;
export const WalletTransferResponseSchema = successEnvelope(MerchantWalletSchema);

/** POST /wps/member/wallet/recall: every vendor wallet's money back to the main wallet, in one transaction. */
export const WalletRecallBodySchema = z.object({
  requestId: Id.describe('Idempotency key chosen by the client; a repeat moves nothing.'),
});
export type WalletRecallBody = z.infer<typeof WalletRecallBodySchema>;
export const WalletRecallResponseSchema = successEnvelope(MerchantWalletSchema);

/** GET /wps/member/info/funds/consolidated: every wallet of the member summed into one view. */
export const ConsolidatedFundsSchema = z.object({
  sumBalance: Minor,
  currency: z.string().length(3),
  wallets: z.array(WalletEntrySchema),
  inPlayMinor: Minor.describe('Stakes of rounds that are still open (debited, not yet settled).'),
  openRounds: z.number().int(),
});
export const ConsolidatedFundsResponseSchema = successEnvelope(ConsolidatedFundsSchema);

/** Round states: every round a vendor reports ends settled or cancelled. */
export const ROUND_STATUSES = ['open', 'settled', 'cancelled'] as const;

export const RoundTransactionSchema = z.object({
  transactionId: z.string(),
  kind: z.enum(['debit', 'credit', 'rollback']),
  amountMinor: Minor,
  at: z.string(),
});

/** A betting record: one round a vendor reported, as the member sees it. */
export const BettingRecordSchema = z.object({
  roundId: z.string(),
  vassalage: z.string(),
  vendorName: z.string().describe("The vendor's display name (the vassalage is its code)."),
  gameCode: z.string(),
  gameName: z.string(),
  gameType: z.string(),
  currency: z.string().length(3),
  stakeMinor: Minor,
  winMinor: Minor,
  validBetMinor: Minor.describe('Stake that counts for points and rebates: 0 for a cancelled round.'),
  profitMinor: Minor.describe('winMinor - stakeMinor for a settled round, 0 for a cancelled one.'),
  status: z.enum(ROUND_STATUSES),
  startedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BettingRecord = z.infer<typeof BettingRecordSchema>;

/** The longest period the betting records and the profit and loss read at once, in the brand's days. */
export const MEMBER_PERIOD_MAX_DAYS = 93;

/** A day in the brand's time zone, YYYY-MM-DD (a date that exists is checked by the service). */
const MemberDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

/** GET /wps/member/betting/records: the member's rounds, newest first, keyset paged. */
export const BettingRecordsQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(64).optional(),
  status: z.enum(ROUND_STATUSES).optional(),
  vassalage: z.string().max(64).optional().describe("Only this vendor's rounds (its code)."),
  gameType: z.enum(GAME_TYPES).optional().describe("Only this category's rounds."),
  from: MemberDaySchema.optional().describe(
    "Rounds started on or after this day (the brand's time zone); with `to`, at most MEMBER_PERIOD_MAX_DAYS days.",
  ),
  to: MemberDaySchema.optional().describe('Rounds started on or before this day; given with `from`.'),
});
export type BettingRecordsQuery = z.infer<typeof BettingRecordsQuerySchema>;

/** What a set of rounds adds up to: the betting records' totals, a day or a category of the profit and loss. */
export const BettingFiguresSchema = z.object({
  rounds: z.number().int().min(0),
  stakeMinor: Minor,
  validBetMinor: Minor.describe('Stakes of settled rounds.'),
  payoutMinor: Minor.describe('Wins paid.'),
  profitMinor: Minor.describe("The member's win or loss: payout - stake of the settled rounds."),
});
export type BettingFigures = z.infer<typeof BettingFiguresSchema>;

export const BettingRecordsSchema = z.object({
  list: z.array(BettingRecordSchema),
  nextCursor: z.string().nullable(),
  totals: BettingFiguresSchema.nullable().describe(
    'Every round the filters match, on the first page (no cursor) of a period (`from` and `to`); null otherwise.',
  ),
});
export const BettingRecordsResponseSchema = successEnvelope(BettingRecordsSchema);

/** GET /wps/member/betting/records/:vassalage/:roundId: one round with what is needed to replay it. */
export const BettingRecordDetailSchema = BettingRecordSchema.extend({
  transactions: z.array(RoundTransactionSchema),
  detail: z.record(z.string(), z.unknown()).nullable().describe("The vendor's replay data (outcome, seeds)."),
});
export const BettingRecordDetailResponseSchema = successEnvelope(BettingRecordDetailSchema);

/** GET /wps/member/betting/profit: the member's profit and loss over a period of the brand's days. */
export const BettingProfitQuerySchema = z.object({
  from: MemberDaySchema.describe("First day (the brand's time zone)."),
  to: MemberDaySchema.describe('Last day, included; at most MEMBER_PERIOD_MAX_DAYS days from `from`.'),
});
export type BettingProfitQuery = z.infer<typeof BettingProfitQuerySchema>;

export const BettingProfitSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().length(3),
  totals: BettingFiguresSchema,
  days: z
    .array(BettingFiguresSchema.extend({ day: z.string().describe('YYYY-MM-DD, the brand’s day.') }))
    .describe('Every day of the period, oldest first, a day without a settled round at 0.'),
  categories: z
    .array(BettingFiguresSchema.extend({ gameType: z.string().describe("The game's category; '' when unknown.") }))
    .describe('Each category played in the period, the most staked first.'),
});
export type BettingProfit = z.infer<typeof BettingProfitSchema>;
export const BettingProfitResponseSchema = successEnvelope(BettingProfitSchema);

/** An operator's credit (positive) or debit (negative) of a member, with a reason; idempotent by key. */
export const AdjustmentRequestSchema = z.object({
  merchantCode: z.string().min(1).max(64),
  account: z.string().min(1).max(64),
  amountMinor: z
    .number()
    .int()
    .refine((value) => value !== 0, 'must not be 0'),
  reason: z.string().trim().min(3).max(500),
  idempotencyKey: Id,
});
export type AdjustmentRequest = z.infer<typeof AdjustmentRequestSchema>;

/**
 * An operator ends a round its vendor abandoned (decision 0021): `cancelled` returns the stakes still
 * debited (only while nothing was won), `settled` ends it as it stands. The reason is kept on the round.
 */
export const CloseRoundRequestSchema = z.object({
  vassalage: z.string().min(1).max(64),
  roundId: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only'),
  outcome: z.enum(['cancelled', 'settled']),
  reason: z.string().trim().min(3).max(500),
});
export type CloseRoundRequest = z.infer<typeof CloseRoundRequestSchema>;

/** Message pushed on the realtime socket when a balance changes. */
export const BalanceEventSchema = z.object({
  type: z.literal('balance'),
  sumBalance: Minor,
  currency: z.string().length(3),
});
export type BalanceEvent = z.infer<typeof BalanceEventSchema>;
/** The first message on the balance socket (WALLET_CALLS.balanceSocket). */
export const RealtimeAuthMessageSchema = z.object({ type: z.literal('auth'), token: z.string().min(1).max(512) });

export * from './member-transactions';
