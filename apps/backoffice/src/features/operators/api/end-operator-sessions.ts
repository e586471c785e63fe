import { BACKOFFICE_CALLS, callWithParams } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { operatorKeys } from './query-keys';

/** Ends every session of an operator; answers how many ended. */
export function endOperatorSessions(operatorId: number): Promise<{ ended: number }> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.endOperatorSessions, { operatorId }));
}

export function useEndOperatorSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endOperatorSessions,
    onSuccess: (_, operatorId) => void client.invalidateQueries({ queryKey: operatorKeys.detail(operatorId) }),
  });
}
