import type { UnreadCount } from '@parlay/contract';
import { MESSAGE_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

/**
 * Unread messages, shown as the badge on the Rewards entry (docs/product/member-centre.md#messages).
 * Server-checked (decision 0008).
 */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const value = await apiRequest<UnreadCount>(MESSAGE_CALLS.unreadCount, { signal });
  return value.count;
}

export function getUnreadCountQueryOptions(token: string | null) {
  return queryOptions({
    // Keyed by session: the next member signed in on this browser never sees the last one's count.
    queryKey: ['navigation', 'unread-count', token],
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * The unread count, kept live by the member's socket: each pushed count replaces it, no request needed. The
 * socket's code comes in its own chunk once a member is signed in: a visitor's first load does not carry it
 * (decision 0008).
 */
export function useUnreadCount(enabled: boolean) {
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();
  const live = enabled && isSignedIn && token !== null;
  useEffect(() => {
    if (!live || !token) return;
    const key = getUnreadCountQueryOptions(token).queryKey;
    let unsubscribe: (() => void) | undefined;
    let isCancelled = false;
    void import('../../../lib/member-socket').then(({ memberSocket, unreadCountOf }) => {
      if (isCancelled) return;
      unsubscribe = memberSocket.subscribe(token, (event) => {
        const count = unreadCountOf(event);
        if (count !== null) queryClient.setQueryData(key, count);
      });
    });
    return () => {
      isCancelled = true;
      unsubscribe?.();
    };
  }, [live, queryClient, token]);
  return useQuery({ ...getUnreadCountQueryOptions(token), enabled: enabled && isSignedIn });
}
