import type { RankEntrySchema } from '@parlay/contract';
import { GAME_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

export type RankEntry = z.infer<typeof RankEntrySchema>;

/** The winner board's window and length on the lobby. */
export const WINNER_BOARD = { hours: 24, limit: 10 } as const;

/**
 * GET /wps/relay/GCSGAME_getRankList (docs/product/calls.md#games): the brand's biggest settled wins, accounts masked.
 * The server has checked the answer against the contract; parsing it again here would bring zod into the lobby's
 * first load (decision 0008).
 */
export function getRankList(signal?: AbortSignal): Promise<RankEntry[]> {
  return apiRequest<{ list: RankEntry[] }>(GAME_CALLS.rankList, { query: WINNER_BOARD, signal }).then(
    (value) => value.list,
  );
}

/** The server keeps a board for 15 s: the lobby asks again after as long, and every 30 s while open. */
export function getRankListQueryOptions() {
  return queryOptions({
    queryKey: gamesKeys.winners(),
    queryFn: ({ signal }) => getRankList(signal),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
}

export function useRankList() {
  return useQuery(getRankListQueryOptions());
}
