import { BACKOFFICE_CALLS, BoMissionPageResponseSchema, BoMissionResponseSchema } from '@parlay/contract';

/** The missions page's calls with the schemas of their answers (decision 0054), for `answer` in tests. */
export const MISSIONS_TEST_CALLS = {
  missions: { ...BACKOFFICE_CALLS.missions, schema: BoMissionPageResponseSchema },
  createMission: { ...BACKOFFICE_CALLS.createMission, schema: BoMissionResponseSchema },
  updateMission: { ...BACKOFFICE_CALLS.updateMission, schema: BoMissionResponseSchema },
  deactivateMission: { ...BACKOFFICE_CALLS.deactivateMission, schema: BoMissionResponseSchema },
} as const;
