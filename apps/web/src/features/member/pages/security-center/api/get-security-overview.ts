import { SecurityOverviewSchema, type SecurityOverview } from '@parlay/contract';
import { SECURITY_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { securityKeys } from './query-keys';

/** GET /wps/member/security: the new-IP check's methods and the authenticator's state. */
export function getSecurityOverview(signal?: AbortSignal): Promise<SecurityOverview> {
  return apiRequest(SECURITY_CALLS.overview, { signal }, SecurityOverviewSchema);
}

export function getSecurityOverviewQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: securityKeys.overview(token),
    queryFn: ({ signal }) => getSecurityOverview(signal),
    enabled: token !== null,
  });
}

export function useSecurityOverview() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getSecurityOverviewQueryOptions(token));
}
