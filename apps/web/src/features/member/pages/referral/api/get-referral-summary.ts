import type { ReferralSummary } from '@parlay/contract';
import { REFERRAL_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { referralKeys } from './query-keys';

/** GET /wps/member/referral: my invite code, the link the brand's registration takes, and the counts. */
export function getReferralSummary(signal?: AbortSignal) {
  return apiRequest<ReferralSummary>(REFERRAL_CALLS.summary, { signal });
}

export function getReferralSummaryQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: referralKeys.summary(token),
    queryFn: ({ signal }) => getReferralSummary(signal),
    enabled: token !== null,
    staleTime: 30_000,
  });
}

export function useReferralSummary() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getReferralSummaryQueryOptions(token));
}
