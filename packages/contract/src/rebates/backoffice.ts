import { z } from 'zod';
import { PageRequestSchema, pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';
import { REBATE_PAYOUT_WAYS, REBATE_PERIODS, RebateRatesSchema } from './schemas';

// The back office's cashback page (docs/decisions/0051-cashback.md): the brand's period and auto-pay (reading asks
// deposits.read, saving deposits.write as the cashier's settings, audited, with the version opened), the rates of
// the VIP levels (edited on the VIP page), and the rebates paid, per member.

export const BoRebateSettingsSchema = z.object({
  enabled: z.boolean(),
  period: z.enum(REBATE_PERIODS).describe('The period in force now.'),
  autoPay: z.boolean(),
  pendingPeriod: z
    .enum(REBATE_PERIODS)
    .nullable()
    .describe('A saved change of period, in force from pendingFrom (a Monday: both periods end there).'),
  pendingFrom: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  currency: z.string(),
  currencyExponent: z.number().int(),
  timeZone: z.string(),
  levels: z
    .array(z.object({ rankLevel: z.number().int(), name: z.string(), rebateBp: RebateRatesSchema }))
    .describe("The VIP levels' rates (edited on the VIP page)."),
});
export type BoRebateSettings = z.infer<typeof BoRebateSettingsSchema>;
export const BoRebateSettingsResponseSchema = successEnvelope(BoRebateSettingsSchema);

export const BoSaveRebateSettingsRequestSchema = z
  .object({
    version: VersionSchema,
    enabled: z.boolean(),
    period: z.enum(REBATE_PERIODS).describe('A change takes effect on the brand\u2019s next Monday.'),
    autoPay: z.boolean(),
  })
  .strict();
export type BoSaveRebateSettingsRequest = z.infer<typeof BoSaveRebateSettingsRequestSchema>;

export const BoRebatePayoutsQuerySchema = PageRequestSchema.extend({
  account: z.string().trim().min(1).max(40).optional().describe("Only this member's rebates (the login)."),
});
export type BoRebatePayoutsQuery = z.infer<typeof BoRebatePayoutsQuerySchema>;

export const BoRebatePayoutSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  account: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  validBetMinor: z.number().int(),
  amountMinor: z.number().int(),
  way: z.enum(REBATE_PAYOUT_WAYS),
  paidAt: z.string(),
});
export type BoRebatePayout = z.infer<typeof BoRebatePayoutSchema>;
export const BoRebatePayoutPageSchema = pageSchema(BoRebatePayoutSchema).extend({
  currency: z.string(),
  currencyExponent: z.number().int(),
});
export type BoRebatePayoutPage = z.infer<typeof BoRebatePayoutPageSchema>;
export const BoRebatePayoutPageResponseSchema = successEnvelope(BoRebatePayoutPageSchema);
