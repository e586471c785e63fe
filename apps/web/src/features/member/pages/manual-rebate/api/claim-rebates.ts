import type { ClaimRebatesRequest, ClaimRebatesResult } from '@parlay/contract';
import { REBATE_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { rebateKeys } from './query-keys';

/**
 * POST /wps/member/rebates/claim: pays every finished period's cashback, each period once; a repeat of the requestId
 * answers the first. The header's balance follows from the balance socket; the page reads its periods again.
 */
export function claimRebates(body: ClaimRebatesRequest): Promise<ClaimRebatesResult> {
  return apiRequest<ClaimRebatesResult>(REBATE_CALLS.claim, { body });
}

export function useClaimRebates() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: claimRebates,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rebateKeys.summary(token) }),
  });
}
