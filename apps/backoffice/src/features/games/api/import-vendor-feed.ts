import { BACKOFFICE_CALLS, type FeedImportResult } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** Writes an uploaded feed (the server checks it against the contract's CatalogueFeedSchema). */
export function importVendorFeed(feed: unknown): Promise<FeedImportResult> {
  return apiRequest(BACKOFFICE_CALLS.importVendorFeed, { body: feed });
}

export function useImportVendorFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importVendorFeed,
    onSuccess: () => client.invalidateQueries({ queryKey: gamesKeys.allVendorFeeds }),
  });
}
