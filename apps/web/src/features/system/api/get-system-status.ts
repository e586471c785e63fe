import type { SystemStatus } from '@parlay/contract';
import { SYSTEM_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Permission info and status for the brand of the host the site was opened on
 * (docs/product/calls.md#system-and-content). Not parsed again here: the server checks the answer against the
 * contract's schema (decision 0008).
 */
export function getSystemStatus(host: string, signal?: AbortSignal): Promise<SystemStatus> {
  return apiRequest<SystemStatus>(SYSTEM_CALLS.status, { query: { url: host }, signal });
}

export function getSystemStatusQueryOptions(host: string = window.location.host) {
  return queryOptions({
    queryKey: ['system', 'status', host],
    queryFn: ({ signal }) => getSystemStatus(host, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSystemStatus() {
  return useQuery(getSystemStatusQueryOptions());
}
