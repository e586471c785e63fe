import type { GameListQuery } from '@parlay/contract';

/** Game list filters the player site sends (docs/product/calls.md#games); the paging fields are set per request. */
export type GameListFilters = Pick<
  GameListQuery,
  'gameType' | 'vassalage' | 'gameName' | 'gameClassify' | 'liveClass' | 'isHot' | 'parentId'
>;

/**
 * Query keys of the games feature. Lists carry the language (names are translated by the server) and
 * whether a member asks, since a sign-in may widen what the catalogue answers.
 */
export const gamesKeys = {
  all: ['games'] as const,
  list: (filters: GameListFilters, pageNo: number, language: string) =>
    [...gamesKeys.all, 'list', filters, pageNo, language] as const,
  hot: (gameType: string, language: string) => [...gamesKeys.all, 'hot', gameType, language] as const,
  menus: (language: string) => [...gamesKeys.all, 'menus', language] as const,
  winners: () => [...gamesKeys.all, 'winners'] as const,
  member: (token: string | null) => [...gamesKeys.all, 'member', token] as const,
  favoriteIds: (token: string | null) => [...gamesKeys.member(token), 'favorite-ids'] as const,
  favoriteGames: (token: string | null) => [...gamesKeys.member(token), 'favorite-games'] as const,
  recent: (token: string | null) => [...gamesKeys.member(token), 'recent'] as const,
  launch: (token: string | null, request: unknown) => [...gamesKeys.member(token), 'launch', request] as const,
};
