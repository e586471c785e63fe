import { BettingRecordsSchema, type BettingRecord } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isRealAccount, useSessionStore } from '../../../lib/session-store';
import { walletKeys } from './query-keys';

/** The wallet panel's last rounds: the member centre's records page (personalHistoryCopy) has them all. */
export const RECENT_RECORDS = 5;

/** GET /wps/member/betting/records: my last rounds, newest first. */
export function getBettingRecords(signal?: AbortSignal): Promise<{ list: BettingRecord[]; nextCursor: string | null }> {
  return apiRequest(WALLET_CALLS.bettingRecords, { query: { pageSize: RECENT_RECORDS }, signal }, BettingRecordsSchema);
}

export function getBettingRecordsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: walletKeys.bettingRecords(token),
    queryFn: ({ signal }) => getBettingRecords(signal),
    enabled: token !== null,
    staleTime: 15_000,
  });
}

/** A real account's last rounds (the call refuses a trial account: it has no records to show). */
export function useBettingRecords(enabled = true) {
  const token = useSessionStore((state) => state.token);
  const isReal = useSessionStore((state) => isRealAccount(state.isAgent));
  const options = getBettingRecordsQueryOptions(token);
  return useQuery({ ...options, enabled: token !== null && isReal && enabled });
}
