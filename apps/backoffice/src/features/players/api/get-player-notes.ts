import { BACKOFFICE_CALLS, callWithParams, type Page, type PlayerNote } from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { playerKeys, type PlayerRef } from './query-keys';

/** Operators' notes on the player, newest first. */
export function getPlayerNotes(
  { brand, playerId }: PlayerRef,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<PlayerNote>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.playerNotes, { brand, playerId }), { query: { cursor }, signal });
}

export function getPlayerNotesQueryOptions(ref: PlayerRef, cursor: string | undefined) {
  return queryOptions({
    queryKey: playerKeys.notes(ref.brand, ref.playerId, cursor),
    queryFn: ({ signal }) => getPlayerNotes(ref, cursor, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePlayerNotes(ref: PlayerRef, cursor: string | undefined) {
  return useQuery(getPlayerNotesQueryOptions(ref, cursor));
}
