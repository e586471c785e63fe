import { BACKOFFICE_CALLS, callWithParams, type BrandSettings } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const brandSettingsKey = (brand: string) => ['brand-settings', brand] as const;

/** GET /bo/api/brands/:brand/settings: every part of the brand's settings, with the version a save carries. */
export function getBrandSettings(brand: string, signal?: AbortSignal): Promise<BrandSettings> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.brandSettings, { brand }), { signal });
}

/**
 * The settings as the page opened them. Not read again behind the operator's back (focus, staleness): the version
 * a save carries is the one the operator saw, so another operator's change is refused with
 * BO_CHANGED_SINCE_OPENED and reloaded on purpose, never merged under a half-made edit.
 */
export function getBrandSettingsQueryOptions(brand: string) {
  return queryOptions({
    queryKey: brandSettingsKey(brand),
    queryFn: ({ signal }) => getBrandSettings(brand, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useBrandSettings(brand: string) {
  return useQuery(getBrandSettingsQueryOptions(brand));
}
