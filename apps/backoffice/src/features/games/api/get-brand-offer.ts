import { BACKOFFICE_CALLS, callWithParams, type BrandOffer, type BrandOfferVendor } from '@parlay/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** The brand's vendors in its order, with their versions. */
export function getBrandOffer(brand: string, signal?: AbortSignal): Promise<BrandOffer> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.brandOffer, { brand }), { signal });
}

export function useBrandOffer(brand: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: gamesKeys.offer(brand),
    queryFn: ({ signal }) => getBrandOffer(brand, signal),
    enabled: options.enabled ?? true,
  });
}

/** One vendor as the brand offers it (its version is the offer's, for every change to its games). */
export function getBrandOfferVendor(brand: string, vendor: string, signal?: AbortSignal): Promise<BrandOfferVendor> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.brandOfferVendor, { brand, vendor }), { signal });
}

export function useBrandOfferVendor(brand: string, vendor: string) {
  return useQuery({
    queryKey: gamesKeys.offerVendor(brand, vendor),
    queryFn: ({ signal }) => getBrandOfferVendor(brand, vendor, signal),
  });
}
