import { BettingRecordDetailSchema, callWithParams } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { walletKeys } from './query-keys';

export type BettingRecordDetail = z.infer<typeof BettingRecordDetailSchema>;

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
    queryKey: walletKeys.bettingRecord(token, vassalage, roundId),
    queryFn: ({ signal }) => getBettingRecord(vassalage, roundId, signal),
    enabled: token !== null,
    staleTime: 15_000,
  });
}

/** One round's detail, asked for only once `enabled` (the member opened it). */
export function useBettingRecord(vassalage: string, roundId: string, enabled: boolean) {
  const token = useSessionStore((state) => state.token);
  const options = getBettingRecordQueryOptions(token, vassalage, roundId);
  return useQuery({ ...options, enabled: token !== null && enabled });
}
