import {
  BACKOFFICE_CALLS,
  BoAbuseFlagPageResponseSchema,
  BoAbuseFlagResponseSchema,
  BoReferralSettingsResponseSchema,
} from '@parlay/contract';

/** The referral settings' and abuse flags' calls with the schemas of their answers (decision 0057), for `answer`. */
export const REFERRALS_TEST_CALLS = {
  referralSettings: { ...BACKOFFICE_CALLS.referralSettings, schema: BoReferralSettingsResponseSchema },
  saveReferralSettings: { ...BACKOFFICE_CALLS.saveReferralSettings, schema: BoReferralSettingsResponseSchema },
  abuseFlags: { ...BACKOFFICE_CALLS.abuseFlags, schema: BoAbuseFlagPageResponseSchema },
  releaseAbuseFlag: { ...BACKOFFICE_CALLS.releaseAbuseFlag, schema: BoAbuseFlagResponseSchema },
  rejectAbuseFlag: { ...BACKOFFICE_CALLS.rejectAbuseFlag, schema: BoAbuseFlagResponseSchema },
} as const;
