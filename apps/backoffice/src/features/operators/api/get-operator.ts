import { BACKOFFICE_CALLS, callWithParams, type OperatorDetail } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { operatorKeys } from './query-keys';

export function getOperator(operatorId: number, signal?: AbortSignal): Promise<OperatorDetail> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.operator, { operatorId }), { signal });
}

export function getOperatorQueryOptions(operatorId: number) {
  return queryOptions({
    queryKey: operatorKeys.detail(operatorId),
    queryFn: ({ signal }) => getOperator(operatorId, signal),
  });
}

export function useOperator(operatorId: number) {
  return useQuery(getOperatorQueryOptions(operatorId));
}
