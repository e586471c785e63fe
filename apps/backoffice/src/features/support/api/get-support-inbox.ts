import { BACKOFFICE_CALLS, callWithParams, type SupportInbox, type SupportInboxQuery } from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { supportKeys } from './query-keys';

/** The brand's conversations, latest activity first, with their unread counts. */
export function getSupportInbox(brand: string, query: SupportInboxQuery, signal?: AbortSignal): Promise<SupportInbox> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.supportInbox, { brand }), { query, signal });
}

export function getSupportInboxQueryOptions(brand: string, query: SupportInboxQuery) {
  return queryOptions({
    queryKey: supportKeys.inbox(brand, query),
    queryFn: ({ signal }) => getSupportInbox(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSupportInbox(brand: string, query: SupportInboxQuery) {
  return useQuery(getSupportInboxQueryOptions(brand, query));
}
