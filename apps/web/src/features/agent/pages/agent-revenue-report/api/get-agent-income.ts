import { AgentIncomeSchema, type AgentIncome, type ContractKind } from '@parlay/contract';
import { AGENT_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/** What a page asks for: the brand's days a period ends in and, on a contract page, its kind only. */
export interface AgentIncomeSearch {
  from: string;
  to: string;
  kind?: ContractKind;
}

/**
 * GET /wps/agent/income (decision 0068): a page of my settlement lines, earned and paid out, newest first; every page
 * carries the period's totals, by kind, and my own cashback.
 */
export function getAgentIncome(
  { from, to, kind }: AgentIncomeSearch,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AgentIncome> {
  return apiRequest(AGENT_CALLS.agentIncome, { query: { from, to, kind, cursor }, signal }, AgentIncomeSchema);
}

export function getAgentIncomeQueryOptions(token: string | null, search: AgentIncomeSearch, enabled = true) {
  return infiniteQueryOptions({
    queryKey: agentKeys.income(token, { ...search }),
    queryFn: ({ pageParam, signal }) => getAgentIncome(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && token !== null,
    staleTime: 30_000,
  });
}

/** `enabled` false while the period is one the server would refuse (the picker says why). */
export function useAgentIncome(search: AgentIncomeSearch, enabled: boolean) {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getAgentIncomeQueryOptions(token, search, enabled));
}
