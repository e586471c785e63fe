import { BACKOFFICE_CALLS, type InviteOperatorRequest, type OperatorDetail } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOperatorChange } from './use-operator-change';

/** Creates the operator and e-mails its invitation link. */
export function inviteOperator(request: InviteOperatorRequest): Promise<OperatorDetail> {
  return apiRequest(BACKOFFICE_CALLS.inviteOperator, { body: request });
}

export function useInviteOperator() {
  return useOperatorChange(inviteOperator);
}
