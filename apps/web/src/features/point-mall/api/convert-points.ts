import { ConvertResultSchema, type ConvertPointsRequest, type ConvertResult } from '@parlay/contract';
import { POINT_MALL_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { pointMallKeys } from './query-keys';

/**
 * POST /wps/relay/passwordCheck/MCS2_convertPoint: points to money at the brand's rate, with the payment password;
 * the money is credited to the wallet (the header's balance follows over the socket).
 */
export function convertPoints(body: ConvertPointsRequest): Promise<ConvertResult> {
  return apiRequest(POINT_MALL_CALLS.convert, { body }, ConvertResultSchema);
}

export function useConvertPoints() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: convertPoints,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pointMallKeys.all(token) }),
  });
}
