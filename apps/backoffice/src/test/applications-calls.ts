import { BACKOFFICE_CALLS, BoApplicationPageResponseSchema, BoApplicationResponseSchema } from '@parlay/contract';

/** The applications page's calls with the schemas of their answers (decision 0052), for `answer` in tests. */
export const APPLICATIONS_TEST_CALLS = {
  applications: { ...BACKOFFICE_CALLS.applications, schema: BoApplicationPageResponseSchema },
  approveApplication: { ...BACKOFFICE_CALLS.approveApplication, schema: BoApplicationResponseSchema },
  rejectApplication: { ...BACKOFFICE_CALLS.rejectApplication, schema: BoApplicationResponseSchema },
} as const;
