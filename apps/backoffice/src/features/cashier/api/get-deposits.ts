import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoDeposit,
  type DepositMethodKind,
  type DepositState,
  type Page,
} from '@parlay/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cashierKeys } from './query-keys';

export interface DepositQuery {
  state?: DepositState | undefined;
  kind?: DepositMethodKind | undefined;
  cursor?: string | undefined;
}

/** The brand's deposit orders, newest first, by state and kind of method. */
export function getDeposits(brand: string, query: DepositQuery, signal?: AbortSignal): Promise<Page<BoDeposit>> {
  const search: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search[key] = String(value);
  return apiRequest(callWithParams(BACKOFFICE_CALLS.depositQueue, { brand }), { query: search, signal });
}

export function useDeposits(brand: string, query: DepositQuery) {
  return useQuery({
    queryKey: cashierKeys.deposits(brand, query),
    queryFn: ({ signal }) => getDeposits(brand, query, signal),
    placeholderData: keepPreviousData,
    // Members keep transferring: the queue is read again while it is open.
    refetchInterval: 15_000,
  });
}
