import { TeamPageSchema, type TeamPage } from '@parlay/contract';
import { AGENT_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/** GET /wps/agent/team/members: the caller's downline by account (keyset), an account prefix, direct members only. */
export function getTeamMembers(
  { account, direct, cursor }: { account: string; direct: boolean; cursor: string | null },
  signal?: AbortSignal,
): Promise<TeamPage> {
  return apiRequest(
    AGENT_CALLS.teamMembers,
    { query: { account: account || undefined, direct: direct ? 'true' : undefined, cursor }, signal },
    TeamPageSchema,
  );
}

export function getTeamMembersQueryOptions(token: string | null, account: string, direct: boolean) {
  return infiniteQueryOptions({
    queryKey: agentKeys.members(token, account, direct),
    queryFn: ({ pageParam, signal }) => getTeamMembers({ account, direct, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: token !== null,
    staleTime: 30_000,
  });
}

export function useTeamMembers(account: string, direct: boolean) {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getTeamMembersQueryOptions(token, account, direct));
}
