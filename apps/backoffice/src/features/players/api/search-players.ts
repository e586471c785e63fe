import {
  BACKOFFICE_CALLS,
  callWithParams,
  type Page,
  type PlayerSearchQuery,
  type PlayerSummary,
} from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { playerKeys } from './query-keys';

export type PlayerSearch = Pick<PlayerSearchQuery, 'by' | 'q'> & { cursor?: string | undefined };

/** GET /bo/api/brands/:brand/players: the brand's players by account prefix, ID, phone, e-mail or IP. */
export function searchPlayers(brand: string, query: PlayerSearch, signal?: AbortSignal): Promise<Page<PlayerSummary>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.players, { brand }), { query, signal });
}

export function getSearchPlayersQueryOptions(brand: string, query: PlayerSearch) {
  return queryOptions({
    queryKey: playerKeys.search(brand, query),
    queryFn: ({ signal }) => searchPlayers(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Asks only once there is something to look for: the search has no "every player" list. */
export function useSearchPlayers(brand: string, query: PlayerSearch | null) {
  return useQuery({
    ...getSearchPlayersQueryOptions(brand, query ?? { by: 'account', q: '' }),
    enabled: query !== null,
  });
}
