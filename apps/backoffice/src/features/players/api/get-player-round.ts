import { BACKOFFICE_CALLS, callWithParams, type BettingRecordDetailSchema } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { playerKeys, type PlayerRef } from './query-keys';

export type PlayerRound = z.infer<typeof BettingRecordDetailSchema>;

/** One round with its money moves and the vendor's replay data. */
export function getPlayerRound(
  { brand, playerId }: PlayerRef,
  vassalage: string,
  roundId: string,
  signal?: AbortSignal,
): Promise<PlayerRound> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.playerRound, { brand, playerId, vassalage, roundId }), { signal });
}

export function getPlayerRoundQueryOptions(ref: PlayerRef, vassalage: string, roundId: string) {
  return queryOptions({
    queryKey: playerKeys.round(ref.brand, ref.playerId, vassalage, roundId),
    queryFn: ({ signal }) => getPlayerRound(ref, vassalage, roundId, signal),
  });
}

export function usePlayerRound(ref: PlayerRef, vassalage: string, roundId: string) {
  return useQuery(getPlayerRoundQueryOptions(ref, vassalage, roundId));
}
