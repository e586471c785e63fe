import { KnownIpsSchema, type KnownIp } from '@parlay/contract';
import { SECURITY_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { securityKeys } from './query-keys';

/** GET /wps/member/security/ips: the IPs the new-IP check trusts, with the device last seen on each. */
export async function getKnownIps(signal?: AbortSignal): Promise<KnownIp[]> {
  return (await apiRequest(SECURITY_CALLS.knownIps, { signal }, KnownIpsSchema)).items;
}

export function getKnownIpsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: securityKeys.knownIps(token),
    queryFn: ({ signal }) => getKnownIps(signal),
    enabled: token !== null,
  });
}

export function useKnownIps() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getKnownIpsQueryOptions(token));
}
