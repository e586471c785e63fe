import { BACKOFFICE_CALLS, callWithParams, type PlayerProfile, type PlayerStatusRequest } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import type { PlayerRef } from './query-keys';
import { usePlayerChange } from './use-player-change';

/** No more sign-ins; every session ends. Answers the profile as it now is. */
export function lockPlayer({ brand, playerId }: PlayerRef, request: PlayerStatusRequest): Promise<PlayerProfile> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.lockPlayer, { brand, playerId }), { body: request });
}

export function useLockPlayer(ref: PlayerRef) {
  return usePlayerChange(ref, lockPlayer);
}
