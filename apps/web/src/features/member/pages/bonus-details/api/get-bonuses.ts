import { BonusListSchema, type BonusList } from '@parlay/contract';
import { BONUS_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useUiLanguage } from '../../../../../lib/language';
import { useSessionStore } from '../../../../../lib/session-store';
import { bonusKeys } from './query-keys';

/** Bonuses a page of the list shows. */
export const BONUSES_PAGE = 20;

/** GET /wps/member/bonuses (docs/product/calls.md#bonuses): mine, newest first, each with its wagering; keyset. */
export function getBonuses(cursor: string | undefined, signal?: AbortSignal): Promise<BonusList> {
  return apiRequest(BONUS_CALLS.list, { query: { limit: String(BONUSES_PAGE), cursor }, signal }, BonusListSchema);
}

export function getBonusesQueryOptions(token: string | null, language: string) {
  return infiniteQueryOptions({
    queryKey: bonusKeys.list(token, language),
    queryFn: ({ pageParam, signal }) => getBonuses(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: token !== null,
    staleTime: 0,
    // The cards stay while a change of language asks for the titles again.
    placeholderData: keepPreviousData,
  });
}

export function useBonuses() {
  const token = useSessionStore((state) => state.token);
  const [language] = useUiLanguage();
  return useInfiniteQuery(getBonusesQueryOptions(token, language));
}
