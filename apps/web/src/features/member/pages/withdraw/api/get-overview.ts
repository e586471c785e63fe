import { WithdrawalOverviewSchema, type WithdrawalOverview } from '@parlay/contract';
import { WITHDRAWAL_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { withdrawKeys } from './query-keys';

/** GET /wps/member/withdrawals/overview (docs/product/calls.md#withdrawals): rules, turnover, banks, accounts. */
export function getOverview(signal?: AbortSignal): Promise<WithdrawalOverview> {
  return apiRequest(WITHDRAWAL_CALLS.overview, { signal }, WithdrawalOverviewSchema);
}

export function getOverviewQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: withdrawKeys.overview(token),
    queryFn: ({ signal }) => getOverview(signal),
    enabled: token !== null,
    staleTime: 0,
  });
}

export function useOverview() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getOverviewQueryOptions(token));
}
