import type { ReferralMembers } from '@parlay/contract';
import { REFERRAL_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { referralKeys } from './query-keys';

export const REFERRAL_PAGE_SIZE = 20;

/** GET /wps/member/referral/members: who registered with my code, newest first, keyset paged by cursor. */
export function getReferralMembers(cursor: string | null, signal?: AbortSignal) {
  return apiRequest<ReferralMembers>(REFERRAL_CALLS.members, {
    query: { pageSize: REFERRAL_PAGE_SIZE, cursor },
    signal,
  });
}

export function getReferralMembersQueryOptions(token: string | null) {
  return infiniteQueryOptions({
    queryKey: referralKeys.members(token),
    queryFn: ({ pageParam, signal }) => getReferralMembers(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: token !== null,
    staleTime: 30_000,
  });
}

export function useReferralMembers() {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getReferralMembersQueryOptions(token));
}
