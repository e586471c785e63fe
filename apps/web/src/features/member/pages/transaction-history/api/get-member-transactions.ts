import { MemberTransactionsSchema, type MemberTransactionsFilter } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';

export const TRANSACTIONS_PAGE_SIZE = 20;

/** The filters the page sends: a type and a period of the brand's days. */
export type TransactionsFilter = MemberTransactionsFilter & { from: string; to: string };

/** GET /wps/relay/ODSFE2_MemTransDet: a page of my movements, newest first, after `cursor` (keyset). */
export function getMemberTransactions(filter: TransactionsFilter, cursor: string | null, signal?: AbortSignal) {
  return apiRequest(
    WALLET_CALLS.memberTransactions,
    { query: { pageSize: TRANSACTIONS_PAGE_SIZE, ...filter, cursor }, signal },
    MemberTransactionsSchema,
  );
}

/** Keyed per session token, so a sign-out never shows the last member's movements. */
export function getMemberTransactionsQueryOptions(
  token: string | null,
  filter: TransactionsFilter,
  cursor: string | null,
) {
  return queryOptions({
    queryKey: ['member-records', token, 'transactions', filter, cursor] as const,
    queryFn: ({ signal }) => getMemberTransactions(filter, cursor, signal),
    enabled: token !== null,
    staleTime: 15_000,
    // The page shown stays while the next one loads: the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useMemberTransactions(filter: TransactionsFilter, cursor: string | null) {
  const token = useSessionStore((state) => state.token);
  return useQuery(getMemberTransactionsQueryOptions(token, filter, cursor));
}
