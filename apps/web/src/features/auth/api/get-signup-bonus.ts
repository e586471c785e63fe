import { SignupBonusSchema, type SignupBonus } from '@parlay/contract';
import { BONUS_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/**
 * GET /wps/promotions/signup-bonus (docs/product/calls.md#bonuses), no token: the brand's active sign-up bonus, or null
 * when it offers none. The register dialog's title advertises it.
 */
export function getSignupBonus(signal?: AbortSignal): Promise<SignupBonus> {
  return apiRequest(BONUS_CALLS.signupBonus, { signal }, SignupBonusSchema);
}

export function getSignupBonusQueryOptions() {
  return queryOptions({
    queryKey: authKeys.signupBonus(),
    queryFn: ({ signal }) => getSignupBonus(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSignupBonus() {
  return useQuery(getSignupBonusQueryOptions());
}
