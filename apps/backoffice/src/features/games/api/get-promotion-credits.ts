import { BACKOFFICE_CALLS, callWithParams, type PromotionCreditListQuery, type PromotionDay } from '@parlay/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** The promotion and tournament credits the vendor paid the brand's players on a day, and the day's total. */
export function getPromotionCredits(
  brand: string,
  vendor: string,
  query: Partial<PromotionCreditListQuery>,
  signal?: AbortSignal,
): Promise<PromotionDay> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.promotionCredits, { brand, vendor }), { query, signal });
}

export function usePromotionCredits(brand: string, vendor: string, query: Partial<PromotionCreditListQuery>) {
  return useQuery({
    queryKey: gamesKeys.promotionCredits(brand, vendor, query),
    queryFn: ({ signal }) => getPromotionCredits(brand, vendor, query, signal),
    placeholderData: keepPreviousData,
  });
}
