import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { TransferUplineRequestSchema, UplineTransferLimitsSchema } from './upline';

// An agent's transfer to a member of its downline (docs/product/agent-centre.md#transfers, decision 0062): one ledger
// movement from the agent's wallet to the member's, with the payment password, within the brand's transfer limits
// (the same as the upline transfer's, each direction with its own daily total), to the whole downline or to the direct
// members only, as the brand sets.

/** How deep an agent may send: its whole downline, or its direct members only. */
export const DOWNLINE_TRANSFER_SCOPES = ['any', 'direct'] as const;
export type DownlineTransferScope = (typeof DOWNLINE_TRANSFER_SCOPES)[number];

const Minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** GET /wps/agent/transfers/downline */
export const DownlineTransferOverviewSchema = z.object({
  scope: z.enum(DOWNLINE_TRANSFER_SCOPES),
  limits: UplineTransferLimitsSchema,
  sentTodayMinor: Minor.describe("What the agent sent to its downline since the start of today (brand's time zone)."),
  balanceMinor: Minor.describe("The agent's main wallet balance, the money a transfer takes from."),
  currency: z.string(),
});
export type DownlineTransferOverview = z.infer<typeof DownlineTransferOverviewSchema>;
export const DownlineTransferOverviewResponseSchema = successEnvelope(DownlineTransferOverviewSchema);

/** POST /wps/agent/transfers/downline: the upline transfer's fields and the downline member to send to. */
export const TransferDownlineRequestSchema = TransferUplineRequestSchema.extend({
  memberId: z
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .describe("A member of the agent's downline (at any depth, or direct only, by the brand's scope)."),
});
export type TransferDownlineRequest = z.infer<typeof TransferDownlineRequestSchema>;

export const DownlineTransferSchema = z.object({
  transferNo: z.string().describe('The ledger movement number, as the account record shows it.'),
  amountMinor: Minor,
  currency: z.string(),
  downlineAccount: z.string(),
  balanceMinor: Minor.describe("The agent's balance after the transfer."),
  at: z.string().describe('When it was made (ISO 8601).'),
  repeated: z.boolean().describe('True: this requestId had already been sent; nothing moved this time.'),
});
export type DownlineTransfer = z.infer<typeof DownlineTransferSchema>;
export const DownlineTransferResponseSchema = successEnvelope(DownlineTransferSchema);
