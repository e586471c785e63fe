import { PointBalanceSchema, type PointBalance } from '@parlay/contract';
import { POINT_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { pointMallKeys } from './query-keys';

/** GET /wps/relay/MCS2_getPointBalance (docs/product/calls.md#points): my points, and what this period earned. */
export function getPointBalance(signal?: AbortSignal): Promise<PointBalance> {
  return apiRequest(POINT_CALLS.balance, { signal }, PointBalanceSchema);
}

export function getPointBalanceQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: pointMallKeys.balance(token),
    queryFn: ({ signal }) => getPointBalance(signal),
    enabled: token !== null,
    staleTime: 0,
  });
}

export function usePointBalance() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getPointBalanceQueryOptions(token));
}
