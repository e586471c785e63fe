import { MemberSessionsSchema, type MemberSession } from '@parlay/contract';
import { SECURITY_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { securityKeys } from './query-keys';

/** GET /wps/member/security/sessions: the member's live sessions, this one marked. */
export async function getSessions(signal?: AbortSignal): Promise<MemberSession[]> {
  return (await apiRequest(SECURITY_CALLS.sessions, { signal }, MemberSessionsSchema)).items;
}

export function getSessionsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: securityKeys.sessions(token),
    queryFn: ({ signal }) => getSessions(signal),
    enabled: token !== null,
  });
}

export function useSessions() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getSessionsQueryOptions(token));
}
