import { BACKOFFICE_CALLS, callWithParams, type PlayerProfile } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { playerKeys, type PlayerRef } from './query-keys';

/** A player's profile: account, registration, sign-in and password state, and the brand's currency. */
export function getPlayer({ brand, playerId }: PlayerRef, signal?: AbortSignal): Promise<PlayerProfile> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.player, { brand, playerId }), { signal });
}

export function getPlayerQueryOptions(ref: PlayerRef) {
  return queryOptions({
    queryKey: playerKeys.profile(ref.brand, ref.playerId),
    queryFn: ({ signal }) => getPlayer(ref, signal),
  });
}

export function usePlayer(ref: PlayerRef) {
  return useQuery(getPlayerQueryOptions(ref));
}
