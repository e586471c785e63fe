import {
  BACKOFFICE_CALLS,
  BoVipChangePageResponseSchema,
  BoVipLevelResponseSchema,
  BoVipLevelsResponseSchema,
  BoVipMemberPageResponseSchema,
  VipSettingsResponseSchema,
} from '@parlay/contract';

/** The VIP pages' calls (decision 0046), as test/api.ts answers them. */
export const VIP_TEST_CALLS = {
  vipLevels: { ...BACKOFFICE_CALLS.vipLevels, schema: BoVipLevelsResponseSchema },
  createVipLevel: { ...BACKOFFICE_CALLS.createVipLevel, schema: BoVipLevelResponseSchema },
  updateVipLevel: { ...BACKOFFICE_CALLS.updateVipLevel, schema: BoVipLevelResponseSchema },
  saveVipSettings: { ...BACKOFFICE_CALLS.saveVipSettings, schema: VipSettingsResponseSchema },
  vipMembers: { ...BACKOFFICE_CALLS.vipMembers, schema: BoVipMemberPageResponseSchema },
  vipChanges: { ...BACKOFFICE_CALLS.vipChanges, schema: BoVipChangePageResponseSchema },
} as const;
