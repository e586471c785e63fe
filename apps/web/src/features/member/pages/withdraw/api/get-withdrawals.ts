import { WithdrawalPageSchema, type WithdrawalPage } from '@parlay/contract';
import { WITHDRAWAL_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { withdrawKeys } from './query-keys';

/** Withdrawals a page of the list shows. */
export const WITHDRAWALS_PAGE = 10;
/** While one is being reviewed or paid, the list is read again this often: finance may have moved it. */
const OPEN_REFRESH_MS = 10_000;
const OPEN = new Set(['requested', 'approved', 'paying']);

/** GET /wps/member/withdrawals (docs/product/calls.md#withdrawals): mine, newest first, keyset by cursor. */
export function getWithdrawals(cursor: string | undefined, signal?: AbortSignal): Promise<WithdrawalPage> {
  return apiRequest(
    WITHDRAWAL_CALLS.withdrawals,
    { query: { limit: String(WITHDRAWALS_PAGE), cursor }, signal },
    WithdrawalPageSchema,
  );
}

export function getWithdrawalsQueryOptions(token: string | null) {
  return infiniteQueryOptions({
    queryKey: withdrawKeys.withdrawals(token),
    queryFn: ({ pageParam, signal }) => getWithdrawals(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: token !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => OPEN.has(item.status)))
        ? OPEN_REFRESH_MS
        : false,
  });
}

export function useWithdrawals() {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getWithdrawalsQueryOptions(token));
}
