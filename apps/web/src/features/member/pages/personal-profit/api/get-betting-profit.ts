import { BettingProfitSchema, type BettingProfit } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { historyKeys } from '../../personal-history-copy/api/query-keys';

/** GET /wps/member/betting/profit: my settled rounds of a period by day and category, with their totals. */
export function getBettingProfit(from: string, to: string, signal?: AbortSignal): Promise<BettingProfit> {
  return apiRequest(WALLET_CALLS.bettingProfit, { query: { from, to }, signal }, BettingProfitSchema);
}

export function getBettingProfitQueryOptions(token: string | null, from: string, to: string) {
  return queryOptions({
    queryKey: historyKeys.profit(token, from, to),
    queryFn: ({ signal }) => getBettingProfit(from, to, signal),
    enabled: token !== null,
    staleTime: 15_000,
  });
}

/** The profit and loss of a period; the last period's stays on screen while the next one loads. */
export function useBettingProfit(from: string, to: string, enabled = true) {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    ...getBettingProfitQueryOptions(token, from, to),
    enabled: token !== null && enabled,
    placeholderData: keepPreviousData,
  });
}
