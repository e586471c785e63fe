import { BACKOFFICE_CALLS, callWithParams, type OpenRound, type OpenRoundListQuery, type Page } from '@parlay/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** The brand's rounds open for more than a day, oldest first. */
export function getOpenRounds(
  brand: string,
  query: Partial<OpenRoundListQuery>,
  signal?: AbortSignal,
): Promise<Page<OpenRound>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.openRounds, { brand }), { query, signal });
}

export function useOpenRounds(brand: string, query: Partial<OpenRoundListQuery>) {
  return useQuery({
    queryKey: gamesKeys.openRounds(brand, query),
    queryFn: ({ signal }) => getOpenRounds(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}
