import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * Unread messages, shown as the badge on the Rewards entry (spec 02 §3): a count, bare or as
 * `{ count }`. Checked here by hand because no schema of ours covers this call yet.
 */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const value = await apiRequest<unknown>('/wps/relay/CSP_unreadCount', { signal });
  const count = typeof value === 'object' && value !== null && 'count' in value ? value.count : value;
  if (!isCount(count)) throw new Error('CSP_unreadCount: not a count');
  return count;
}

export function getUnreadCountQueryOptions() {
  return queryOptions({
    queryKey: ['navigation', 'unread-count'],
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useUnreadCount(enabled: boolean) {
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  return useQuery({ ...getUnreadCountQueryOptions(), enabled: enabled && isSignedIn });
}
