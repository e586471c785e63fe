import { PointProductsSchema, type PointProducts } from '@parlay/contract';
import { POINT_MALL_CALLS } from '@parlay/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { useRequestLanguage } from './use-request-language';
import { pointMallKeys } from './query-keys';

/** GET /wps/relay/MCS2_getPointReward: the products on offer, with the stock left and what I may still redeem. */
export function getProducts(signal?: AbortSignal): Promise<PointProducts> {
  return apiRequest(POINT_MALL_CALLS.products, { signal }, PointProductsSchema);
}

export function getProductsQueryOptions(token: string | null, language: string) {
  return queryOptions({
    queryKey: pointMallKeys.products(token, language),
    queryFn: ({ signal }) => getProducts(signal),
    enabled: token !== null,
    // Stock moves with other members' redemptions: read again when the page comes back into view.
    staleTime: 0,
    // The cards stay while a change of language asks for the names again.
    placeholderData: keepPreviousData,
  });
}

export function useProducts() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getProductsQueryOptions(token, useRequestLanguage()));
}
