import { BACKOFFICE_CALLS, callWithParams, type ConsolidatedFundsSchema } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { playerKeys, type PlayerRef } from './query-keys';

export type PlayerBalances = z.infer<typeof ConsolidatedFundsSchema>;

/** The player's wallets and the stakes riding on open rounds. */
export function getPlayerBalances({ brand, playerId }: PlayerRef, signal?: AbortSignal): Promise<PlayerBalances> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.playerBalances, { brand, playerId }), { signal });
}

export function getPlayerBalancesQueryOptions(ref: PlayerRef) {
  return queryOptions({
    queryKey: playerKeys.balances(ref.brand, ref.playerId),
    queryFn: ({ signal }) => getPlayerBalances(ref, signal),
  });
}

export function usePlayerBalances(ref: PlayerRef) {
  return useQuery(getPlayerBalancesQueryOptions(ref));
}
