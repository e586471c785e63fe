import { BACKOFFICE_CALLS, callWithParams, type KycReviewItem, type Page } from '@parlay/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { kycKeys } from './query-keys';

export type KycQueue = 'pending' | 'verified' | 'rejected';

/** The brand's identity checks of a state, oldest submission first (keyset). */
export function getKycReviews(
  brand: string,
  query: { status: KycQueue; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<Page<KycReviewItem>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.kycReviews, { brand }), { query, signal });
}

export function useKycReviews(brand: string, query: { status: KycQueue; cursor?: string | undefined }) {
  return useQuery({
    queryKey: kycKeys.queue(brand, query),
    queryFn: ({ signal }) => getKycReviews(brand, query, signal),
    placeholderData: keepPreviousData,
    // Members keep sending: the queue is read again while it is open.
    refetchInterval: 30_000,
  });
}
