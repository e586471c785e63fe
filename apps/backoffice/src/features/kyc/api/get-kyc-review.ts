import { BACKOFFICE_CALLS, callWithParams, type KycReview } from '@parlay/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { kycKeys } from './query-keys';

/** One member's identity check with the current review's documents. */
export function getKycReview(brand: string, memberId: number, signal?: AbortSignal): Promise<KycReview> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.kycReview, { brand, memberId }), { signal });
}

export function useKycReview(brand: string, memberId: number | null) {
  return useQuery({
    queryKey: kycKeys.review(brand, memberId ?? 0),
    queryFn: ({ signal }) => getKycReview(brand, memberId ?? 0, signal),
    enabled: memberId !== null,
  });
}

/** Where a document is served (the session's cookie goes with it). */
export function kycDocumentUrl(brand: string, documentId: number): string {
  return callWithParams(BACKOFFICE_CALLS.kycDocument, { brand, documentId }).path;
}
