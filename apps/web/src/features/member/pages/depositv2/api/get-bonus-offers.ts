import { BonusOffersSchema, type BonusOffers } from '@parlay/contract';
import { BONUS_CALLS } from '@parlay/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useUiLanguage } from '../../../../../lib/language';
import { useSessionStore } from '../../../../../lib/session-store';
import { depositKeys } from './query-keys';

/**
 * GET /wps/member/bonuses/offers (docs/product/calls.md#bonuses): the deposit bonuses I may choose with this deposit,
 * with their rules; none once my first deposit is credited.
 */
export function getBonusOffers(signal?: AbortSignal): Promise<BonusOffers> {
  return apiRequest(BONUS_CALLS.offers, { signal }, BonusOffersSchema);
}

export function getBonusOffersQueryOptions(token: string | null, language: string) {
  return queryOptions({
    queryKey: depositKeys.offers(token, language),
    queryFn: ({ signal }) => getBonusOffers(signal),
    enabled: token !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useBonusOffers() {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useQuery(getBonusOffersQueryOptions(token, language));
}
