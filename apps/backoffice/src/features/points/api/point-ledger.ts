import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoPointAdjustmentRequest,
  type BoPointLedger,
  type PointEntry,
} from '@parlay/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pointKeys } from './query-keys';

export function getPointLedger(
  brand: string,
  memberId: number,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<BoPointLedger> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.pointLedger, { brand, memberId: String(memberId) }), {
    query: { limit: 20, cursor },
    signal,
  });
}

export function usePointLedger(brand: string, memberId: number, cursor: string | undefined) {
  return useQuery({
    queryKey: pointKeys.ledger(brand, memberId, cursor),
    queryFn: ({ signal }) => getPointLedger(brand, memberId, cursor, signal),
  });
}

export function useAdjustPoints(brand: string, memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BoPointAdjustmentRequest) =>
      apiRequest<{ entry: PointEntry; balancePointsMinor: number }>(
        callWithParams(BACKOFFICE_CALLS.adjustPoints, { brand, memberId: String(memberId) }),
        { body },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: [...pointKeys.all(brand), 'ledger', memberId] }),
  });
}
