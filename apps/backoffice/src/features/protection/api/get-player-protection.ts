import { BACKOFFICE_CALLS, callWithParams, type PlayerProtection } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface PlayerRef {
  brand: string;
  playerId: number;
}

export const protectionKeys = {
  player: (brand: string, playerId: number) => ['protection', brand, playerId] as const,
};

/** The player's limits, block and the last 200 changes (players.read). */
export function getPlayerProtection({ brand, playerId }: PlayerRef, signal?: AbortSignal): Promise<PlayerProtection> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.playerProtection, { brand, playerId }), { signal });
}

/** Read once the operator opens the section (`enabled`). */
export function usePlayerProtection(ref: PlayerRef, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: protectionKeys.player(ref.brand, ref.playerId),
      queryFn: ({ signal }) => getPlayerProtection(ref, signal),
      enabled,
    }),
  );
}
