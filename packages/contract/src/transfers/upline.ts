import { z } from 'zod';
import { successEnvelope } from '../envelope';

// The transfer to the upline agent (docs/product/member-centre.md#wallet-deposit-and-withdrawal, decision 0043): one ledger movement from
// the member's wallet to the upline's, with the payment password, within the brand's limits.

/** The limits a brand without its own applies, in minor units (docs/decisions/0043-upline-transfers-and-kyc.md). */
export const DEFAULT_UPLINE_TRANSFER_LIMITS = {
  minMinor: 1_000,
  maxMinor: 1_000_000,
  dailyMaxMinor: 5_000_000,
} as const;

const Minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const UplineTransferLimitsSchema = z.object({
  minMinor: Minor.describe('The least one transfer may send (minor units).'),
  maxMinor: Minor.describe('The most one transfer may send (minor units).'),
  dailyMaxMinor: Minor.describe("The most a member may send in a day of the brand's time zone (minor units)."),
});
export type UplineTransferLimits = z.infer<typeof UplineTransferLimitsSchema>;

/** GET /wps/member/transfers/upline */
export const UplineOverviewSchema = z.object({
  upline: z
    .object({
      account: z.string().describe("The upline agent's account name."),
      nickname: z.string().nullable(),
    })
    .nullable()
    .describe('Null: the member has no upline agent (nothing can be sent).'),
  limits: UplineTransferLimitsSchema,
  sentTodayMinor: Minor.describe("What the member sent to the upline since the start of today (brand's time zone)."),
  balanceMinor: Minor.describe("The member's main wallet balance, the money a transfer takes from."),
  currency: z.string(),
});
export type UplineOverview = z.infer<typeof UplineOverviewSchema>;
export const UplineOverviewResponseSchema = successEnvelope(UplineOverviewSchema);

/** POST /wps/member/transfers/upline */
export const TransferUplineRequestSchema = z.object({
  amountMinor: z
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .describe("Minor units of the brand's currency, within the brand's limits."),
  paymentPassword: z.string().max(50).describe('The payment password (6 digits), checked before anything moves.'),
  requestId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[\w.:-]+$/, 'letters, digits and . _ : - only')
    .describe('Chosen by the client; a repeat with the same amount answers the first transfer and moves nothing.'),
});
export type TransferUplineRequest = z.infer<typeof TransferUplineRequestSchema>;

export const UplineTransferSchema = z.object({
  transferNo: z.string().describe('The ledger movement number, as the account record shows it.'),
  amountMinor: Minor,
  currency: z.string(),
  uplineAccount: z.string(),
  balanceMinor: Minor.describe("The member's balance after the transfer."),
  at: z.string().describe('When it was made (ISO 8601).'),
  repeated: z.boolean().describe('True: this requestId had already been sent; nothing moved this time.'),
});
export type UplineTransfer = z.infer<typeof UplineTransferSchema>;
export const UplineTransferResponseSchema = successEnvelope(UplineTransferSchema);
