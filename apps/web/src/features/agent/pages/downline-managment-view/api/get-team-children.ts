import { TeamPageSchema, type TeamPage } from '@parlay/contract';
import { AGENT_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/** GET /wps/agent/team/children: a node's direct members (the caller's without parentId), by account, paged. */
export function getTeamChildren(
  parentId: number | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TeamPage> {
  return apiRequest(
    AGENT_CALLS.teamChildren,
    { query: { parentId: parentId ?? undefined, cursor }, signal },
    TeamPageSchema,
  );
}

export function getTeamChildrenQueryOptions(token: string | null, parentId: number | null) {
  return infiniteQueryOptions({
    queryKey: agentKeys.children(token, parentId),
    queryFn: ({ pageParam, signal }) => getTeamChildren(parentId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: token !== null,
    staleTime: 30_000,
  });
}

/** A node's children, asked for only once the node is open. */
export function useTeamChildren(parentId: number | null) {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getTeamChildrenQueryOptions(token, parentId));
}
