import { BACKOFFICE_CALLS, callWithParams, type SupportConversationDetail } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { supportKeys } from './query-keys';

/** Assigns the conversation to an operator of the brand, or to nobody. */
export function assignSupport(
  brand: string,
  conversationId: number,
  operatorId: number | null,
): Promise<SupportConversationDetail> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.assignSupport, { brand, conversationId }), {
    body: { operatorId },
  });
}

export function useAssignSupport(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, operatorId }: { conversationId: number; operatorId: number | null }) =>
      assignSupport(brand, conversationId, operatorId),
    onSettled: () => client.invalidateQueries({ queryKey: supportKeys.all(brand) }),
  });
}
