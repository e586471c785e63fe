import { MemberPointConfigSchema, type MemberPointConfig } from '@parlay/contract';
import { POINT_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { pointMallKeys } from './query-keys';

/** GET /wps/relay/MCS2_getPointConfig: the brand's rates, period, and what a point converts to. */
export function getPointConfig(signal?: AbortSignal): Promise<MemberPointConfig> {
  return apiRequest(POINT_CALLS.config, { signal }, MemberPointConfigSchema);
}

export function getPointConfigQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: pointMallKeys.config(token),
    queryFn: ({ signal }) => getPointConfig(signal),
    enabled: token !== null,
    // The operator changes it seldom.
    staleTime: 60_000,
  });
}

export function usePointConfig() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getPointConfigQueryOptions(token));
}
