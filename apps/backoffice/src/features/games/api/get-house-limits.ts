import { BACKOFFICE_CALLS, callWithParams, type HouseLimits } from '@parlay/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** The house games' limits of the brand in its currency: its own and the default ones. */
export function getHouseLimits(brand: string, signal?: AbortSignal): Promise<HouseLimits> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.houseLimits, { brand }), { signal });
}

export function useHouseLimits(brand: string) {
  return useQuery({ queryKey: gamesKeys.houseLimits(brand), queryFn: ({ signal }) => getHouseLimits(brand, signal) });
}
