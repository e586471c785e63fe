import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { PageRequestSchema, pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';
import { MemberTransactionsQuerySchema, MemberTransactionsSchema } from '../wallet/member-transactions';

// Points (docs/decisions/0044-points-ledger.md, docs/product/member-centre.md#points-and-the-points-mall): an
// append-only ledger apart from money, fed by the settled rounds, in hundredths of a point (`pointsMinor`).

/** Points are kept in hundredths of a point: 150 pointsMinor is 1.50 points. */
export const POINTS_MINOR_PER_POINT = 100;

/**
 * What an entry of the ledger was: earned on a round of a category (live, slots, fish, sports, pvp, lottery,
 * esports), earned on a credited deposit, taken by a mall redemption, given back when its exchange is rejected,
 * taken by a conversion to money, or an operator's manual adjustment.
 */
export const POINT_ENTRY_TYPES = [
  'live',
  'slots',
  'fish',
  'sports',
  'pvp',
  'lottery',
  'esports',
  'deposit',
  'redeem',
  'redeemRefund',
  'convert',
  'adjustment',
] as const;
export type PointEntryType = (typeof POINT_ENTRY_TYPES)[number];

/** The categories a brand sets a rate for: a round's game type (ELOTT and LOTT are both LOTTERY). */
export const POINT_RATE_CATEGORIES = ['LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'LOTTERY', 'ESPORTS'] as const;
export type PointRateCategory = (typeof POINT_RATE_CATEGORIES)[number];

/** The entry type a round of each category earns. */
export const POINT_ENTRY_TYPE_OF_CATEGORY: Readonly<Record<PointRateCategory, PointEntryType>> = {
  LIVE: 'live',
  SPORTS: 'sports',
  FISH: 'fish',
  RNG: 'slots',
  PVP: 'pvp',
  LOTTERY: 'lottery',
  ESPORTS: 'esports',
};

/** The periods over which points are credited and reported (twice-monthly: the 1st-15th and 16th-end). */
export const POINT_PERIODS = ['daily', 'weekly', 'twiceMonthly', 'monthly'] as const;
export type PointPeriod = (typeof POINT_PERIODS)[number];

/** Rates in basis points of a point per major unit of valid bet: 7000 is 0.70 points per 1 KRW. */
export const POINT_RATE_MAX_BP = 1_000_000;
/** A manual adjustment's largest size either way (pointsMinor). */
export const POINT_ADJUSTMENT_MAX_MINOR = 1_000_000_000_000;

const PointsMinor = z.number().int().describe('Hundredths of a point (150 is 1.50 points).');
const RateBp = z.number().int().min(0).max(POINT_RATE_MAX_BP);

export const PointRatesSchema = z
  .object(
    Object.fromEntries(
      POINT_RATE_CATEGORIES.map((category) => [
        category,
        RateBp.nullable().describe('Basis points of a point per major unit of valid bet; null: earns nothing.'),
      ]),
    ) as Record<PointRateCategory, z.ZodNullable<typeof RateBp>>,
  )
  .strict();
export type PointRates = z.infer<typeof PointRatesSchema>;

/** A brand's point configuration: what earns points, how they are reported, what converting pays. */
export const PointConfigSchema = z.object({
  enabled: z.boolean().describe('Off: rounds and deposits earn nothing (balances and the mall stay).'),
  rates: PointRatesSchema,
  depositRateBp: RateBp.nullable().describe(
    'Basis points of a point per major unit of a credited deposit; null: deposits earn nothing.',
  ),
  period: z.enum(POINT_PERIODS).describe('The period points are credited and reported over.'),
  conversionMinorPerPoint: z
    .number()
    .int()
    .min(0)
    .describe('Money (currency minor units) one point (100 pointsMinor) converts to; 0: conversion is off.'),
  conversionMinPointsMinor: z.number().int().min(0).describe('The fewest points a conversion takes.'),
});
export type PointConfig = z.infer<typeof PointConfigSchema>;

/** MCS2_getPointConfig: the brand's configuration, with the currency its conversion pays in. */
export const MemberPointConfigSchema = PointConfigSchema.extend({
  currency: z.string().length(3),
  currencyExponent: z.number().int().min(0).max(4),
});
export type MemberPointConfig = z.infer<typeof MemberPointConfigSchema>;
export const MemberPointConfigResponseSchema = successEnvelope(MemberPointConfigSchema);

/** MCS2_getPointBalance: the member's points, and what the current period earned. */
export const PointBalanceSchema = z.object({
  balancePointsMinor: PointsMinor.min(0),
  period: z.enum(POINT_PERIODS),
  periodFrom: z.string().describe("The current period's first day (YYYY-MM-DD, the brand's time zone)."),
  periodTo: z.string().describe("The current period's last day."),
  periodEarnedPointsMinor: PointsMinor.describe('Points earned (rounds and deposits) in the current period.'),
});
export type PointBalance = z.infer<typeof PointBalanceSchema>;
export const PointBalanceResponseSchema = successEnvelope(PointBalanceSchema);

/** One entry of a member's point ledger, as the member and the operator see it. */
export const PointEntrySchema = z.object({
  transactionNo: z.string().describe("The entry's number: what customer service asks for."),
  type: z.enum(POINT_ENTRY_TYPES),
  pointsMinor: PointsMinor.describe('Signed: what the entry added to the balance (negative when it took).'),
  balanceAfterPointsMinor: PointsMinor.describe("The member's points right after it."),
  at: z.string().describe('When it was written (ISO 8601).'),
  ref: z.string().nullable().describe('What it came from: a period of rounds, a deposit, an exchange.'),
  note: z.string().nullable().describe("An adjustment's reason as the operator wrote it, or a remark."),
});
export type PointEntry = z.infer<typeof PointEntrySchema>;

/**
 * ODSFE2_MemTransDet with `ledger=points`: the member's point entries instead of money movements, newest
 * first, keyset paged like the money record.
 */
export const MemberPointEntriesSchema = z.object({
  ledger: z.literal('points'),
  list: z.array(PointEntrySchema),
  nextCursor: z.string().nullable(),
});
export type MemberPointEntries = z.infer<typeof MemberPointEntriesSchema>;

// The back office.

export const BoPointConfigSchema = PointConfigSchema.extend({
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  currency: z.string().length(3),
  currencyExponent: z.number().int(),
});
export type BoPointConfig = z.infer<typeof BoPointConfigSchema>;
export const BoPointConfigResponseSchema = successEnvelope(BoPointConfigSchema);

/** Saves the brand's point rates and period; audited, refused when another save came first. */
export const BoSavePointConfigRequestSchema = PointConfigSchema.extend({ version: VersionSchema }).strict();
export type BoSavePointConfigRequest = z.infer<typeof BoSavePointConfigRequestSchema>;

export const BoPointMemberParamsSchema = BrandParamsSchema.extend({
  memberId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const BoPointLedgerQuerySchema = PageRequestSchema.extend({
  type: z.enum(POINT_ENTRY_TYPES).optional(),
});
export type BoPointLedgerQuery = z.infer<typeof BoPointLedgerQuerySchema>;

/** A member's point ledger: the balance now and a page of entries, newest first. */
export const BoPointLedgerSchema = pageSchema(PointEntrySchema).extend({
  memberId: z.number().int(),
  account: z.string().describe("The member's login."),
  balancePointsMinor: PointsMinor,
});
export type BoPointLedger = z.infer<typeof BoPointLedgerSchema>;
export const BoPointLedgerResponseSchema = successEnvelope(BoPointLedgerSchema);

/**
 * An operator's manual adjustment: signed points, a reason, and a key the form makes once, so a repeated
 * submit writes one entry. Audited; a debit below 0 is refused (POINTS_INSUFFICIENT) and writes nothing.
 */
export const BoPointAdjustmentRequestSchema = z
  .object({
    pointsMinor: z
      .number()
      .int()
      .min(-POINT_ADJUSTMENT_MAX_MINOR)
      .max(POINT_ADJUSTMENT_MAX_MINOR)
      .refine((value) => value !== 0, 'not 0'),
    reason: z.string().trim().min(2).max(500),
    idempotencyKey: z.string().trim().min(8).max(100),
  })
  .strict();
export type BoPointAdjustmentRequest = z.infer<typeof BoPointAdjustmentRequestSchema>;
export const BoPointAdjustmentResponseSchema = successEnvelope(
  z.object({ entry: PointEntrySchema, balancePointsMinor: PointsMinor }),
);

/**
 * ODSFE2_MemTransDet's query with the point option: `ledger=points` answers the member's point entries
 * (filtered by `pointType` and the period) instead of money movements; `type` is for money only.
 */
export const MemberTransactionsWithPointsQuerySchema = MemberTransactionsQuerySchema.extend({
  ledger: z.enum(['money', 'points']).default('money').describe('points: the point entries instead of money.'),
  pointType: z.enum(POINT_ENTRY_TYPES).optional().describe('With ledger=points: only entries of this type.'),
});
export type MemberTransactionsWithPointsQuery = z.infer<typeof MemberTransactionsWithPointsQuerySchema>;
/** The money movements (no `ledger` field) or, with `ledger=points`, the point entries. */
export const MemberTransactionsOrPointsResponseSchema = successEnvelope(
  z.union([MemberPointEntriesSchema, MemberTransactionsSchema]),
);
