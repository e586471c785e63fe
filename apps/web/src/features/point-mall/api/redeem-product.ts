import { RedeemResultSchema, type RedeemPointProductRequest, type RedeemResult } from '@parlay/contract';
import { POINT_MALL_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { pointMallKeys } from './query-keys';

/**
 * POST /wps/relay/passwordCheck/MCS2_redeemPointReward: the payment password is checked first, then the points, the
 * stock and any money part are taken together; a repeat of `requestId` answers the first and takes nothing more.
 */
export function redeemProduct(body: RedeemPointProductRequest): Promise<RedeemResult> {
  return apiRequest(POINT_MALL_CALLS.redeem, { body }, RedeemResultSchema);
}

export function useRedeemProduct() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: redeemProduct,
    // The balance, the stock, my limits and the records all moved (or a refusal says they may have).
    onSettled: () => queryClient.invalidateQueries({ queryKey: pointMallKeys.all(token) }),
  });
}
