import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { gamesKeys } from './query-keys';

/** GET /wps/relay/MCSFE_getFavoriteGames: the ids of the member's favourite games (server-checked, decision 0008). */
export function getFavoriteIds(signal?: AbortSignal): Promise<number[]> {
  return apiRequest<{ gameIds: number[] }>('/wps/relay/MCSFE_getFavoriteGames', { signal }).then(
    (value) => value.gameIds,
  );
}

export function getFavoriteIdsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: gamesKeys.favoriteIds(token),
    queryFn: ({ signal }) => getFavoriteIds(signal),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

/** The favourite ids as a set; empty for a guest, who has none. */
export function useFavoriteIds() {
  const token = useSessionStore((state) => state.token);
  return useQuery({ ...getFavoriteIdsQueryOptions(token), select: (ids) => new Set(ids) });
}
