import { TeamTransactionsSchema, type TeamTransactions, type TeamTransactionType } from '@parlay/contract';
import { AGENT_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/** What the page asks for: a period of the brand's days, one member's account, a type of movement. */
export interface TeamTransactionsSearch {
  from: string;
  to: string;
  account: string;
  type: TeamTransactionType | '';
}

/** GET /wps/agent/team/transactions: a page of the team's movements, newest first; the first carries the totals. */
export function getTeamTransactions(
  { from, to, account, type }: TeamTransactionsSearch,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TeamTransactions> {
  return apiRequest(
    AGENT_CALLS.teamTransactions,
    { query: { from, to, account: account || undefined, type: type || undefined, cursor }, signal },
    TeamTransactionsSchema,
  );
}

export function getTeamTransactionsQueryOptions(token: string | null, search: TeamTransactionsSearch, enabled = true) {
  return infiniteQueryOptions({
    queryKey: agentKeys.teamTransactions(token, { ...search }),
    queryFn: ({ pageParam, signal }) => getTeamTransactions(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && token !== null,
    staleTime: 30_000,
  });
}

/** `enabled` false while the period is one the server would refuse (the picker says why). */
export function useTeamTransactions(search: TeamTransactionsSearch, enabled: boolean) {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getTeamTransactionsQueryOptions(token, search, enabled));
}
