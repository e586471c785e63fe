import type { GameMenuSchema } from '@parlay/contract';
import { GAME_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useUiLanguage } from '../../../lib/language';
import { gamesKeys } from './query-keys';

export type GameMenu = z.infer<typeof GameMenuSchema>;

/** GET /lgw/games/game_menus (docs/product/games-and-wallet.md#lottery-menu): each lottery vendor with its games. */
export function getGameMenus(signal?: AbortSignal): Promise<GameMenu[]> {
  // Server-checked against GameMenusResponseSchema (decision 0008).
  return apiRequest<{ list: GameMenu[] }>(GAME_CALLS.gameMenus, { signal }).then((value) => value.list);
}

export function getGameMenusQueryOptions(language: string) {
  return queryOptions({
    queryKey: gamesKeys.menus(language),
    queryFn: ({ signal }) => getGameMenus(signal),
    staleTime: 5 * 60_000,
  });
}

/** The lottery menu's game of `gameCode`: no data while the menu loads, null when no vendor offers the code. */
export function useLotteryGame(gameCode: string) {
  const [language] = useUiLanguage();
  return useQuery({
    ...getGameMenusQueryOptions(language),
    select: (menus) => menus.flatMap((menu) => menu.gameMenus).find((game) => game.code === gameCode) ?? null,
  });
}
