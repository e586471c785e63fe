import { BACKOFFICE_CALLS, callWithParams, type BoRebatePayoutPage } from '@parlay/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rebateKeys } from './query-keys';

export function getRebatePayouts(
  brand: string,
  account: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<BoRebatePayoutPage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.rebatePayouts, { brand }), {
    query: { limit: 20, cursor, account: account || undefined },
    signal,
  });
}

/** The rebates paid, newest first, optionally of one member's login. */
export function useRebatePayouts(brand: string, account: string, cursor: string | undefined) {
  return useQuery({
    queryKey: rebateKeys.payouts(brand, account, cursor),
    queryFn: ({ signal }) => getRebatePayouts(brand, account, cursor, signal),
  });
}
