import { BACKOFFICE_CALLS, callWithParams } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import type { PlayerRef } from './query-keys';
import { usePlayerChange } from './use-player-change';

/**
 * The password counts as expired: with the brand's FORCE_PASSWORD_CHANGE on (`forced`), the next sign-in must
 * change it; else the player is only warned.
 */
export function expirePlayerPassword({ brand, playerId }: PlayerRef): Promise<{ forced: boolean }> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.expirePlayerPassword, { brand, playerId }));
}

export function useExpirePlayerPassword(ref: PlayerRef) {
  return usePlayerChange(ref, (player: PlayerRef, _: void) => expirePlayerPassword(player));
}
