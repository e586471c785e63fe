import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BettingRecord,
  type Page,
  type PlayerRoundsQuery,
} from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { playerKeys, type PlayerRef } from './query-keys';

export type PlayerRoundsFilters = Partial<Pick<PlayerRoundsQuery, 'status' | 'vassalage' | 'cursor'>>;

/** The player's rounds, newest first, by status and vendor. */
export function getPlayerRounds(
  { brand, playerId }: PlayerRef,
  query: PlayerRoundsFilters,
  signal?: AbortSignal,
): Promise<Page<BettingRecord>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.playerRounds, { brand, playerId }), { query, signal });
}

export function getPlayerRoundsQueryOptions(ref: PlayerRef, query: PlayerRoundsFilters) {
  return queryOptions({
    queryKey: playerKeys.rounds(ref.brand, ref.playerId, query),
    queryFn: ({ signal }) => getPlayerRounds(ref, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePlayerRounds(ref: PlayerRef, query: PlayerRoundsFilters) {
  return useQuery(getPlayerRoundsQueryOptions(ref, query));
}
