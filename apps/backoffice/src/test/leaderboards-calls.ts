import {
  BACKOFFICE_CALLS,
  BoLeaderboardPageResponseSchema,
  BoLeaderboardResponseSchema,
  BoLeaderboardStandingsResponseSchema,
} from '@parlay/contract';

/** The leaderboards page's calls with the schemas of their answers (decision 0056), for `answer` in tests. */
export const LEADERBOARDS_TEST_CALLS = {
  leaderboards: { ...BACKOFFICE_CALLS.leaderboards, schema: BoLeaderboardPageResponseSchema },
  leaderboardStandings: { ...BACKOFFICE_CALLS.leaderboardStandings, schema: BoLeaderboardStandingsResponseSchema },
  createLeaderboard: { ...BACKOFFICE_CALLS.createLeaderboard, schema: BoLeaderboardResponseSchema },
  updateLeaderboard: { ...BACKOFFICE_CALLS.updateLeaderboard, schema: BoLeaderboardResponseSchema },
  deactivateLeaderboard: { ...BACKOFFICE_CALLS.deactivateLeaderboard, schema: BoLeaderboardResponseSchema },
} as const;
