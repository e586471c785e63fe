import { GAME_LIST_PAGE_SIZE, GAME_PLATFORMS, GameListSchema, LAUNCH_DEFAULTS, type GameList } from '@parlay/contract';
import { keepPreviousData, queryOptions, useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUiLanguage } from '../../../lib/language';
import { useSessionStore } from '../../../lib/session-store';
import { gamesKeys, type GameListFilters } from './query-keys';

/** GET /wps/relay/GCSGAME_gameList: one page of 24 games (spec 01 §7). */
export function getGameList(
  filters: GameListFilters,
  pageNo: number,
  context: { merchantCode: string | null; language: string },
  signal?: AbortSignal,
): Promise<GameList> {
  return apiRequest(
    '/wps/relay/GCSGAME_gameList',
    {
      query: {
        clientType: LAUNCH_DEFAULTS.clientType,
        platform: GAME_PLATFORMS,
        merchant: context.merchantCode,
        language: context.language,
        pageNo,
        pageSize: GAME_LIST_PAGE_SIZE,
        gameType: filters.gameType,
        vassalage: filters.vassalage,
        gameName: filters.gameName,
        gameClassify: filters.gameClassify,
        liveClass: filters.liveClass,
        isHot: filters.isHot,
        parentId: filters.parentId,
      },
      signal,
    },
    GameListSchema,
  );
}

export function getGameListQueryOptions(
  filters: GameListFilters,
  pageNo: number,
  context: { merchantCode: string | null; language: string },
) {
  return queryOptions({
    queryKey: gamesKeys.list(filters, pageNo, context.language),
    queryFn: ({ signal }) => getGameList(filters, pageNo, context, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The server pages of a game list that a card page needs, fetched side by side. */
export function useGameListPages(filters: GameListFilters, pageNos: readonly number[], enabled = true) {
  const merchantCode = useSessionStore((state) => state.merchantCode);
  const [language] = useUiLanguage();
  return useQueries({
    queries: pageNos.map((pageNo) => ({
      ...getGameListQueryOptions(filters, pageNo, { merchantCode, language }),
      enabled,
    })),
  });
}
