import { SignInHistorySchema, type SignInHistory } from '@parlay/contract';
import { SECURITY_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { securityKeys } from './query-keys';

export const SIGN_IN_PAGE_SIZE = 10;

/** GET /wps/member/security/sign-ins: a page of the member's sign-ins, newest first. */
export function getSignIns(beforeId: number | undefined, signal?: AbortSignal): Promise<SignInHistory> {
  return apiRequest(
    SECURITY_CALLS.signIns,
    { query: { limit: SIGN_IN_PAGE_SIZE, beforeId }, signal },
    SignInHistorySchema,
  );
}

export function getSignInsQueryOptions(token: string | null) {
  return infiniteQueryOptions({
    queryKey: securityKeys.signIns(token),
    queryFn: ({ pageParam, signal }) => getSignIns(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBeforeId ?? undefined,
    enabled: token !== null,
  });
}

export function useSignIns() {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getSignInsQueryOptions(token));
}
