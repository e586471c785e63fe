import type { ProtectionSettings, SetProtectionLimitRequest } from '@parlay/contract';
import { PROTECTION_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { protectionKeys } from './query-keys';

/** POST /wps/member/protection/limits: a lower or new limit at once, a higher one or a removal after 24 hours. */
export function setLimit(request: SetProtectionLimitRequest) {
  return apiRequest<ProtectionSettings>(PROTECTION_CALLS.setLimit, { body: request });
}

export function useSetLimit() {
  const token = useSessionStore((state) => state.token);
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLimit,
    onSuccess: (settings) => client.setQueryData(protectionKeys.settings(token), settings),
  });
}
