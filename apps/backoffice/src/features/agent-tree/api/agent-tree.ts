import { BACKOFFICE_CALLS, callWithParams, type BoTreeNode, type BoTreePage } from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agentTreeKeys } from './query-keys';

export interface TreeQuery {
  /** Accounts that start with this ('' or undefined: all). */
  account?: string | undefined;
  /** Agents only. */
  agents?: boolean | undefined;
  cursor?: string | undefined;
}

/** The brand's members by account, with their upline, level and counts. */
export function getAgentTree(brand: string, query: TreeQuery, signal?: AbortSignal): Promise<BoTreePage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.agentTree, { brand }), {
    query: {
      limit: 50,
      account: query.account || undefined,
      agents: query.agents ? 'true' : undefined,
      cursor: query.cursor,
    },
    signal,
  });
}

export function useAgentTree(brand: string, query: TreeQuery) {
  return useQuery({
    queryKey: agentTreeKeys.list(brand, query),
    queryFn: ({ signal }) => getAgentTree(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A member's direct children (the first 200: a node with more opens them by searching its accounts). */
export function useTreeChildren(brand: string, memberId: number) {
  return useQuery({
    queryKey: agentTreeKeys.children(brand, memberId),
    queryFn: ({ signal }): Promise<BoTreePage> =>
      apiRequest(callWithParams(BACKOFFICE_CALLS.agentTreeChildren, { brand, memberId }), {
        query: { limit: 200 },
        signal,
      }),
  });
}

/** Moves a member with its whole downline under another agent (its id) or to the top (null); audited. */
export function useMoveMember(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, uplineId }: { memberId: number; uplineId: number | null }): Promise<BoTreeNode> =>
      apiRequest(callWithParams(BACKOFFICE_CALLS.moveAgentTreeMember, { brand, memberId }), { body: { uplineId } }),
    onSettled: () => client.invalidateQueries({ queryKey: agentTreeKeys.all(brand) }),
  });
}
