import type { MemberRebates } from '@parlay/contract';
import { REBATE_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { rebateKeys } from './query-keys';

/** GET /wps/member/rebates: the period accruing now by game type, the finished ones to claim, the paid ones. */
export function getRebates(signal?: AbortSignal) {
  return apiRequest<MemberRebates>(REBATE_CALLS.summary, { signal });
}

export function getRebatesQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: rebateKeys.summary(token),
    queryFn: ({ signal }) => getRebates(signal),
    enabled: token !== null,
    staleTime: 15_000,
  });
}

export function useRebates() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getRebatesQueryOptions(token));
}
