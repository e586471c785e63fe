import { z } from 'zod';
import { DEPOSIT_METHOD_KINDS, DEPOSIT_STATES } from '../cashier/index';
import { successEnvelope } from '../envelope';
import { BrandParamsSchema } from './operators';
import { pageSchema, PageRequestSchema, VersionSchema } from './paging';

// A brand's deposits in the back office (docs/decisions/0039-cashier-deposits.md): every order by state, manual bank
// transfers finance confirms or rejects, the brand's payment methods and the configured providers.

const MinorSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const BoDepositsQuerySchema = PageRequestSchema.extend({
  state: z.enum(DEPOSIT_STATES).optional().describe('Only orders in this state.'),
  kind: z
    .enum(DEPOSIT_METHOD_KINDS)
    .optional()
    .describe("Only orders of this kind of method ('manual_bank': the queue)."),
}).strict();
export type BoDepositsQuery = z.infer<typeof BoDepositsQuerySchema>;

export const BoDepositSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  playerId: z.number().int(),
  account: z.string(),
  methodName: z.string(),
  methodKind: z.enum(DEPOSIT_METHOD_KINDS),
  providerCode: z.string().nullable(),
  amountMinor: MinorSchema,
  feeMinor: MinorSchema,
  creditMinor: MinorSchema,
  currency: z.string(),
  currencyExponent: z.number().int(),
  state: z.enum(DEPOSIT_STATES),
  providerRef: z.string().nullable(),
  bankReference: z.string().nullable().describe('The reference the member was told to write in the transfer.'),
  failureReason: z.string().nullable(),
  reviewedBy: z.string().nullable().describe('The actor who confirmed or rejected a bank transfer.'),
  createdAt: z.string(),
  expiresAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type BoDeposit = z.infer<typeof BoDepositSchema>;
export const BoDepositPageResponseSchema = successEnvelope(pageSchema(BoDepositSchema));
export const BoDepositResponseSchema = successEnvelope(BoDepositSchema);
export const BoDepositParamsSchema = BrandParamsSchema.extend({ orderId: z.coerce.number().int().positive() });

export const RejectDepositRequestSchema = z
  .object({ reason: z.string().trim().min(3).max(200).describe('Told to the member in the "deposit failed" message.') })
  .strict();
export type RejectDepositRequest = z.infer<typeof RejectDepositRequestSchema>;

export const BoPaymentMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(DEPOSIT_METHOD_KINDS),
  providerCode: z.string().nullable(),
  minAmountMinor: MinorSchema,
  maxAmountMinor: MinorSchema,
  feeFixedMinor: MinorSchema,
  feePerMille: z.number().int().min(0).max(1000),
  displayOrder: z.number().int(),
  active: z.boolean(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankHolderName: z.string().nullable(),
  version: z.number().int().describe('Send it with the next save: a stale one is refused (BO_CHANGED_SINCE_OPENED).'),
});
export type BoPaymentMethod = z.infer<typeof BoPaymentMethodSchema>;

export const BoPaymentProviderSchema = z.object({
  code: z.string(),
  adapter: z.string(),
  baseUrl: z.string(),
  updatedAt: z.string(),
});
export type BoPaymentProvider = z.infer<typeof BoPaymentProviderSchema>;

export const BoPaymentSettingsSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  methods: z.array(BoPaymentMethodSchema),
  providers: z.array(BoPaymentProviderSchema).describe('The configured providers; their secrets are never shown.'),
});
export type BoPaymentSettings = z.infer<typeof BoPaymentSettingsSchema>;
export const BoPaymentSettingsResponseSchema = successEnvelope(BoPaymentSettingsSchema);

const optionalText = (max: number) => z.string().trim().min(1).max(max).nullable();

/** A method as the operator saves it: a provider method names a configured provider, a bank transfer its account. */
export const SavePaymentMethodRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    kind: z.enum(DEPOSIT_METHOD_KINDS),
    providerCode: optionalText(40),
    minAmountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    maxAmountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    feeFixedMinor: MinorSchema,
    feePerMille: z.number().int().min(0).max(1000),
    displayOrder: z.number().int().min(0).max(10_000),
    active: z.boolean(),
    bankName: optionalText(60),
    bankAccountNumber: optionalText(40),
    bankHolderName: optionalText(60),
    version: VersionSchema.optional().describe('The version the editor opened; absent when adding a method.'),
  })
  .strict()
  .refine((method) => method.minAmountMinor <= method.maxAmountMinor, {
    path: ['maxAmountMinor'],
    message: 'the maximum is below the minimum',
  });
export type SavePaymentMethodRequest = z.infer<typeof SavePaymentMethodRequestSchema>;
export const BoPaymentMethodResponseSchema = successEnvelope(BoPaymentMethodSchema);
export const BoPaymentMethodParamsSchema = BrandParamsSchema.extend({ methodId: z.coerce.number().int().positive() });
