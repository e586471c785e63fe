import { DepositPageSchema, type DepositPage } from '@parlay/contract';
import { CASHIER_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { depositKeys } from './query-keys';

/** The recent orders the page lists. */
export const RECENT_DEPOSITS = 10;
/** While an order is open the list is read again this often: a provider's callback may have settled it. */
const OPEN_ORDER_REFRESH_MS = 5_000;

/** GET /wps/member/cashier/deposits (docs/product/calls.md#cashier): my latest deposit orders, newest first. */
export function getDeposits(signal?: AbortSignal): Promise<DepositPage> {
  return apiRequest(CASHIER_CALLS.deposits, { query: { limit: String(RECENT_DEPOSITS) }, signal }, DepositPageSchema);
}

export function getDepositsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: depositKeys.orders(token),
    queryFn: ({ signal }) => getDeposits(signal),
    enabled: token !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.items.some((order) => order.state === 'created' || order.state === 'pending')
        ? OPEN_ORDER_REFRESH_MS
        : false,
  });
}

export function useDeposits() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getDepositsQueryOptions(token));
}
