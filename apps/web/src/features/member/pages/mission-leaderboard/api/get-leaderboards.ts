import type { LeaderboardSummary } from '@parlay/contract';
import { LEADERBOARD_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useUiLanguage } from '../../../../../lib/language';
import { useSessionStore } from '../../../../../lib/session-store';
import { missionKeys } from './query-keys';

/**
 * GET /wps/relay/MCSFE_getMissionLeaderboard (docs/product/calls.md#leaderboards): the brand's leaderboards with this
 * period's top 10, my rank and score, the prizes and the last period's winners.
 */
export function getLeaderboards(signal?: AbortSignal): Promise<LeaderboardSummary> {
  return apiRequest<LeaderboardSummary>(LEADERBOARD_CALLS.leaderboard, { signal });
}

export function useLeaderboards() {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useQuery(
    queryOptions({
      queryKey: missionKeys.leaderboards(token, language),
      queryFn: ({ signal }) => getLeaderboards(signal),
      enabled: token !== null,
      // The standings move with every round: read again each half minute while shown.
      staleTime: 15_000,
      refetchInterval: 30_000,
      placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === token ? previous : undefined),
    }),
  );
}
