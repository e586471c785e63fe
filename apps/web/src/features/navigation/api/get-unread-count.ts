import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

const UnreadCountSchema = z.union([z.number().int().min(0), z.object({ count: z.number().int().min(0) })]);

/** Unread messages, shown as the badge on the Rewards entry (spec 02 §3). */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const value = await apiRequest('/wps/relay/CSP_unreadCount', { signal }, UnreadCountSchema);
  return typeof value === 'number' ? value : value.count;
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
