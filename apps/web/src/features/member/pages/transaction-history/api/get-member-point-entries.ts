import { MemberPointEntriesSchema, type PointEntryType } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { TRANSACTIONS_PAGE_SIZE } from './get-member-transactions';

/** The point record's filters: an entry type and a period of the brand's days. */
export interface PointEntriesFilter {
  pointType?: PointEntryType;
  from: string;
  to: string;
}

/** GET /wps/relay/ODSFE2_MemTransDet?ledger=points: a page of my point entries, newest first (keyset). */
export function getMemberPointEntries(filter: PointEntriesFilter, cursor: string | null, signal?: AbortSignal) {
  return apiRequest(
    WALLET_CALLS.memberTransactions,
    { query: { ledger: 'points', pageSize: TRANSACTIONS_PAGE_SIZE, ...filter, cursor }, signal },
    MemberPointEntriesSchema,
  );
}

/** Keyed per session token like the money record; off while the page shows money. */
export function useMemberPointEntries(filter: PointEntriesFilter, cursor: string | null, enabled: boolean) {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: ['member-records', token, 'points', filter, cursor] as const,
    queryFn: ({ signal }) => getMemberPointEntries(filter, cursor, signal),
    enabled: enabled && token !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}
