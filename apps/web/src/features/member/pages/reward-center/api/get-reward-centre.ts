import {
  BonusListSchema,
  ClaimRaffleResultSchema,
  MemberApplicationsSchema,
  RaffleListSchema,
  type BonusList,
  type ClaimRaffleResult,
  type MemberApplications,
  type RaffleList,
} from '@parlay/contract';
import { APPLICATION_CALLS, BONUS_CALLS, RAFFLE_CALLS } from '@parlay/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useUiLanguage } from '../../../../../lib/language';
import { useSessionStore } from '../../../../../lib/session-store';

/** Query keys of the reward centre's own reads, per session token and language (titles come in it). */
export const rewardKeys = {
  all: (token: string | null) => ['member-rewards', token] as const,
  bonuses: (token: string | null, language: string) => [...rewardKeys.all(token), 'bonuses', language] as const,
  applications: (token: string | null, language: string) =>
    [...rewardKeys.all(token), 'applications', language] as const,
  raffles: (token: string | null, language: string) => [...rewardKeys.all(token), 'raffles', language] as const,
};

/** Active bonuses the centre shows at most; bonusDetails has them all. */
export const ACTIVE_BONUSES_SHOWN = 5;

/** GET /wps/member/bonuses?status=active: my active bonuses with their wagering, newest first. */
export function getActiveBonuses(signal?: AbortSignal): Promise<BonusList> {
  return apiRequest(
    BONUS_CALLS.list,
    { query: { status: 'active', limit: String(ACTIVE_BONUSES_SHOWN) }, signal },
    BonusListSchema,
  );
}

/** GET /wps/member/applications: my applications, newest first, with their result. */
export function getMyApplications(signal?: AbortSignal): Promise<MemberApplications> {
  return apiRequest(APPLICATION_CALLS.list, { signal }, MemberApplicationsSchema);
}

export function useActiveBonuses() {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useQuery({
    queryKey: rewardKeys.bonuses(token, language),
    queryFn: ({ signal }) => getActiveBonuses(signal),
    enabled: token !== null,
    staleTime: 0,
  });
}

export function useMyApplications() {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useQuery({
    queryKey: rewardKeys.applications(token, language),
    queryFn: ({ signal }) => getMyApplications(signal),
    enabled: token !== null,
    staleTime: 0,
  });
}

/** GET /wps/promotions/raffles: the brand's raffles with my state, tickets and prize. */
export function getMyRaffles(signal?: AbortSignal): Promise<RaffleList> {
  return apiRequest(RAFFLE_CALLS.list, { signal }, RaffleListSchema);
}

export function useMyRaffles() {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useQuery({
    queryKey: rewardKeys.raffles(token, language),
    queryFn: ({ signal }) => getMyRaffles(signal),
    enabled: token !== null,
    staleTime: 0,
  });
}

/** POST /wps/relay/MCS2_claimRafflePromotion: joins a raffle (a repeat answers the first join). */
export function joinRaffle(raffleId: number): Promise<ClaimRaffleResult> {
  return apiRequest(RAFFLE_CALLS.claim, { body: { raffleId } }, ClaimRaffleResultSchema);
}

export function useJoinRaffle() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: joinRaffle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rewardKeys.all(token) }),
  });
}
