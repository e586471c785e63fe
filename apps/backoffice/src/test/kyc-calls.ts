import {
  BACKOFFICE_CALLS,
  CashierSettingsResponseSchema,
  KycReviewResponseSchema,
  KycReviewsResponseSchema,
} from '@parlay/contract';

/** The identity-check pages' calls (decision 0043), as test/api.ts answers them. */
export const KYC_TEST_CALLS = {
  kycReviews: { ...BACKOFFICE_CALLS.kycReviews, schema: KycReviewsResponseSchema },
  kycReview: { ...BACKOFFICE_CALLS.kycReview, schema: KycReviewResponseSchema },
  approveKyc: { ...BACKOFFICE_CALLS.approveKyc, schema: KycReviewResponseSchema },
  rejectKyc: { ...BACKOFFICE_CALLS.rejectKyc, schema: KycReviewResponseSchema },
  cashierSettings: { ...BACKOFFICE_CALLS.cashierSettings, schema: CashierSettingsResponseSchema },
  saveCashierSettings: { ...BACKOFFICE_CALLS.saveCashierSettings, schema: CashierSettingsResponseSchema },
} as const;
