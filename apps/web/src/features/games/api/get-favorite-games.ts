import type { Game } from '@parlay/contract';
import { GAME_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { gamesKeys } from './query-keys';

/** GET /wps/relay/MCSFE_getFavoriteGamesList: my collection, the member's favourite games (server-checked, decision 0008). */
export function getFavoriteGames(signal?: AbortSignal): Promise<Game[]> {
  return apiRequest<{ list: Game[] }>(GAME_CALLS.favoriteGames, { signal }).then((value) => value.list);
}

export function getFavoriteGamesQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: gamesKeys.favoriteGames(token),
    queryFn: ({ signal }) => getFavoriteGames(signal),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

export function useFavoriteGames() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getFavoriteGamesQueryOptions(token));
}
