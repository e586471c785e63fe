import { BACKOFFICE_CALLS, callWithParams, type DefaultPasswordRequest } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import type { PlayerRef } from './query-keys';
import { usePlayerChange } from './use-player-change';

/** A temporary password (the one given, or generated), changed at the next sign-in; every session ends. */
export function setPlayerDefaultPassword(
  { brand, playerId }: PlayerRef,
  request: DefaultPasswordRequest,
): Promise<{ password: string; endedSessions: number }> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setPlayerDefaultPassword, { brand, playerId }), { body: request });
}

export function useSetPlayerDefaultPassword(ref: PlayerRef) {
  return usePlayerChange(ref, setPlayerDefaultPassword);
}
