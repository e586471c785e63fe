import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore, type SessionMember } from '../../../lib/session-store';

/**
 * Member info (docs/product/accounts.md#member-info); the shell reads a few of its fields.
 * Server-checked (decision 0008).
 */
export function getMemberInfo(signal?: AbortSignal): Promise<SessionMember> {
  return apiRequest<SessionMember>(ACCOUNT_CALLS.memberInfo, { signal });
}

export function getMemberInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['navigation', 'member-info', token],
    queryFn: ({ signal }) => getMemberInfo(signal),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * On start, a stored token loads the member info (docs/product/site-shell-and-routes.md#application-start); a refused
 * token ends the session.
 */
export function useMemberInfo() {
  const token = useSessionStore((state) => state.token);
  return useQuery({ ...getMemberInfoQueryOptions(token), enabled: token !== null });
}
