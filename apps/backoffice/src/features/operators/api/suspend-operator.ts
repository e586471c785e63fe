import { BACKOFFICE_CALLS, callWithParams, type OperatorDetail } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOperatorChange } from './use-operator-change';

/** No more sign-ins; the operator's sessions end. The reason goes into the audit trail. */
export function suspendOperator(input: {
  operatorId: number;
  reason: string;
  version: number;
}): Promise<OperatorDetail> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.suspendOperator, { operatorId: input.operatorId }), {
    body: { reason: input.reason, version: input.version },
  });
}

export function useSuspendOperator() {
  return useOperatorChange(suspendOperator);
}
