import type { BettingRecordsQuery } from '@parlay/contract';
import { BettingRecordsSchema } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { historyKeys } from './query-keys';

export const RECORDS_PAGE_SIZE = 20;

/** The filters the page sends: a category, a vendor and a period of the brand's days. */
export type RecordsFilter = Pick<BettingRecordsQuery, 'gameType' | 'vassalage'> & { from: string; to: string };

/** GET /wps/member/betting/records: my rounds by the filters, newest started first, keyset paged by cursor. */
export function getBettingRecords(filter: RecordsFilter, cursor: string | null, signal?: AbortSignal) {
  return apiRequest(
    WALLET_CALLS.bettingRecords,
    { query: { pageSize: RECORDS_PAGE_SIZE, ...filter, cursor }, signal },
    BettingRecordsSchema,
  );
}

export function getBettingRecordsQueryOptions(token: string | null, filter: RecordsFilter) {
  return infiniteQueryOptions({
    queryKey: historyKeys.records(token, filter),
    queryFn: ({ pageParam, signal }) => getBettingRecords(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: token !== null,
    staleTime: 15_000,
  });
}

export function useBettingRecords(filter: RecordsFilter) {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getBettingRecordsQueryOptions(token, filter));
}
