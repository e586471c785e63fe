import { BACKOFFICE_CALLS, callWithParams, type OperatorDetail } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOperatorChange } from './use-operator-change';

/** A new invitation link by e-mail; the earlier one stops working. */
export function reinviteOperator(operatorId: number): Promise<OperatorDetail> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.reinviteOperator, { operatorId }));
}

export function useReinviteOperator() {
  return useOperatorChange(reinviteOperator);
}
