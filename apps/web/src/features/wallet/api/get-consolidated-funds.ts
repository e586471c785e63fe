import { ConsolidatedFundsSchema } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { walletKeys } from './query-keys';

export type ConsolidatedFunds = z.infer<typeof ConsolidatedFundsSchema>;

/**
 * GET /wps/member/info/funds/consolidated (docs/product/calls.md#wallet): every wallet summed, with stakes
 * still in play.
 */
export function getConsolidatedFunds(signal?: AbortSignal): Promise<ConsolidatedFunds> {
  return apiRequest(WALLET_CALLS.consolidatedFunds, { signal }, ConsolidatedFundsSchema);
}

export function getConsolidatedFundsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: walletKeys.consolidated(token),
    queryFn: ({ signal }) => getConsolidatedFunds(signal),
    enabled: token !== null,
    staleTime: 10_000,
  });
}

export function useConsolidatedFunds() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getConsolidatedFundsQueryOptions(token));
}
