import {
  callWithParams,
  ClaimRaffleResultSchema,
  RaffleDrawSchema,
  RaffleListSchema,
  type ClaimRaffleResult,
  type RaffleDraw,
  type RaffleList,
} from '@parlay/contract';
import { RAFFLE_CALLS } from '@parlay/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUiLanguage } from '../../../lib/language';
import { useSessionStore } from '../../../lib/session-store';

/**
 * Query keys of the raffles, per session token (a sign-out never shows the last member's tickets) and language (the
 * titles come in the language asked). A draw is public and never changes once made: per raffle and language only.
 */
export const raffleKeys = {
  all: (token: string | null) => ['raffles', token] as const,
  list: (token: string | null, language: string) => [...raffleKeys.all(token), 'list', language] as const,
  draw: (raffleId: number, language: string) => ['raffle-draw', raffleId, language] as const,
};

/** GET /wps/promotions/raffles (docs/decisions/0055-raffles.md): with a token, the member's state and tickets. */
export function getRaffles(signal?: AbortSignal): Promise<RaffleList> {
  return apiRequest(RAFFLE_CALLS.list, { signal }, RaffleListSchema);
}

/** POST /wps/relay/MCS2_claimRafflePromotion: joins a raffle; a repeat answers the first join (joinedNow false). */
export function joinRaffle(raffleId: number): Promise<ClaimRaffleResult> {
  return apiRequest(RAFFLE_CALLS.claim, { body: { raffleId } }, ClaimRaffleResultSchema);
}

/** GET /wps/promotions/raffles/:raffleId/draw: a drawn raffle's proof (seed, ticket list, winners); no token needed. */
export function getRaffleDraw(raffleId: number, signal?: AbortSignal): Promise<RaffleDraw> {
  return apiRequest(callWithParams(RAFFLE_CALLS.draw, { raffleId }), { signal }, RaffleDrawSchema);
}

export function useRaffles() {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useQuery({
    queryKey: raffleKeys.list(token, language),
    queryFn: ({ signal }) => getRaffles(signal),
    staleTime: 0,
    // The cards stay while a change of language asks for the titles again; never another session's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === token ? previous : undefined),
  });
}

/** A drawn raffle's proof, asked only for a drawn raffle (`enabled`). */
export function useRaffleDraw(raffleId: number, enabled: boolean) {
  const [language] = useUiLanguage();
  return useQuery({
    queryKey: raffleKeys.draw(raffleId, language),
    queryFn: ({ signal }) => getRaffleDraw(raffleId, signal),
    enabled,
    staleTime: Infinity,
  });
}

export function useJoinRaffle() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: joinRaffle,
    // After a refusal too: the raffle may have closed meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: raffleKeys.all(token) }),
  });
}
