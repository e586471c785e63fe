import type { UnreadCount } from '@parlay/contract';
import { MESSAGE_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../../../lib/api-client';
import { memberSocket, unreadCountOf } from '../../../../../lib/member-socket';
import { useSessionStore } from '../../../../../lib/session-store';
import { messageKeys } from './query-keys';

export function getUnreadCountQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: messageKeys.unread(token),
    queryFn: async ({ signal }) => (await apiRequest<UnreadCount>(MESSAGE_CALLS.unreadCount, { signal })).count,
    enabled: token !== null,
    staleTime: 60_000,
  });
}

/**
 * The unread count beside the menu entry and on the page, kept live by the member's socket: a pushed count
 * replaces it, and a changed count (a message arrived, another tab read one) reloads the mailbox.
 */
export function useUnreadCount(): number | undefined {
  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return memberSocket.subscribe(token, (event) => {
      const count = unreadCountOf(event);
      if (count === null) return;
      const previous = queryClient.getQueryData(messageKeys.unread(token));
      queryClient.setQueryData(messageKeys.unread(token), count);
      if (previous !== undefined && previous !== count) {
        void queryClient.invalidateQueries({ queryKey: messageKeys.mailbox(token) });
      }
    });
  }, [queryClient, token]);
  return useQuery(getUnreadCountQueryOptions(token)).data;
}

/** The menu entry's badge: the unread count, 0 until it has come. */
export function useUnreadBadge(): number {
  return useUnreadCount() ?? 0;
}
