import { z } from 'zod';
import { successEnvelope } from '../envelope';

// The cashier's deposits (docs/decisions/0039-cashier-deposits.md): a brand's deposit methods, the member's deposit
// orders and what the member is shown to pay them. Amounts are integers in the brand currency's minor units.

export const DEPOSIT_METHOD_KINDS = ['provider', 'manual_bank'] as const;
export type DepositMethodKind = (typeof DEPOSIT_METHOD_KINDS)[number];
/** created → pending → credited | failed | expired; a provider's late 'paid' still credits a failed or expired order once. */
export const DEPOSIT_STATES = ['created', 'pending', 'credited', 'failed', 'expired'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];
/** Deposit orders a page of the member's list holds at most. */
export const DEPOSIT_PAGE_MAX = 50;

const MinorSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const DepositMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z
    .enum(DEPOSIT_METHOD_KINDS)
    .describe("'provider': the provider's page or QR code; 'manual_bank': a bank transfer finance confirms."),
  minAmountMinor: MinorSchema,
  maxAmountMinor: MinorSchema,
  feeFixedMinor: MinorSchema.describe('Taken from each deposit, in minor units.'),
  feePerMille: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .describe('Taken from each deposit, in thousandths of its amount (rounded down).'),
});
export type DepositMethod = z.infer<typeof DepositMethodSchema>;
export const DepositMethodsSchema = z.object({ currency: z.string(), items: z.array(DepositMethodSchema) });
export type DepositMethods = z.infer<typeof DepositMethodsSchema>;
export const DepositMethodsResponseSchema = successEnvelope(DepositMethodsSchema);

export const CreateDepositRequestSchema = z
  .object({
    methodId: z.number().int().positive().describe("One of the brand's active methods (depositMethods)."),
    amountMinor: z
      .number()
      .int()
      .positive()
      .max(Number.MAX_SAFE_INTEGER)
      .describe("What the member pays, in minor units, within the method's minimum and maximum."),
    promotionCode: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .optional()
      .describe(
        'A deposit bonus the member chose (bonus offers): paid when the deposit is credited, if still eligible then.',
      ),
  })
  .strict();
export type CreateDepositRequest = z.infer<typeof CreateDepositRequestSchema>;

export const DepositInstructionsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string().describe("The provider's payment page: open it.") }),
  z.object({ kind: z.literal('qr'), payload: z.string().describe('The text the QR code holds.') }),
  z.object({
    kind: z.literal('bank'),
    bankName: z.string(),
    accountNumber: z.string(),
    holderName: z.string(),
    reference: z.string().describe('Write it in the transfer: finance matches the transfer to the order by it.'),
  }),
]);
export type DepositInstructions = z.infer<typeof DepositInstructionsSchema>;

export const DepositOrderSchema = z.object({
  orderNo: z.string(),
  methodName: z.string(),
  methodKind: z.enum(DEPOSIT_METHOD_KINDS),
  amountMinor: MinorSchema,
  feeMinor: MinorSchema,
  creditMinor: MinorSchema.describe('What the balance gets once credited: the amount less the fee.'),
  currency: z.string(),
  state: z.enum(DEPOSIT_STATES),
  instructions: DepositInstructionsSchema.nullable().describe(
    'null once the order is over, or before the provider answered.',
  ),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof DepositOrderSchema>;
export const DepositOrderResponseSchema = successEnvelope(DepositOrderSchema);

export const DepositListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(DEPOSIT_PAGE_MAX).default(10),
    cursor: z.string().min(1).max(40).optional().describe("The previous page's nextCursor."),
  })
  .strict();
export type DepositListQuery = z.infer<typeof DepositListQuerySchema>;
export const DepositPageSchema = z.object({
  items: z.array(DepositOrderSchema),
  nextCursor: z.string().nullable(),
});
export type DepositPage = z.infer<typeof DepositPageSchema>;
export const DepositPageResponseSchema = successEnvelope(DepositPageSchema);

export const DepositOrderParamsSchema = z.object({ orderNo: z.string().min(1).max(40) });
export const ProviderCallbackParamsSchema = z.object({ providerCode: z.string().min(1).max(40) });
