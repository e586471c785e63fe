import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoCreateLeaderboardRequest,
  type BoLeaderboard,
  type BoLeaderboardPage,
  type BoLeaderboardStandings,
  type BoUpdateLeaderboardRequest,
} from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { leaderboardKeys } from './query-keys';

export interface LeaderboardQuery {
  /** Only the boards on (true) or off (false); undefined: all. */
  active?: boolean | undefined;
  cursor?: string | undefined;
}

/** The brand's leaderboards, newest first, each with its current period's count of members. */
export function getLeaderboards(
  brand: string,
  query: LeaderboardQuery,
  signal?: AbortSignal,
): Promise<BoLeaderboardPage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.leaderboards, { brand }), {
    query: {
      limit: 20,
      active: query.active === undefined ? undefined : String(query.active),
      cursor: query.cursor,
    },
    signal,
  });
}

export function useLeaderboards(brand: string, query: LeaderboardQuery) {
  return useQuery({
    queryKey: leaderboardKeys.list(brand, query),
    queryFn: ({ signal }) => getLeaderboards(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A period's standings (null: the current one) with what each rank was paid or would win. */
export function useStandings(brand: string, leaderboardId: number, periodStart: string | null) {
  return useQuery({
    queryKey: leaderboardKeys.standings(brand, leaderboardId, periodStart),
    queryFn: ({ signal }): Promise<BoLeaderboardStandings> =>
      apiRequest(callWithParams(BACKOFFICE_CALLS.leaderboardStandings, { brand, leaderboardId }), {
        query: { periodStart: periodStart ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type LeaderboardSave =
  { id?: undefined; body: BoCreateLeaderboardRequest } | { id: number; body: BoUpdateLeaderboardRequest };

/** Adds a board (no id) or saves one with the version it was opened at (a stale save: BO_CHANGED_SINCE_OPENED). */
export function saveLeaderboard(brand: string, save: LeaderboardSave): Promise<BoLeaderboard> {
  return save.id === undefined
    ? apiRequest(callWithParams(BACKOFFICE_CALLS.createLeaderboard, { brand }), { body: save.body })
    : apiRequest(callWithParams(BACKOFFICE_CALLS.updateLeaderboard, { brand, leaderboardId: save.id }), {
        body: save.body,
      });
}

export function useSaveLeaderboard(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: LeaderboardSave) => saveLeaderboard(brand, save),
    onSettled: () => client.invalidateQueries({ queryKey: leaderboardKeys.all(brand) }),
  });
}

/** Switches a board off with the version the page read: members no longer see it; prizes paid stay paid. */
export function useDeactivateLeaderboard(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (board: BoLeaderboard): Promise<BoLeaderboard> =>
      apiRequest(callWithParams(BACKOFFICE_CALLS.deactivateLeaderboard, { brand, leaderboardId: board.id }), {
        body: { version: board.version },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: leaderboardKeys.all(brand) }),
  });
}
