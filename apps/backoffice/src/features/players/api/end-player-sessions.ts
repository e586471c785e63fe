import { BACKOFFICE_CALLS, callWithParams } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import type { PlayerRef } from './query-keys';
import { usePlayerChange } from './use-player-change';

/** Ends every session of the player; answers how many ended. */
export function endPlayerSessions({ brand, playerId }: PlayerRef): Promise<{ ended: number }> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.endPlayerSessions, { brand, playerId }));
}

export function useEndPlayerSessions(ref: PlayerRef) {
  return usePlayerChange(ref, (player: PlayerRef, _: void) => endPlayerSessions(player));
}
