import { BACKOFFICE_CALLS, callWithParams, type OperatorDetail } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOperatorChange } from './use-operator-change';

export function reactivateOperator(input: { operatorId: number; version: number }): Promise<OperatorDetail> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.reactivateOperator, { operatorId: input.operatorId }), {
    body: { version: input.version },
  });
}

export function useReactivateOperator() {
  return useOperatorChange(reactivateOperator);
}
