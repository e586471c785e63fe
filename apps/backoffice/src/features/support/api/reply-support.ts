import { BACKOFFICE_CALLS, callWithParams, type SupportMessage } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { supportKeys } from './query-keys';

/** Replies to the customer; an unassigned conversation becomes the replier's. */
export function replySupport(brand: string, conversationId: number, text: string): Promise<SupportMessage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.replySupport, { brand, conversationId }), { body: { text } });
}

export function useReplySupport(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, text }: { conversationId: number; text: string }) =>
      replySupport(brand, conversationId, text),
    onSettled: () => client.invalidateQueries({ queryKey: supportKeys.all(brand) }),
  });
}
