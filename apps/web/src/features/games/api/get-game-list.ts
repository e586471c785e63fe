import { GAME_LIST_PAGE_SIZE, GAME_PLATFORMS, GameListSchema, LAUNCH_DEFAULTS, type GameList } from '@parlay/contract';
import { GAME_CALLS } from '@parlay/contract/constants';
import { keepPreviousData, queryOptions, useQueries, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUiLanguage } from '../../../lib/language';
import { useSessionStore } from '../../../lib/session-store';
import { gamesKeys, type GameListFilters } from './query-keys';

/**
 * GET /wps/relay/GCSGAME_gameList: one page of 24 games (docs/product/calls.md#games). With `cursor` (the
 * previous page's nextCursor) the server seeks by keyset instead of skipping pageNo - 1 pages, so deep pages
 * stay fast.
 */
export function getGameList(
  filters: GameListFilters,
  pageNo: number,
  context: { merchantCode: string | null; language: string },
  signal?: AbortSignal,
  cursor?: string,
): Promise<GameList> {
  return apiRequest(
    GAME_CALLS.gameList,
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
        cursor,
      },
      signal,
    },
    GameListSchema,
  );
}

/**
 * The keyset cursor to page `pageNo`: the nextCursor of page pageNo - 1 when the cache holds it (paging
 * forward). A page opened directly (a link, a reload) has none and is asked for by its number.
 */
export function findPageCursor(
  client: QueryClient,
  filters: GameListFilters,
  pageNo: number,
  language: string,
): string | undefined {
  if (pageNo <= 1) return undefined;
  const previous = client.getQueryData<GameList>(gamesKeys.list(filters, pageNo - 1, language));
  return previous?.pageNum === pageNo - 1 ? (previous.nextCursor ?? undefined) : undefined;
}

export function getGameListQueryOptions(
  filters: GameListFilters,
  pageNo: number,
  context: { merchantCode: string | null; language: string },
) {
  return queryOptions({
    // Keyed by page number, so a page reached by cursor and the same page opened by number are one entry.
    queryKey: gamesKeys.list(filters, pageNo, context.language),
    queryFn: ({ signal, client }) =>
      getGameList(filters, pageNo, context, signal, findPageCursor(client, filters, pageNo, context.language)),
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
