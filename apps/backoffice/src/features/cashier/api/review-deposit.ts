import { BACKOFFICE_CALLS, callWithParams, type BoDeposit } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cashierKeys } from './query-keys';

export type DepositReview = { action: 'confirm'; id: number } | { action: 'reject'; id: number; reason: string };

/** Confirms a bank transfer finance found, or rejects one that did not arrive (with the reason the member is told). */
export function reviewDeposit(brand: string, review: DepositReview): Promise<BoDeposit> {
  if (review.action === 'confirm') {
    return apiRequest(callWithParams(BACKOFFICE_CALLS.confirmDeposit, { brand, orderId: review.id }), { body: {} });
  }
  return apiRequest(callWithParams(BACKOFFICE_CALLS.rejectDeposit, { brand, orderId: review.id }), {
    body: { reason: review.reason },
  });
}

export function useReviewDeposit(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (review: DepositReview) => reviewDeposit(brand, review),
    // Done or refused (another operator came first), the list asks again.
    onSettled: () => client.invalidateQueries({ queryKey: cashierKeys.all(brand) }),
  });
}
