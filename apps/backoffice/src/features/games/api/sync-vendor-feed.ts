import { BACKOFFICE_CALLS, callWithParams, type VendorFeed } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** Reads the vendor's feed again now; answers the vendor with the reading's result. */
export function syncVendorFeed(vendor: string): Promise<VendorFeed> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.syncVendorFeed, { vendor }));
}

/** A sync that failed was still a reading: the list asks again either way, to show when and why. */
export function useSyncVendorFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: syncVendorFeed,
    onSettled: () => client.invalidateQueries({ queryKey: gamesKeys.allVendorFeeds }),
  });
}
