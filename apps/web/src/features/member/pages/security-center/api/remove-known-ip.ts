import { SECURITY_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { securityKeys } from './query-keys';

/** POST /wps/member/security/ips/remove: the next sign-in from this IP asks for the extra verification. */
export function removeKnownIp(ip: string): Promise<unknown> {
  return apiRequest(SECURITY_CALLS.removeKnownIp, { body: { ip } });
}

export function useRemoveKnownIp() {
  const token = useSessionStore((state) => state.token);
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeKnownIp,
    onSettled: () => client.invalidateQueries({ queryKey: securityKeys.knownIps(token) }),
  });
}
