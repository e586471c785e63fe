import { MyVipLevelSchema, type MyVipLevel } from '@parlay/contract';
import { VIP_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from './api-client';
import { useSessionStore } from './session-store';

/**
 * The member's VIP level and progress, shared by /vip and the member centre's playerRank page (a feature may not
 * import another, so the call lives here, as lib/player-avatar does for the header and the profile page). Only
 * those two lazy chunks import it: it stays out of the lobby's first load (decision 0008).
 */
export const vipKeys = {
  all: ['vip'] as const,
  mine: (token: string | null) => [...vipKeys.all, 'me', token] as const,
};

/** GET /wps/member/vip/me: the member's level, its figures over the rolling period, the progress to the next. */
export function getMyVipLevel(signal?: AbortSignal): Promise<MyVipLevel> {
  return apiRequest(VIP_CALLS.myLevel, { signal }, MyVipLevelSchema);
}

export function getMyVipLevelQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: vipKeys.mine(token),
    queryFn: ({ signal }) => getMyVipLevel(signal),
    enabled: token !== null,
    // Asked again each time a page shows it: a round that settled since may have raised the level.
    staleTime: 0,
  });
}

/**
 * The member's level, asked only for a real member. When it names a rank other than the one member info gave the
 * shell (the member reached a level since), the session takes the new one, so the header, its avatar menu and the
 * bottom navigation show it at once rather than at member info's next refetch.
 */
export function useMyVipLevel(enabled = true) {
  const token = useSessionStore((state) => state.token);
  const query = useQuery({ ...getMyVipLevelQueryOptions(token), enabled: enabled && token !== null });
  const data = query.data;
  useEffect(() => {
    if (!data) return;
    const { member, setMember } = useSessionStore.getState();
    const shown = member?.clubLabel;
    if (!member || (shown?.rankLevel === data.rankLevel && shown.labelName === data.name)) return;
    setMember({ ...member, clubLabel: { labelName: data.name, rankLevel: data.rankLevel } });
  }, [data]);
  return query;
}
