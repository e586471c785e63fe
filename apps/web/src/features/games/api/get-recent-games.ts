import type { Game } from '@parlay/contract';
import { GAME_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { gamesKeys } from './query-keys';

/** GET /wps/relay/GCS_recentGame: the games the member launched lately, newest first. */
export function getRecentGames(signal?: AbortSignal): Promise<Game[]> {
  // Server-checked against RecentGamesResponseSchema (decision 0008).
  return apiRequest<{ list: Game[] }>(GAME_CALLS.recentGames, { signal }).then((value) => value.list);
}

export function getRecentGamesQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: gamesKeys.recent(token),
    queryFn: ({ signal }) => getRecentGames(signal),
    enabled: token !== null,
    staleTime: 30_000,
  });
}

export function useRecentGames() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getRecentGamesQueryOptions(token));
}
