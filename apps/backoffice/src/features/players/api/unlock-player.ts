import { BACKOFFICE_CALLS, callWithParams, type PlayerProfile, type PlayerStatusRequest } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import type { PlayerRef } from './query-keys';
import { usePlayerChange } from './use-player-change';

/** The player may sign in again. Answers the profile as it now is. */
export function unlockPlayer({ brand, playerId }: PlayerRef, request: PlayerStatusRequest): Promise<PlayerProfile> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.unlockPlayer, { brand, playerId }), { body: request });
}

export function useUnlockPlayer(ref: PlayerRef) {
  return usePlayerChange(ref, unlockPlayer);
}
