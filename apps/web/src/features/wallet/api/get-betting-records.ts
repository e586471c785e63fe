import { BettingRecordsSchema, type BettingRecord } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { walletKeys } from './query-keys';

const PAGE_SIZE = 20;

/** GET /wps/member/betting/records: my rounds, newest first, keyset paged by cursor. */
export function getBettingRecords(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<{ list: BettingRecord[]; nextCursor: string | null }> {
  return apiRequest(
    WALLET_CALLS.bettingRecords,
    { query: { pageSize: PAGE_SIZE, cursor }, signal },
    BettingRecordsSchema,
  );
}

export function getBettingRecordsQueryOptions(token: string | null) {
  return infiniteQueryOptions({
    queryKey: walletKeys.bettingRecords(token),
    queryFn: ({ pageParam, signal }) => getBettingRecords(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: token !== null,
    staleTime: 15_000,
  });
}

export function useBettingRecords(enabled = true) {
  const token = useSessionStore((state) => state.token);
  const options = getBettingRecordsQueryOptions(token);
  return useInfiniteQuery({ ...options, enabled: token !== null && enabled });
}
