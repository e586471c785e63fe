import { BACKOFFICE_CALLS, callWithParams, type KycReview } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { kycKeys } from './query-keys';

export type KycDecision =
  | { action: 'approve'; memberId: number; version: number }
  | { action: 'reject'; memberId: number; version: number; reason: string };

/** Approves or rejects a pending check at the version the operator opened. */
export function decideKyc(brand: string, decision: KycDecision): Promise<KycReview> {
  const { action, memberId, ...body } = decision;
  const call = action === 'approve' ? BACKOFFICE_CALLS.approveKyc : BACKOFFICE_CALLS.rejectKyc;
  return apiRequest(callWithParams(call, { brand, memberId }), { body });
}

export function useDecideKyc(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: KycDecision) => decideKyc(brand, decision),
    // Done or refused (another operator decided first), the queue and the review ask again.
    onSettled: () => client.invalidateQueries({ queryKey: kycKeys.all(brand) }),
  });
}
