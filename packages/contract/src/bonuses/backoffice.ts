import { z } from 'zod';
import { BrandParamsSchema } from '../backoffice/operators';
import { PageRequestSchema, pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';
import {
  BONUS_BALANCE_MODES,
  BONUS_PROMOTION_KINDS,
  BONUS_SOURCES,
  BONUS_STATUSES,
  BonusRulesSchema,
  PROMOTION_AUDIENCES,
  PROMOTION_KINDS,
} from './schemas';

// The back office's bonuses (docs/decisions/0050-bonuses-with-wagering.md): a brand's promotions (reading asks
// brand.read; adding, editing and switching off brand.write, audited, each save carrying the version it opened), and
// its members' bonuses with their progress (players.read), an active one cancelled with a reason (players.money,
// audited: what is left of it taken back).

const Text = (max: number) => z.string().trim().max(max);
const Instant = z.string().datetime({ offset: true }).nullable();

/** A promotion as the operator sees and edits it. */
export const BoPromotionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  category: z.string(),
  titleKo: z.string(),
  titleEn: z.string(),
  summaryKo: z.string(),
  summaryEn: z.string(),
  rules: BonusRulesSchema,
  audience: z.enum(PROMOTION_AUDIENCES),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BoPromotion = z.infer<typeof BoPromotionSchema>;
export const BoPromotionResponseSchema = successEnvelope(BoPromotionSchema);

export const BoPromotionListQuerySchema = PageRequestSchema.extend({
  kind: z.enum(BONUS_PROMOTION_KINDS).optional(),
});
export type BoPromotionListQuery = z.infer<typeof BoPromotionListQuerySchema>;
export const BoPromotionPageSchema = pageSchema(BoPromotionSchema).extend({
  currency: z.string(),
  currencyExponent: z.number().int(),
});
export type BoPromotionPage = z.infer<typeof BoPromotionPageSchema>;
export const BoPromotionPageResponseSchema = successEnvelope(BoPromotionPageSchema);

const PromotionFields = {
  category: Text(40).min(1).default('bonus'),
  titleKo: Text(120).min(1),
  titleEn: Text(120).min(1),
  summaryKo: Text(1000).default(''),
  summaryEn: Text(1000).default(''),
  rules: BonusRulesSchema,
  audience: z.enum(PROMOTION_AUDIENCES).default('all'),
  startsAt: Instant.default(null),
  endsAt: Instant.default(null),
  active: z.boolean().default(true),
};

/** Adds a bonus promotion: its code (upper case letters, digits, - and _) is the brand's own and never changes. */
export const BoCreatePromotionRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,40}$/)
      .transform((code) => code.toUpperCase()),
    kind: z.enum(BONUS_PROMOTION_KINDS),
    ...PromotionFields,
  })
  .strict();
export type BoCreatePromotionRequest = z.infer<typeof BoCreatePromotionRequestSchema>;

/** Saves a promotion opened at `version`: its texts, rules, dates, audience, on or off. Bonuses paid keep theirs. */
export const BoUpdatePromotionRequestSchema = z.object({ version: VersionSchema, ...PromotionFields }).strict();
export type BoUpdatePromotionRequest = z.infer<typeof BoUpdatePromotionRequestSchema>;

/** Switches a promotion off (opened at `version`): no new bonus is paid; bonuses paid stay as they are. */
export const BoDeactivatePromotionRequestSchema = z.object({ version: VersionSchema }).strict();

export const BoPromotionParamsSchema = BrandParamsSchema.extend({
  promotionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A member's bonus as the operator sees it. */
export const BoMemberBonusSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  account: z.string(),
  promotionId: z.number().int(),
  promotionCode: z.string(),
  source: z.enum(BONUS_SOURCES),
  depositOrderNo: z.string().nullable(),
  amountMinor: z.number().int(),
  wageringRequiredMinor: z.number().int(),
  wageringDoneMinor: z.number().int(),
  progressPercent: z.number().int(),
  status: z.enum(BONUS_STATUSES),
  balanceMode: z.enum(BONUS_BALANCE_MODES).describe('Where its money was paid (decision 0063).'),
  takenBackMinor: z.number().int().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BoMemberBonus = z.infer<typeof BoMemberBonusSchema>;
export const BoMemberBonusResponseSchema = successEnvelope(BoMemberBonusSchema);

export const BoMemberBonusListQuerySchema = PageRequestSchema.extend({
  account: z.string().trim().min(1).max(40).optional().describe("Only this member's bonuses (the login)."),
  status: z.enum(BONUS_STATUSES).optional(),
});
export type BoMemberBonusListQuery = z.infer<typeof BoMemberBonusListQuerySchema>;
export const BoMemberBonusPageSchema = pageSchema(BoMemberBonusSchema).extend({
  currency: z.string(),
  currencyExponent: z.number().int(),
});
export type BoMemberBonusPage = z.infer<typeof BoMemberBonusPageSchema>;
export const BoMemberBonusPageResponseSchema = successEnvelope(BoMemberBonusPageSchema);

export const BoMemberBonusParamsSchema = BrandParamsSchema.extend({
  bonusId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
/** Ends an active bonus: what is left of it (at most the balance) is taken back. */
export const BoCancelBonusRequestSchema = z.object({ reason: z.string().trim().min(2).max(500) }).strict();

/** The brand's bonus settings (docs/decisions/0063-a-separate-bonus-balance.md): where its bonus money is paid. */
export const BoBonusSettingsSchema = z.object({
  balanceMode: z.enum(BONUS_BALANCE_MODES),
  version: z.number().int().describe('Send it back with a save: a save over a newer one is refused.'),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable().describe("The operator's login who saved last."),
});
export type BoBonusSettings = z.infer<typeof BoBonusSettingsSchema>;
export const BoBonusSettingsResponseSchema = successEnvelope(BoBonusSettingsSchema);

/** A change applies to bonuses paid after it; each bonus already paid keeps its mode. */
export const BoSaveBonusSettingsRequestSchema = z
  .object({ balanceMode: z.enum(BONUS_BALANCE_MODES), version: VersionSchema })
  .strict();
export type BoSaveBonusSettingsRequest = z.infer<typeof BoSaveBonusSettingsRequestSchema>;
