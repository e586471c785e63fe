import { z } from 'zod';
import { PageRequestSchema, pageSchema, VersionSchema } from '../backoffice/paging';
import { successEnvelope } from '../envelope';
import {
  VIP_CHANGE_KINDS,
  VIP_GRACE_DAYS,
  VIP_MAX_RANK_LEVEL,
  VIP_PERIOD_DAYS,
  VipBenefitsSchema,
  VipChangeSchema,
  VipFiguresSchema,
} from './schemas';

// The back office's VIP pages (docs/decisions/0046-vip-ranks.md): the brand's levels and their benefits, the
// rolling period and downgrade grace, members by level, and the level changes. Reading asks players.read;
// editing levels and settings asks brand.write, audited, each save carrying the version it opened.

const Name = z.string().trim().min(1).max(40);

/** What an operator writes for a level; a higher level must ask at least what the level below asks. */
export const VipLevelInputSchema = z
  .object({
    name: Name.describe("The level's name, shown to the member as the rank label."),
    reach: VipFiguresSchema,
    keep: VipFiguresSchema,
    benefits: VipBenefitsSchema,
  })
  .strict()
  .refine((level) => level.keep.validBetMinor <= level.reach.validBetMinor, {
    path: ['keep', 'validBetMinor'],
    message: 'at most what reaches the level',
  })
  .refine((level) => level.keep.depositMinor <= level.reach.depositMinor, {
    path: ['keep', 'depositMinor'],
    message: 'at most what reaches the level',
  });
export type VipLevelInput = z.infer<typeof VipLevelInputSchema>;

export const CreateVipLevelRequestSchema = z
  .object({
    rankLevel: z.number().int().min(0).max(VIP_MAX_RANK_LEVEL),
    name: Name,
    reach: VipFiguresSchema,
    keep: VipFiguresSchema,
    benefits: VipBenefitsSchema,
  })
  .strict()
  .refine((level) => level.keep.validBetMinor <= level.reach.validBetMinor, {
    path: ['keep', 'validBetMinor'],
    message: 'at most what reaches the level',
  })
  .refine((level) => level.keep.depositMinor <= level.reach.depositMinor, {
    path: ['keep', 'depositMinor'],
    message: 'at most what reaches the level',
  });
export type CreateVipLevelRequest = z.infer<typeof CreateVipLevelRequestSchema>;

export const UpdateVipLevelRequestSchema = z
  .object({
    version: VersionSchema,
    name: Name,
    reach: VipFiguresSchema,
    keep: VipFiguresSchema,
    benefits: VipBenefitsSchema,
  })
  .strict()
  .refine((level) => level.keep.validBetMinor <= level.reach.validBetMinor, {
    path: ['keep', 'validBetMinor'],
    message: 'at most what reaches the level',
  })
  .refine((level) => level.keep.depositMinor <= level.reach.depositMinor, {
    path: ['keep', 'depositMinor'],
    message: 'at most what reaches the level',
  });
export type UpdateVipLevelRequest = z.infer<typeof UpdateVipLevelRequestSchema>;

export const VipLevelParamsSchema = z.object({ rankLevel: z.coerce.number().int().min(0).max(VIP_MAX_RANK_LEVEL) });

export const BoVipLevelSchema = z.object({
  rankLevel: z.number().int(),
  name: z.string(),
  reach: VipFiguresSchema,
  keep: VipFiguresSchema,
  benefits: VipBenefitsSchema,
  memberCount: z.number().int().describe('Members of the brand at this level now.'),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type BoVipLevel = z.infer<typeof BoVipLevelSchema>;
export const BoVipLevelResponseSchema = successEnvelope(BoVipLevelSchema);

export const VipSettingsSchema = z.object({
  periodDays: z
    .number()
    .int()
    .min(VIP_PERIOD_DAYS.min)
    .max(VIP_PERIOD_DAYS.max)
    .describe("The rolling period, in the brand's days (today included), the figures are summed over."),
  downgradeGraceDays: z
    .number()
    .int()
    .min(VIP_GRACE_DAYS.min)
    .max(VIP_GRACE_DAYS.max)
    .describe('Days at a level before a downgrade review may lower it; reviews run at most once a month.'),
});
export type VipSettings = z.infer<typeof VipSettingsSchema>;
export const SaveVipSettingsRequestSchema = VipSettingsSchema.extend({ version: VersionSchema }).strict();
export type SaveVipSettingsRequest = z.infer<typeof SaveVipSettingsRequestSchema>;
export const VipSettingsViewSchema = VipSettingsSchema.extend({ version: z.number().int() });
export type VipSettingsView = z.infer<typeof VipSettingsViewSchema>;
export const VipSettingsResponseSchema = successEnvelope(VipSettingsViewSchema);

/** GET /bo/api/brands/:brand/vip/levels */
export const BoVipLevelsSchema = z.object({
  currency: z.string(),
  currencyExponent: z.number().int(),
  settings: VipSettingsViewSchema,
  levels: z.array(BoVipLevelSchema).describe('Lowest first.'),
});
export type BoVipLevels = z.infer<typeof BoVipLevelsSchema>;
export const BoVipLevelsResponseSchema = successEnvelope(BoVipLevelsSchema);

export const VipMemberListQuerySchema = PageRequestSchema.extend({
  rankLevel: z.coerce.number().int().min(0).max(VIP_MAX_RANK_LEVEL).optional().describe('Only this level.'),
  account: z.string().trim().min(1).max(50).optional().describe("A member's login, exactly."),
});
export type VipMemberListQuery = z.input<typeof VipMemberListQuerySchema>;
export const BoVipMemberSchema = z.object({
  memberId: z.number().int(),
  account: z.string(),
  rankLevel: z.number().int(),
  levelName: z.string(),
  reachedAt: z.string().nullable(),
  figures: VipFiguresSchema.describe('Valid bets and deposits over the rolling period.'),
});
export type BoVipMember = z.infer<typeof BoVipMemberSchema>;
export const BoVipMemberPageSchema = pageSchema(BoVipMemberSchema);
export const BoVipMemberPageResponseSchema = successEnvelope(BoVipMemberPageSchema);

export const VipChangeQuerySchema = PageRequestSchema.extend({
  account: z.string().trim().min(1).max(50).optional().describe("A member's login, exactly."),
  kind: z.enum(VIP_CHANGE_KINDS).optional(),
});
export type VipChangeQuery = z.input<typeof VipChangeQuerySchema>;
export const BoVipChangeSchema = VipChangeSchema.extend({
  memberId: z.number().int(),
  account: z.string(),
});
export type BoVipChange = z.infer<typeof BoVipChangeSchema>;
export const BoVipChangePageSchema = pageSchema(BoVipChangeSchema);
export const BoVipChangePageResponseSchema = successEnvelope(BoVipChangePageSchema);
