import { TeamOverviewSchema, type TeamOverview } from '@parlay/contract';
import { AGENT_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/** GET /wps/agent/team/overview: the caller's team over four periods and its last 14 days. */
export function getTeamOverview(signal?: AbortSignal): Promise<TeamOverview> {
  return apiRequest(AGENT_CALLS.teamOverview, { signal }, TeamOverviewSchema);
}

export function getTeamOverviewQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: agentKeys.overview(token),
    queryFn: ({ signal }) => getTeamOverview(signal),
    enabled: token !== null,
    staleTime: 30_000,
  });
}

/** The panel waits for the overview before it shows it (its registry entry's prefetch). */
export function prefetchTeamOverview(client: QueryClient, token: string | null): Promise<unknown> {
  return client.prefetchQuery(getTeamOverviewQueryOptions(token));
}

export function useTeamOverview() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getTeamOverviewQueryOptions(token));
}
