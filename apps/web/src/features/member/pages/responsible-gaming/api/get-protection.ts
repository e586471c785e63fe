import type { ProtectionSettings } from '@parlay/contract';
import { PROTECTION_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { protectionKeys } from './query-keys';

/** GET /wps/member/protection: every limit with its use and pending change, and the break in force. */
export function getProtection(signal?: AbortSignal) {
  return apiRequest<ProtectionSettings>(PROTECTION_CALLS.settings, { signal });
}

export function getProtectionQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: protectionKeys.settings(token),
    queryFn: ({ signal }) => getProtection(signal),
    enabled: token !== null,
    staleTime: 10_000,
  });
}

export function useProtection() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getProtectionQueryOptions(token));
}
