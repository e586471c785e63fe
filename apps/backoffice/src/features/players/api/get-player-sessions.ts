import { BACKOFFICE_CALLS, callWithParams, type PlayerSession } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { playerKeys, type PlayerRef } from './query-keys';

/** The player's live sessions (a handful at most: no paging). */
export function getPlayerSessions(
  { brand, playerId }: PlayerRef,
  signal?: AbortSignal,
): Promise<{ items: PlayerSession[] }> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.playerSessions, { brand, playerId }), { signal });
}

export function getPlayerSessionsQueryOptions(ref: PlayerRef) {
  return queryOptions({
    queryKey: playerKeys.sessions(ref.brand, ref.playerId),
    queryFn: ({ signal }) => getPlayerSessions(ref, signal),
  });
}

export function usePlayerSessions(ref: PlayerRef) {
  return useQuery(getPlayerSessionsQueryOptions(ref));
}
