import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../../lib/session-store';
import { getBalanceQueryOptions } from '../api/get-balance';
import { balanceSocket } from '../lib/balance-socket';

/** Keeps the cached balance live: each pushed balance replaces it, no request needed. */
export function useBalancePush() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  useEffect(() => {
    if (!token) return;
    const key = getBalanceQueryOptions(token).queryKey;
    return balanceSocket.subscribe(token, (event) => {
      const previous = queryClient.getQueryData(key);
      // Without a first answer the exponent is unknown: ask once rather than guess it.
      if (!previous) void queryClient.invalidateQueries({ queryKey: key });
      else queryClient.setQueryData(key, { ...previous, sumBalance: event.sumBalance, currency: event.currency });
    });
  }, [queryClient, token]);
}
