import { BACKOFFICE_CALLS, callWithParams, type BoAnnouncement, type Page } from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys, type AnnouncementFilters } from './query-keys';

/** GET /bo/api/brands/:brand/announcements: newest first, a page at a time, by type, language and state. */
export function getAnnouncements(
  brand: string,
  query: AnnouncementFilters,
  signal?: AbortSignal,
): Promise<Page<BoAnnouncement>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.announcements, { brand }), { query, signal });
}

export function getAnnouncementsQueryOptions(brand: string, query: AnnouncementFilters) {
  return queryOptions({
    queryKey: contentKeys.announcements(brand, query),
    queryFn: ({ signal }) => getAnnouncements(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncements(brand: string, query: AnnouncementFilters) {
  return useQuery(getAnnouncementsQueryOptions(brand, query));
}
