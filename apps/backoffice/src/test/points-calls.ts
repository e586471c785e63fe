import {
  BACKOFFICE_CALLS,
  BoPointAdjustmentResponseSchema,
  BoPointConfigResponseSchema,
  BoPointLedgerResponseSchema,
} from '@parlay/contract';

/** The point pages' calls with the schemas of their answers (decision 0044), for `answer` in tests. */
export const POINTS_TEST_CALLS = {
  pointConfig: { ...BACKOFFICE_CALLS.pointConfig, schema: BoPointConfigResponseSchema },
  savePointConfig: { ...BACKOFFICE_CALLS.savePointConfig, schema: BoPointConfigResponseSchema },
  pointLedger: { ...BACKOFFICE_CALLS.pointLedger, schema: BoPointLedgerResponseSchema },
  adjustPoints: { ...BACKOFFICE_CALLS.adjustPoints, schema: BoPointAdjustmentResponseSchema },
} as const;
