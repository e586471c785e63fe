import { BACKOFFICE_CALLS, type Page, type PageRequest, type VendorFeed } from '@parlay/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** GET /bo/api/vendors: the vendors and their feeds, by code, a page at a time. */
export function getVendorFeeds(query: Partial<PageRequest>, signal?: AbortSignal): Promise<Page<VendorFeed>> {
  return apiRequest(BACKOFFICE_CALLS.vendorFeeds, { query, signal });
}

export function useVendorFeeds(query: Partial<PageRequest>) {
  return useQuery({
    queryKey: gamesKeys.vendorFeeds(query),
    queryFn: ({ signal }) => getVendorFeeds(query, signal),
    placeholderData: keepPreviousData,
  });
}
