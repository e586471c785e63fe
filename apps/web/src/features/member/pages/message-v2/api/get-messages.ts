import type { MessagePage } from '@parlay/contract';
import { MESSAGE_CALLS, MESSAGE_PAGE_SIZE } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { messageKeys } from './query-keys';

/** GET /wps/member/messages: my mailbox, newest first, keyset paged by cursor. */
export function getMessages(cursor: string | null, signal?: AbortSignal) {
  return apiRequest<MessagePage>(MESSAGE_CALLS.messages, { query: { limit: MESSAGE_PAGE_SIZE, cursor }, signal });
}

export function getMessagesQueryOptions(token: string | null) {
  return infiniteQueryOptions({
    queryKey: messageKeys.mailbox(token),
    queryFn: ({ pageParam, signal }) => getMessages(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: token !== null,
  });
}

export function useMessages() {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getMessagesQueryOptions(token));
}
