import { BACKOFFICE_CALLS, callWithParams, type LedgerMovement, type Page } from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { playerKeys, type PlayerRef } from './query-keys';

/** The player's ledger movements, newest first, with the balance after each. */
export function getPlayerLedger(
  { brand, playerId }: PlayerRef,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<LedgerMovement>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.playerLedger, { brand, playerId }), { query: { cursor }, signal });
}

export function getPlayerLedgerQueryOptions(ref: PlayerRef, cursor: string | undefined) {
  return queryOptions({
    queryKey: playerKeys.ledger(ref.brand, ref.playerId, cursor),
    queryFn: ({ signal }) => getPlayerLedger(ref, cursor, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePlayerLedger(ref: PlayerRef, cursor: string | undefined) {
  return useQuery(getPlayerLedgerQueryOptions(ref, cursor));
}
