import { VipLevelsSchema, type VipLevels } from '@parlay/contract';
import { VIP_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { vipKeys } from '../../../lib/vip-level';

/** GET /wps/member/vip/levels: the brand's levels, lowest first, with what each takes and gives. */
export function getVipLevels(signal?: AbortSignal): Promise<VipLevels> {
  return apiRequest(VIP_CALLS.levels, { signal }, VipLevelsSchema);
}

export function getVipLevelsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...vipKeys.all, 'levels', token] as const,
    queryFn: ({ signal }) => getVipLevels(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/** The levels table's rows; asked for a signed-in member (the call is a member's). */
export function useVipLevels() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getVipLevelsQueryOptions(token));
}
