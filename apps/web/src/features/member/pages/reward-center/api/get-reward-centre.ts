import { BonusListSchema, MemberApplicationsSchema, type BonusList, type MemberApplications } from '@parlay/contract';
import { APPLICATION_CALLS, BONUS_CALLS } from '@parlay/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useUiLanguage } from '../../../../../lib/language';
import { useSessionStore } from '../../../../../lib/session-store';

/** Query keys of the reward centre's own reads, per session token and language (titles come in it). */
export const rewardKeys = {
  all: (token: string | null) => ['member-rewards', token] as const,
  bonuses: (token: string | null, language: string) => [...rewardKeys.all(token), 'bonuses', language] as const,
  applications: (token: string | null, language: string) =>
    [...rewardKeys.all(token), 'applications', language] as const,
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
