import { BACKOFFICE_CALLS, callWithParams, type BoPointExchange, type Page } from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pointMallKeys } from './query-keys';

export interface ExchangeQuery {
  queue: 'open' | 'done';
  account?: string | undefined;
  cursor?: string | undefined;
}

/** The brand's exchange orders of a queue: open oldest first, done newest first. */
export function getExchanges(
  brand: string,
  query: ExchangeQuery,
  signal?: AbortSignal,
): Promise<Page<BoPointExchange>> {
  const search: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search[key] = String(value);
  return apiRequest(callWithParams(BACKOFFICE_CALLS.pointExchanges, { brand }), { query: search, signal });
}

export function useExchanges(brand: string, query: ExchangeQuery) {
  return useQuery({
    queryKey: pointMallKeys.exchanges(brand, query),
    queryFn: ({ signal }) => getExchanges(brand, query, signal),
    placeholderData: keepPreviousData,
    // Members keep redeeming: the queue is read again while it is open.
    refetchInterval: 15_000,
  });
}

export type ExchangeStep =
  | { action: 'approve' | 'complete'; id: number; version: number; remark?: string | undefined }
  | { action: 'reject'; id: number; version: number; reason: string };

/** Approves, completes or rejects (with the reason the member reads) an exchange, with the version the page read. */
export function processExchange(brand: string, step: ExchangeStep): Promise<BoPointExchange> {
  const call =
    step.action === 'approve'
      ? BACKOFFICE_CALLS.approvePointExchange
      : step.action === 'complete'
        ? BACKOFFICE_CALLS.completePointExchange
        : BACKOFFICE_CALLS.rejectPointExchange;
  const body =
    step.action === 'reject'
      ? { version: step.version, reason: step.reason }
      : { version: step.version, ...(step.remark ? { remark: step.remark } : {}) };
  return apiRequest(callWithParams(call, { brand, exchangeId: step.id }), { body });
}

export function useProcessExchange(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: ExchangeStep) => processExchange(brand, step),
    // Done or refused (another operator came first), the lists ask again.
    onSettled: () => client.invalidateQueries({ queryKey: pointMallKeys.all(brand) }),
  });
}
