import { BACKOFFICE_CALLS, callWithParams, type BoAnnouncement } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './query-keys';

/**
 * PUT /bo/api/brands/:brand/announcements/order: the banners in their new order, each with the version the page
 * read, as one change (a stale one changes none). Answers them as stored.
 */
export function setBannerOrder(
  brand: string,
  items: { id: number; version: number }[],
): Promise<{ items: BoAnnouncement[] }> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setAnnouncementOrder, { brand }), { body: { items } });
}

export function useSetBannerOrder(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: { id: number; version: number }[]) => setBannerOrder(brand, items),
    onSettled: () => client.invalidateQueries({ queryKey: [...contentKeys.all(brand), 'announcements'] }),
  });
}
