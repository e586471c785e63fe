import { BACKOFFICE_CALLS, callWithParams, type Page, type SentMessage } from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageKeys } from './query-keys';

/** The messages operators sent on the brand, newest first. */
export function getSentMessages(
  brand: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<SentMessage>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.sentMessages, { brand }), { query: { cursor }, signal });
}

export function getSentMessagesQueryOptions(brand: string, cursor: string | undefined) {
  return queryOptions({
    queryKey: messageKeys.sent(brand, cursor),
    queryFn: ({ signal }) => getSentMessages(brand, cursor, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSentMessages(brand: string, cursor: string | undefined) {
  return useQuery(getSentMessagesQueryOptions(brand, cursor));
}
