import type { MissionSummary } from '@parlay/contract';
import { MISSION_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useUiLanguage } from '../../../../../lib/language';
import { useSessionStore } from '../../../../../lib/session-store';
import { missionKeys } from './query-keys';

/**
 * GET /wps/relay/MCSFE_getMissionSummaryDetails (docs/product/calls.md): this period's missions with my progress, and
 * how many wait to be claimed (the menu badge).
 */
export function getMissionSummary(signal?: AbortSignal): Promise<MissionSummary> {
  return apiRequest<MissionSummary>(MISSION_CALLS.summary, { signal });
}

export function getMissionSummaryQueryOptions(token: string | null, language: string) {
  return queryOptions({
    queryKey: missionKeys.summary(token, language),
    queryFn: ({ signal }) => getMissionSummary(signal),
    enabled: token !== null,
    staleTime: 15_000,
    // The cards stay while a change of language asks for the titles again; never another session's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === token ? previous : undefined),
  });
}

export function useMissionSummary() {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useQuery(getMissionSummaryQueryOptions(token, language));
}

/** The menu entry's badge: the missions ready to claim, 0 until the summary has come. */
export function useMissionBadge(): number {
  return useMissionSummary().data?.readyCount ?? 0;
}
