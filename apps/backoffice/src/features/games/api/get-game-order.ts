import { BACKOFFICE_CALLS, callWithParams, type GameOrder } from '@parlay/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** The vendor's top-level games in the brand's order, for the order editor. */
export function getGameOrder(brand: string, vendor: string, signal?: AbortSignal): Promise<GameOrder> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.gameOrder, { brand, vendor }), { signal });
}

export function useGameOrder(brand: string, vendor: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: gamesKeys.gameOrder(brand, vendor),
    queryFn: ({ signal }) => getGameOrder(brand, vendor, signal),
    enabled: options.enabled,
  });
}
