import { BACKOFFICE_CALLS, callWithParams, type SupportConversationDetail } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { supportKeys } from './query-keys';

/** Closes the conversation; the customer's next message starts a new one. */
export function closeSupport(brand: string, conversationId: number): Promise<SupportConversationDetail> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.closeSupport, { brand, conversationId }), {});
}

export function useCloseSupport(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: number) => closeSupport(brand, conversationId),
    onSettled: () => client.invalidateQueries({ queryKey: supportKeys.all(brand) }),
  });
}
