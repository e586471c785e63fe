import { BACKOFFICE_CALLS, callWithParams, type OperatorDetail, type RoleName } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOperatorChange } from './use-operator-change';

export function setOperatorRoles(input: {
  operatorId: number;
  roles: RoleName[];
  version: number;
}): Promise<OperatorDetail> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setOperatorRoles, { operatorId: input.operatorId }), {
    body: { roles: input.roles, version: input.version },
  });
}

export function useSetOperatorRoles() {
  return useOperatorChange(setOperatorRoles);
}
