import { BACKOFFICE_CALLS, callWithParams, type BoAnnouncement } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './query-keys';

/** GET /bo/api/brands/:brand/announcements/:id, with the version its next save carries. */
export function getAnnouncement(brand: string, id: number, signal?: AbortSignal): Promise<BoAnnouncement> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.announcement, { brand, id }), { signal });
}

/** Read once as the editor opens: another operator's save is refused and reloaded on purpose, never merged. */
export function getAnnouncementQueryOptions(brand: string, id: number) {
  return queryOptions({
    queryKey: contentKeys.announcement(brand, id),
    queryFn: ({ signal }) => getAnnouncement(brand, id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useAnnouncement(brand: string, id: number | null) {
  return useQuery({ ...getAnnouncementQueryOptions(brand, id ?? 0), enabled: id !== null });
}
