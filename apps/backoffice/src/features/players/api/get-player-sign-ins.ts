import { BACKOFFICE_CALLS, callWithParams, type Page, type PlayerSignIn } from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { playerKeys, type PlayerRef } from './query-keys';

/** The player's sign-ins with IP and country, newest first. */
export function getPlayerSignIns(
  { brand, playerId }: PlayerRef,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<PlayerSignIn>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.playerSignIns, { brand, playerId }), { query: { cursor }, signal });
}

export function getPlayerSignInsQueryOptions(ref: PlayerRef, cursor: string | undefined) {
  return queryOptions({
    queryKey: playerKeys.signIns(ref.brand, ref.playerId, cursor),
    queryFn: ({ signal }) => getPlayerSignIns(ref, cursor, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePlayerSignIns(ref: PlayerRef, cursor: string | undefined) {
  return useQuery(getPlayerSignInsQueryOptions(ref, cursor));
}
