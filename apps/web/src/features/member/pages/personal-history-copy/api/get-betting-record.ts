import { BettingRecordDetailSchema, callWithParams } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { historyKeys } from './query-keys';

/** GET /wps/member/betting/records/:vassalage/:roundId: one round, its money moves and its replay data. */
export function getBettingRecord(vassalage: string, roundId: string, signal?: AbortSignal) {
  return apiRequest(
    callWithParams(WALLET_CALLS.bettingRecord, { vassalage, roundId }),
    { signal },
    BettingRecordDetailSchema,
  );
}

export function getBettingRecordQueryOptions(token: string | null, vassalage: string, roundId: string) {
  return queryOptions({
    queryKey: historyKeys.record(token, vassalage, roundId),
    queryFn: ({ signal }) => getBettingRecord(vassalage, roundId, signal),
    enabled: token !== null,
    staleTime: 15_000,
  });
}

/** One round's detail, asked for once the member opens it. */
export function useBettingRecord(vassalage: string, roundId: string) {
  const token = useSessionStore((state) => state.token);
  return useQuery(getBettingRecordQueryOptions(token, vassalage, roundId));
}
