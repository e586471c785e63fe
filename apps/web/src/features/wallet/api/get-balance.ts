import { BalanceSchema, type Balance } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { walletKeys } from './query-keys';

/** GET /wps/v2/wallets/balance (docs/product/calls.md#wallet): sumBalance in minor units, with the currency. */
export function getBalance(signal?: AbortSignal): Promise<Balance> {
  return apiRequest(WALLET_CALLS.balance, { signal }, BalanceSchema);
}

export function getBalanceQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: walletKeys.balance(token),
    queryFn: ({ signal }) => getBalance(signal),
    enabled: token !== null,
    // The socket pushes changes; this is the safety net when it is down.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useBalance() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getBalanceQueryOptions(token));
}
