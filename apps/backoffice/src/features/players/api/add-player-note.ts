import { BACKOFFICE_CALLS, callWithParams, type AddPlayerNoteRequest, type PlayerNote } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import type { PlayerRef } from './query-keys';
import { usePlayerChange } from './use-player-change';

/** Adds a note on the player; notes are never changed or removed. */
export function addPlayerNote({ brand, playerId }: PlayerRef, request: AddPlayerNoteRequest): Promise<PlayerNote> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.addPlayerNote, { brand, playerId }), { body: request });
}

export function useAddPlayerNote(ref: PlayerRef) {
  return usePlayerChange(ref, addPlayerNote);
}
