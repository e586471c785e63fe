import {
  BACKOFFICE_CALLS,
  BoBonusSettingsResponseSchema,
  BoMemberBonusPageResponseSchema,
  BoMemberBonusResponseSchema,
  BoPromotionPageResponseSchema,
  BoPromotionResponseSchema,
} from '@parlay/contract';

/** The bonuses pages' calls with the schemas of their answers (decision 0050), for `answer` in tests. */
export const BONUSES_TEST_CALLS = {
  promotions: { ...BACKOFFICE_CALLS.promotions, schema: BoPromotionPageResponseSchema },
  createPromotion: { ...BACKOFFICE_CALLS.createPromotion, schema: BoPromotionResponseSchema },
  updatePromotion: { ...BACKOFFICE_CALLS.updatePromotion, schema: BoPromotionResponseSchema },
  deactivatePromotion: { ...BACKOFFICE_CALLS.deactivatePromotion, schema: BoPromotionResponseSchema },
  memberBonuses: { ...BACKOFFICE_CALLS.memberBonuses, schema: BoMemberBonusPageResponseSchema },
  cancelBonus: { ...BACKOFFICE_CALLS.cancelBonus, schema: BoMemberBonusResponseSchema },
  bonusSettings: { ...BACKOFFICE_CALLS.bonusSettings, schema: BoBonusSettingsResponseSchema },
  saveBonusSettings: { ...BACKOFFICE_CALLS.saveBonusSettings, schema: BoBonusSettingsResponseSchema },
} as const;
