import { PracticeBalanceSchema, type PracticeBalance } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

/** How often a guest's practice balance is read again: the games it plays in their frames move it. */
const PRACTICE_REFRESH_MS = 5_000;

export const practiceKeys = {
  balance: (token: string | null) => ['practice', token, 'balance'] as const,
};

/** GET /wps/session/practice-balance (decision 0072): a free-play guest's practice money, null for anyone else. */
export function getPracticeBalance(signal?: AbortSignal): Promise<PracticeBalance> {
  return apiRequest(ACCOUNT_CALLS.practiceBalance, { signal }, PracticeBalanceSchema);
}

export function getPracticeBalanceQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: practiceKeys.balance(token),
    queryFn: ({ signal }) => getPracticeBalance(signal),
    enabled: token !== null,
    refetchInterval: PRACTICE_REFRESH_MS,
  });
}

export function usePracticeBalance() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getPracticeBalanceQueryOptions(token));
}
