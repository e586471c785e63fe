import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoLotteryDrawPage,
  type BoLotteryGames,
  type BoSeaDrawAwaiting,
  type BoSeaDrawsAwaiting,
  type BoVnDrawAwaiting,
  type BoVnDrawsAwaiting,
  type BoVoidedDraw,
  type SetBoLotterySettingsRequest,
} from '@parlay/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { lotteryKeys } from './query-keys';

/** Draws a page of the draw list shows. */
export const DRAWS_PAGE_SIZE = 20;

/** Every lottery game with the brand's own settings, the default ones and the rules' odds. */
export function getLotteryGames(brand: string, signal?: AbortSignal): Promise<BoLotteryGames> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.lotteryGames, { brand }), { signal });
}

export function useLotteryGames(brand: string) {
  return useQuery({ queryKey: lotteryKeys.games(brand), queryFn: ({ signal }) => getLotteryGames(brand, signal) });
}

/** One game's settings, the brand's own or the default ones; answers every game's settings as they now are. */
export function setLotterySettings(
  input: { brand: string; game: string } & SetBoLotterySettingsRequest,
): Promise<BoLotteryGames> {
  const { brand, game, ...body } = input;
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setLotterySettings, { brand, game }), { body });
}

export function useSetLotterySettings(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLotterySettings,
    onSuccess: (games) => client.setQueryData(lotteryKeys.games(brand), games),
    onError: (error) => {
      // Someone saved since the dialog opened: the page shows their change, the dialog says to open it again.
      if (isApiError(error, 'BO_CHANGED_SINCE_OPENED'))
        void client.invalidateQueries({ queryKey: lotteryKeys.games(brand) });
    },
  });
}

export function getLotteryDraws(
  brand: string,
  game: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<BoLotteryDrawPage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.lotteryDraws, { brand, game }), {
    query: { limit: DRAWS_PAGE_SIZE, cursor },
    signal,
  });
}

/** A game's draws, newest first, with the brand's figures; kept fresh while draws come due. */
export function useLotteryDraws(brand: string, game: string, cursor: string | undefined) {
  return useQuery({
    queryKey: lotteryKeys.draws(brand, game, cursor),
    queryFn: ({ signal }) => getLotteryDraws(brand, game, cursor, signal),
    refetchInterval: cursor ? false : 15_000,
  });
}

/** Voids a draw with a reason; its slips are refunded. The draw lists are read again. */
export function useVoidLotteryDraw(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ game, drawNo, reason }: { game: string; drawNo: string; reason: string }) =>
      apiRequest<BoVoidedDraw>(callWithParams(BACKOFFICE_CALLS.voidLotteryDraw, { brand, game, drawNo }), {
        body: { reason },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['lottery', 'draws', brand] }),
  });
}

// The draws whose results operators enter, one and then another (issue 38): the Vietnamese regional draws and the
// SEA 4D draws. The same three calls for each family, with their own paths and tiers.

export type ResultFamily = 'vn' | 'sea';
export type DrawAwaiting = BoVnDrawAwaiting | BoSeaDrawAwaiting;
export type DrawsAwaiting = BoVnDrawsAwaiting | BoSeaDrawsAwaiting;

const RESULT_CALLS = {
  vn: {
    awaiting: BACKOFFICE_CALLS.vnDrawsAwaiting,
    enter: BACKOFFICE_CALLS.enterVnResult,
    confirm: BACKOFFICE_CALLS.confirmVnResult,
  },
  sea: {
    awaiting: BACKOFFICE_CALLS.seaDrawsAwaiting,
    enter: BACKOFFICE_CALLS.enterSeaResult,
    confirm: BACKOFFICE_CALLS.confirmSeaResult,
  },
} as const;

/** The family's draws past their time whose result is not published, with the entry waiting. */
export function useDrawsAwaiting(brand: string, family: ResultFamily) {
  return useQuery({
    queryKey: lotteryKeys.awaiting(brand, family),
    queryFn: ({ signal }) =>
      apiRequest<DrawsAwaiting>(callWithParams(RESULT_CALLS[family].awaiting, { brand }), { signal }),
  });
}

/**
 * Enters a draw's result tier by tier (or replaces the entry not confirmed yet); answers the draws awaiting. The
 * tiers are the family's (EnterVnResultRequest, EnterSeaResultRequest); the vendor checks them.
 */
export function useEnterResult(brand: string, family: ResultFamily) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ game, drawNo, prizes }: { game: string; drawNo: string; prizes: Record<string, string[]> }) =>
      apiRequest<DrawsAwaiting>(callWithParams(RESULT_CALLS[family].enter, { brand, game, drawNo }), {
        body: { prizes },
      }),
    onSuccess: (awaiting) => client.setQueryData(lotteryKeys.awaiting(brand, family), awaiting),
  });
}

/** Confirms the entry checked (its version) and publishes it; answers the draws still awaiting. */
export function useConfirmResult(brand: string, family: ResultFamily) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ game, drawNo, version }: { game: string; drawNo: string; version: number }) =>
      apiRequest<DrawsAwaiting>(callWithParams(RESULT_CALLS[family].confirm, { brand, game, drawNo }), {
        body: { version },
      }),
    onSuccess: (awaiting) => client.setQueryData(lotteryKeys.awaiting(brand, family), awaiting),
    onError: () => client.invalidateQueries({ queryKey: lotteryKeys.awaiting(brand, family) }),
  });
}
