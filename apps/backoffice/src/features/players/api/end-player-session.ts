import { BACKOFFICE_CALLS, callWithParams } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import type { PlayerRef } from './query-keys';
import { usePlayerChange } from './use-player-change';

/** Ends one session of the player: a game it launched takes no new stake. */
export function endPlayerSession({ brand, playerId }: PlayerRef, sessionId: number): Promise<null> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.endPlayerSession, { brand, playerId, sessionId }));
}

export function useEndPlayerSession(ref: PlayerRef) {
  return usePlayerChange(ref, endPlayerSession);
}
