import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BrandOfferGame,
  type BrandOfferGameListQuery,
  type Page,
} from '@parlay/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** The vendor's games as the brand offers them, in its order, a page at a time. */
export function getOfferGames(
  brand: string,
  vendor: string,
  query: Partial<BrandOfferGameListQuery>,
  signal?: AbortSignal,
): Promise<Page<BrandOfferGame>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.brandOfferGames, { brand, vendor }), { query, signal });
}

export function useOfferGames(brand: string, vendor: string, query: Partial<BrandOfferGameListQuery>) {
  return useQuery({
    queryKey: gamesKeys.offerGames(brand, vendor, query),
    queryFn: ({ signal }) => getOfferGames(brand, vendor, query, signal),
    placeholderData: keepPreviousData,
  });
}
