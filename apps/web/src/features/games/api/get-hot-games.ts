import { GAME_PLATFORMS, type Game } from '@parlay/contract';
import { GAME_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUiLanguage } from '../../../lib/language';
import { useSessionStore } from '../../../lib/session-store';
import { gamesKeys } from './query-keys';

/**
 * GET /wps/relay/GCSGAME_hotGamesV2 (docs/product/calls.md#games): merchantCode, isPlatform 2, platform and language.
 */
export function getHotGames(
  context: { merchantCode: string | null; language: string; gameType?: string },
  signal?: AbortSignal,
): Promise<Game[]> {
  // Server-checked against HotGamesResponseSchema (decision 0008).
  return apiRequest<{ list: Game[] }>(GAME_CALLS.hotGames, {
    query: {
      merchantCode: context.merchantCode,
      isPlatform: 2,
      platform: GAME_PLATFORMS,
      language: context.language,
      gameType: context.gameType,
    },
    signal,
  }).then((value) => value.list);
}

export function getHotGamesQueryOptions(context: { merchantCode: string | null; language: string; gameType?: string }) {
  return queryOptions({
    queryKey: gamesKeys.hot(context.gameType ?? '', context.language),
    queryFn: ({ signal }) => getHotGames(context, signal),
    staleTime: 5 * 60_000,
  });
}

export function useHotGames(gameType?: string) {
  const merchantCode = useSessionStore((state) => state.merchantCode);
  const [language] = useUiLanguage();
  return useQuery(getHotGamesQueryOptions({ merchantCode, language, gameType }));
}
