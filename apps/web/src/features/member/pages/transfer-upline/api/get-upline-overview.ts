import { UplineOverviewSchema, type UplineOverview } from '@parlay/contract';
import { TRANSFER_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { transferUplineKeys } from './query-keys';

/**
 * GET /wps/member/transfers/upline (docs/product/calls.md#transfer-to-the-upline): my upline agent, the brand's
 * limits, what I sent today and my balance.
 */
export function getUplineOverview(signal?: AbortSignal): Promise<UplineOverview> {
  return apiRequest(TRANSFER_CALLS.uplineOverview, { signal }, UplineOverviewSchema);
}

export function getUplineOverviewQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: transferUplineKeys.overview(token),
    queryFn: ({ signal }) => getUplineOverview(signal),
    enabled: token !== null,
    // The balance changes with every round: read again whenever the page opens.
    staleTime: 0,
  });
}

export function useUplineOverview() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getUplineOverviewQueryOptions(token));
}
