import { BACKOFFICE_CALLS, BoRebatePayoutPageResponseSchema, BoRebateSettingsResponseSchema } from '@parlay/contract';

/** The cashback page's calls with the schemas of their answers (decision 0051), for `answer` in tests. */
export const REBATES_TEST_CALLS = {
  rebateSettings: { ...BACKOFFICE_CALLS.rebateSettings, schema: BoRebateSettingsResponseSchema },
  saveRebateSettings: { ...BACKOFFICE_CALLS.saveRebateSettings, schema: BoRebateSettingsResponseSchema },
  rebatePayouts: { ...BACKOFFICE_CALLS.rebatePayouts, schema: BoRebatePayoutPageResponseSchema },
} as const;
