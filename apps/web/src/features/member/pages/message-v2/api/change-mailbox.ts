import { callWithParams, type ReadMessage, type UnreadCount } from '@parlay/contract';
import { MESSAGE_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { messageKeys } from './query-keys';

/** POST /wps/member/messages/:id/read: opens a message and marks it read. */
export function readMessage(id: string) {
  return apiRequest<ReadMessage>(callWithParams(MESSAGE_CALLS.readMessage, { id }));
}

/** POST /wps/member/messages/read-all. */
export function readAllMessages() {
  return apiRequest<UnreadCount>(MESSAGE_CALLS.readAllMessages);
}

/** DELETE /wps/member/messages/:id: removes it from my mailbox. */
export function deleteMessage(id: string) {
  return apiRequest<UnreadCount>(callWithParams(MESSAGE_CALLS.deleteMessage, { id }));
}

/** Each change answers the unread count after it: the badge takes it, and the mailbox is read again. */
function useMailboxChange<T>(change: (id: string) => Promise<T>, countOf: (value: T) => number) {
  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (value) => {
      queryClient.setQueryData(messageKeys.unread(token), countOf(value));
      await queryClient.invalidateQueries({ queryKey: messageKeys.mailbox(token) });
    },
  });
}

export const useReadMessage = () => useMailboxChange(readMessage, (value) => value.unreadCount);
export const useReadAllMessages = () =>
  useMailboxChange(
    () => readAllMessages(),
    (value) => value.count,
  );
export const useDeleteMessage = () => useMailboxChange(deleteMessage, (value) => value.count);
