import { BACKOFFICE_CALLS, callWithParams, type OperatorDetail } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOperatorChange } from './use-operator-change';

/** A lost phone: the operator enrols a new authenticator at the next sign-in; its sessions end now. */
export function resetOperatorTotp(input: { operatorId: number; version: number }): Promise<OperatorDetail> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.resetOperatorTotp, { operatorId: input.operatorId }), {
    body: { version: input.version },
  });
}

export function useResetOperatorTotp() {
  return useOperatorChange(resetOperatorTotp);
}
