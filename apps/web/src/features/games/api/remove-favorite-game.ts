import { GAME_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { getFavoriteGamesQueryOptions } from './get-favorite-games';
import { getFavoriteIdsQueryOptions, keepFavoriteIds } from './get-favorite-ids';

/** POST /wps/relay/MCSFE_removeFavoriteGame: answers the member's favourite ids after the change. */
export function removeFavoriteGame(gameId: number): Promise<number[]> {
  // Server-checked against FavoriteChangeResponseSchema (decision 0008).
  return apiRequest<{ gameIds: number[] }>(GAME_CALLS.removeFavorite, {
    body: { gameId },
  }).then((value) => value.gameIds);
}

export function useRemoveFavoriteGame() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  const account = useSessionStore((state) => state.account);
  return useMutation({
    mutationFn: removeFavoriteGame,
    onSuccess: (ids) => {
      queryClient.setQueryData(getFavoriteIdsQueryOptions(token).queryKey, ids);
      keepFavoriteIds(account, ids);
      void queryClient.invalidateQueries({ queryKey: getFavoriteGamesQueryOptions(token).queryKey });
    },
  });
}
