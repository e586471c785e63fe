import { VipChangePageSchema, type VipChangePage } from '@parlay/contract';
import { VIP_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { vipKeys } from '../../../lib/vip-level';

export const VIP_CHANGES_PAGE_SIZE = 10;

/** GET /wps/member/vip/changes: the member's upgrades and downgrades, newest first, keyset paged by cursor. */
export function getVipChanges(cursor: string | null, signal?: AbortSignal): Promise<VipChangePage> {
  return apiRequest(
    VIP_CALLS.changes,
    { query: { limit: VIP_CHANGES_PAGE_SIZE, cursor }, signal },
    VipChangePageSchema,
  );
}

export function getVipChangesQueryOptions(token: string | null) {
  return infiniteQueryOptions({
    queryKey: [...vipKeys.all, 'changes', token] as const,
    queryFn: ({ pageParam, signal }) => getVipChanges(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: token !== null,
    staleTime: 0,
  });
}

export function useVipChanges() {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getVipChangesQueryOptions(token));
}
