import { TeamProfitLossSchema, type TeamProfitLoss } from '@parlay/contract';
import { AGENT_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/** What the page asks for: a period of the brand's days, an account prefix, direct members only. */
export interface ProfitLossSearch {
  from: string;
  to: string;
  account: string;
  direct: boolean;
}

/**
 * GET /wps/agent/team/profit-loss: the team's totals and game types over the period (on every page alike), and its
 * members who have figures in it, by account (keyset).
 */
export function getTeamProfitLoss(
  { from, to, account, direct }: ProfitLossSearch,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TeamProfitLoss> {
  return apiRequest(
    AGENT_CALLS.teamProfitLoss,
    { query: { from, to, account: account || undefined, direct: direct ? 'true' : undefined, cursor }, signal },
    TeamProfitLossSchema,
  );
}

export function getTeamProfitLossQueryOptions(token: string | null, search: ProfitLossSearch, enabled = true) {
  return infiniteQueryOptions({
    queryKey: agentKeys.profitLoss(token, search),
    queryFn: ({ pageParam, signal }) => getTeamProfitLoss(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && token !== null,
    staleTime: 30_000,
  });
}

/** `enabled` false while the period is one the server would refuse (the picker says why). */
export function useTeamProfitLoss(search: ProfitLossSearch, enabled: boolean) {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getTeamProfitLossQueryOptions(token, search, enabled));
}
