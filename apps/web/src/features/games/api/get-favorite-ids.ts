import { GAME_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keptInSession } from '../../../lib/kept-in-session';
import { useSessionStore } from '../../../lib/session-store';
import { gamesKeys } from './query-keys';

/** GET /wps/relay/MCSFE_getFavoriteGames: the ids of the member's favourite games (server-checked, decision 0008). */
export function getFavoriteIds(signal?: AbortSignal): Promise<number[]> {
  return apiRequest<{ gameIds: number[] }>(GAME_CALLS.favoriteIds, { signal }).then((value) => value.gameIds);
}

/**
 * The tab's copy of the member's favourite ids (session storage `favGames`,
 * docs/product/site-shell-and-routes.md#browser-storage), for one account.
 */
const keptFavoriteIds = keptInSession(
  'favGames',
  (value): value is number[] => Array.isArray(value) && value.every((id) => Number.isSafeInteger(id)),
);

/** Keeps the ids a call answered, so the next load draws the hearts at once. */
export function keepFavoriteIds(account: string | null, ids: number[]): void {
  if (account !== null) keptFavoriteIds.write(account, ids);
}

export function readKeptFavoriteIds(account: string | null): number[] | undefined {
  return account === null ? undefined : keptFavoriteIds.read(account);
}

export function getFavoriteIdsQueryOptions(token: string | null, account: string | null = null) {
  return queryOptions({
    queryKey: gamesKeys.favoriteIds(token),
    queryFn: async ({ signal }) => {
      const ids = await getFavoriteIds(signal);
      keepFavoriteIds(account, ids);
      return ids;
    },
    enabled: token !== null,
    // After a reload the tab's copy draws the hearts at once; dated 0, it is stale, so the server is
    // still asked on every load and its answer replaces the copy.
    initialData: () => (token === null ? undefined : readKeptFavoriteIds(account)),
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}

/** The favourite ids as a set; empty for a guest, who has none. */
export function useFavoriteIds() {
  const token = useSessionStore((state) => state.token);
  const account = useSessionStore((state) => state.account);
  return useQuery({ ...getFavoriteIdsQueryOptions(token, account), select: (ids) => new Set(ids) });
}
