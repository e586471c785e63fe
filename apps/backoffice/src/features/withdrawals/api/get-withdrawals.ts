import { BACKOFFICE_CALLS, callWithParams, type BoWithdrawal, type Page } from '@parlay/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withdrawalKeys } from './query-keys';

export type WithdrawalQueue = 'review' | 'payout' | 'done' | 'cases' | 'resolved';

/** A queue of the brand's withdrawals, newest first, each with its risk flags. */
export function getWithdrawals(
  brand: string,
  query: { queue: WithdrawalQueue; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<Page<BoWithdrawal>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.withdrawalQueue, { brand }), { query, signal });
}

export function useWithdrawals(brand: string, query: { queue: WithdrawalQueue; cursor?: string | undefined }) {
  return useQuery({
    queryKey: withdrawalKeys.queue(brand, query),
    queryFn: ({ signal }) => getWithdrawals(brand, query, signal),
    placeholderData: keepPreviousData,
    // Members keep asking: the review queue is read again while it is open.
    refetchInterval: 15_000,
  });
}

/** Where a proof image is served (the session's cookie goes with it). */
export function proofUrl(brand: string, withdrawalId: number, proofId: number): string {
  return callWithParams(BACKOFFICE_CALLS.withdrawalProof, { brand, withdrawalId, proofId }).path;
}
