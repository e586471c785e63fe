import { BACKOFFICE_CALLS, callWithParams, type SendMessageRequest, type SentMessage } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageKeys } from './query-keys';

/** Writes to one member, a segment or every member of the brand. */
export function sendMessage(brand: string, request: SendMessageRequest): Promise<SentMessage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.sendMessage, { brand }), { body: request });
}

export function useSendMessage(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SendMessageRequest) => sendMessage(brand, request),
    onSettled: () => client.invalidateQueries({ queryKey: messageKeys.all(brand) }),
  });
}
