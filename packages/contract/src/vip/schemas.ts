import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { GAME_TYPES } from '../games/constants';

// VIP ranks (docs/decisions/0046-vip-ranks.md, docs/product/member-centre.md#vip-and-rank): levels the brand
// defines, reached by valid bets and deposits over a rolling period, kept by smaller figures, with benefits.

const Minor = z
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER)
  .describe('Integer amount in the currency minor unit.');
const NullableMinor = z
  .number()
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER)
  .nullable()
  .describe('Integer amount in the currency minor unit; null: no limit of the rank.');

/** The highest rank level a brand may define; level 0 is every member's first. */
export const VIP_MAX_RANK_LEVEL = 50;
/** Rebate rates are in basis points of the valid bet: 10 000 bp = 100 %. At most 5 %. */
export const VIP_MAX_REBATE_BP = 500;
export const VIP_PERIOD_DAYS = { min: 1, max: 365 } as const;
export const VIP_GRACE_DAYS = { min: 0, max: 365 } as const;

/** The categories a level's rebate rates are kept by: the game types (GAME_TYPES). */
export const VIP_REBATE_CATEGORIES = GAME_TYPES;
export type VipRebateCategory = (typeof VIP_REBATE_CATEGORIES)[number];

/** Valid bets and deposits over the brand's rolling period; 0 asks nothing of that figure. */
export const VipFiguresSchema = z.object({
  validBetMinor: Minor,
  depositMinor: Minor,
});
export type VipFigures = z.infer<typeof VipFiguresSchema>;

/** The rank's own withdrawal limits; the cashier applies the tighter of them and the brand's. */
export const VipWithdrawalLimitsSchema = z.object({
  dailyCount: z.number().int().min(1).max(100).nullable().describe('Requests a day; null: no limit of the rank.'),
  dailyMaxMinor: NullableMinor.describe('The total a day; null: no limit of the rank.'),
  singleMaxMinor: NullableMinor.describe('One request at most; null: no limit of the rank.'),
});
export type VipWithdrawalLimits = z.infer<typeof VipWithdrawalLimitsSchema>;

export const VipBenefitsSchema = z.object({
  rebateBp: z
    .partialRecord(z.enum(VIP_REBATE_CATEGORIES), z.number().int().min(0).max(VIP_MAX_REBATE_BP))
    .describe('Rebate of the valid bet by category in basis points (stored for the rewards; not paid by VIP).'),
  withdrawal: VipWithdrawalLimitsSchema,
  upgradeBonusMinor: Minor.describe('Paid once per member and level, the first time the member reaches it.'),
  birthdayBonusMinor: Minor.describe("Paid once a year on the member's birthday (the brand's day)."),
  monthlyBonusMinor: Minor.describe("Paid once a month, on the brand's first day of the month."),
});
export type VipBenefits = z.infer<typeof VipBenefitsSchema>;

/** A level as the member sees it. */
export const VipLevelSchema = z.object({
  rankLevel: z.number().int().min(0).max(VIP_MAX_RANK_LEVEL),
  name: z.string().describe("The level's name, the member's rank label (clubLabel.labelName)."),
  reach: VipFiguresSchema.describe('Figures over the rolling period that reach this level.'),
  keep: VipFiguresSchema.describe('Figures over the rolling period that keep it at a downgrade review.'),
  benefits: VipBenefitsSchema,
});
export type VipLevel = z.infer<typeof VipLevelSchema>;

/** GET /wps/member/vip/levels */
export const VipLevelsSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int().describe('Minor units per major unit: 10^currencyExponent.'),
  periodDays: z.number().int().describe("The rolling period the figures are summed over, in the brand's days."),
  downgradeGraceDays: z.number().int().describe('Days at a level before a downgrade review may lower it.'),
  levels: z.array(VipLevelSchema).describe('Lowest first; may be empty when the brand defined none.'),
});
export type VipLevels = z.infer<typeof VipLevelsSchema>;
export const VipLevelsResponseSchema = successEnvelope(VipLevelsSchema);

/** How far a figure is towards a target. */
export const VipProgressItemSchema = z.object({
  currentMinor: Minor,
  targetMinor: Minor,
  percent: z.number().int().min(0).max(100).describe('floor(current × 100 / target), 100 when met or target 0.'),
});
export type VipProgressItem = z.infer<typeof VipProgressItemSchema>;

/** GET /wps/member/vip/me */
export const MyVipLevelSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  periodDays: z.number().int(),
  rankLevel: z.number().int(),
  name: z.string(),
  reachedAt: z.string().nullable().describe('When the member reached this level (ISO); null: never changed.'),
  figures: VipFiguresSchema.describe('Valid bets and deposits over the rolling period, up to the last settled round.'),
  next: z
    .object({
      rankLevel: z.number().int(),
      name: z.string(),
      validBet: VipProgressItemSchema,
      deposit: VipProgressItemSchema,
      percent: z.number().int().min(0).max(100).describe('The smaller of the two: both must be met.'),
    })
    .nullable()
    .describe('null at the top level.'),
  keep: z
    .object({
      validBet: VipProgressItemSchema,
      deposit: VipProgressItemSchema,
      met: z.boolean(),
      reviewFrom: z.string().nullable().describe('The first day a downgrade review may lower the level (ISO).'),
    })
    .nullable()
    .describe('null at level 0, which is never lost.'),
  benefits: VipBenefitsSchema.nullable().describe('The current level’s; null when the brand defined no levels.'),
});
export type MyVipLevel = z.infer<typeof MyVipLevelSchema>;
export const MyVipLevelResponseSchema = successEnvelope(MyVipLevelSchema);

export const VIP_CHANGE_KINDS = ['upgrade', 'downgrade'] as const;
export type VipChangeKind = (typeof VIP_CHANGE_KINDS)[number];

export const VipChangeSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(VIP_CHANGE_KINDS),
  fromLevel: z.number().int(),
  fromName: z.string(),
  toLevel: z.number().int(),
  toName: z.string(),
  figures: VipFiguresSchema.describe('The figures over the rolling period when the change was made.'),
  bonusMinor: Minor.describe('Upgrade bonuses paid with this change (0: none).'),
});
export type VipChange = z.infer<typeof VipChangeSchema>;

export const VipChangeListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  cursor: z.string().min(1).max(20).optional().describe("The previous page's nextCursor."),
});
export type VipChangeListQuery = z.input<typeof VipChangeListQuerySchema>;
export const VipChangePageSchema = z.object({ items: z.array(VipChangeSchema), nextCursor: z.string().nullable() });
export type VipChangePage = z.infer<typeof VipChangePageSchema>;
export const VipChangePageResponseSchema = successEnvelope(VipChangePageSchema);
