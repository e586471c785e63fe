import { GAME_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { getFavoriteGamesQueryOptions } from './get-favorite-games';
import { getFavoriteIdsQueryOptions, keepFavoriteIds } from './get-favorite-ids';

/** POST /wps/relay/MCSFE_addFavoriteGame: answers the member's favourite ids after the change. */
export function addFavoriteGame(gameId: number): Promise<number[]> {
  // Server-checked against FavoriteChangeResponseSchema (decision 0008).
  return apiRequest<{ gameIds: number[] }>(GAME_CALLS.addFavorite, {
    body: { gameId },
  }).then((value) => value.gameIds);
}

export function useAddFavoriteGame() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  const account = useSessionStore((state) => state.account);
  return useMutation({
    mutationFn: addFavoriteGame,
    onSuccess: (ids) => {
      queryClient.setQueryData(getFavoriteIdsQueryOptions(token).queryKey, ids);
      keepFavoriteIds(account, ids);
      void queryClient.invalidateQueries({ queryKey: getFavoriteGamesQueryOptions(token).queryKey });
    },
  });
}
