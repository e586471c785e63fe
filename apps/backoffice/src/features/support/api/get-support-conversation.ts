import { BACKOFFICE_CALLS, callWithParams, type SupportConversationDetail } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { supportKeys } from './query-keys';

/** One conversation and its history; reading it marks the customer's messages read. */
export function getSupportConversation(
  brand: string,
  conversationId: number,
  signal?: AbortSignal,
): Promise<SupportConversationDetail> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.supportConversation, { brand, conversationId }), { signal });
}

export function getSupportConversationQueryOptions(brand: string, conversationId: number) {
  return queryOptions({
    queryKey: supportKeys.conversation(brand, conversationId),
    queryFn: ({ signal }) => getSupportConversation(brand, conversationId, signal),
  });
}

export function useSupportConversation(brand: string, conversationId: number | null) {
  return useQuery({
    ...getSupportConversationQueryOptions(brand, conversationId ?? 0),
    enabled: conversationId !== null,
  });
}
