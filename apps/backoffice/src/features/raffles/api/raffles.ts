import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoCreateRaffleRequest,
  type BoRaffle,
  type BoRaffleDraw,
  type BoRafflePage,
  type BoUpdateRaffleRequest,
  type RaffleStatus,
} from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { raffleKeys } from './query-keys';

export interface RaffleQuery {
  /** Only the raffles of this status; undefined: all. */
  status?: RaffleStatus | undefined;
  cursor?: string | undefined;
}

/** The brand's raffles, newest first, each with its entrants and, once drawn, its revealed seed. */
export function getRaffles(brand: string, query: RaffleQuery, signal?: AbortSignal): Promise<BoRafflePage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.raffles, { brand }), {
    query: { limit: 20, status: query.status, cursor: query.cursor },
    signal,
  });
}

export function useRaffles(brand: string, query: RaffleQuery) {
  return useQuery({
    queryKey: raffleKeys.list(brand, query),
    queryFn: ({ signal }) => getRaffles(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

export type RaffleSave = { id?: undefined; body: BoCreateRaffleRequest } | { id: number; body: BoUpdateRaffleRequest };

/**
 * Adds a raffle (no id; the server makes its seed and publishes the hash) or saves one with the version it was opened
 * at (a stale save: BO_CHANGED_SINCE_OPENED; dates, rules or prizes after the sale started: RAFFLE_LOCKED).
 */
export function saveRaffle(brand: string, save: RaffleSave): Promise<BoRaffle> {
  return save.id === undefined
    ? apiRequest(callWithParams(BACKOFFICE_CALLS.createRaffle, { brand }), { body: save.body })
    : apiRequest(callWithParams(BACKOFFICE_CALLS.updateRaffle, { brand, raffleId: save.id }), { body: save.body });
}

export function useSaveRaffle(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: RaffleSave) => saveRaffle(brand, save),
    onSettled: () => client.invalidateQueries({ queryKey: raffleKeys.all(brand) }),
  });
}

/** Switches a raffle off with the version the page read: members no longer see it; an undrawn one is never drawn. */
export function deactivateRaffle(brand: string, raffle: BoRaffle): Promise<BoRaffle> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.deactivateRaffle, { brand, raffleId: raffle.id }), {
    body: { version: raffle.version },
  });
}

export function useDeactivateRaffle(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (raffle: BoRaffle) => deactivateRaffle(brand, raffle),
    onSettled: () => client.invalidateQueries({ queryKey: raffleKeys.all(brand) }),
  });
}

/** A drawn raffle's draw: the frozen ticket list and the winners with their accounts and payments. */
export function getRaffleDraw(brand: string, raffleId: number, signal?: AbortSignal): Promise<BoRaffleDraw> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.raffleDraw, { brand, raffleId }), { signal });
}

export function useRaffleDraw(brand: string, raffleId: number | null) {
  return useQuery({
    queryKey: raffleKeys.draw(brand, raffleId ?? 0),
    queryFn: ({ signal }) => getRaffleDraw(brand, raffleId ?? 0, signal),
    enabled: raffleId !== null,
  });
}
