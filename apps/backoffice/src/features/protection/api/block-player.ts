import {
  BACKOFFICE_CALLS,
  callWithParams,
  type PlayerProtectionBlockRequest,
  type ProtectionBlock,
} from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { protectionKeys, type PlayerRef } from './get-player-protection';

/** Adds a time-out or self-exclusion (players.write): the player is signed out; one in force is only lengthened. */
export function blockPlayer(
  { brand, playerId }: PlayerRef,
  request: PlayerProtectionBlockRequest,
): Promise<ProtectionBlock> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.blockPlayerProtection, { brand, playerId }), { body: request });
}

export function useBlockPlayer(ref: PlayerRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: PlayerProtectionBlockRequest) => blockPlayer(ref, request),
    onSettled: () => client.invalidateQueries({ queryKey: protectionKeys.player(ref.brand, ref.playerId) }),
  });
}
