import type { GameVendor } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

/** The vendor lanes the navigation, side menu and footer are built from (spec 01 §7); server-checked (decision 0008). */
export function getGameVendor(merchantCode: string | null, signal?: AbortSignal): Promise<GameVendor> {
  return apiRequest<GameVendor>('/wps/relay/GCSGAME_gameVendor', { query: { merchantCode }, signal });
}

export function getGameVendorQueryOptions(merchantCode: string | null, token: string | null) {
  return queryOptions({
    // The token is part of the key: a sign-in may widen what the catalogue answers.
    queryKey: ['navigation', 'game-vendor', merchantCode, token !== null],
    queryFn: ({ signal }) => getGameVendor(merchantCode, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The vendor list, or nothing while the call is unanswered or refused: the navigation then shows no categories. */
export function useGameVendor() {
  const merchantCode = useSessionStore((state) => state.merchantCode);
  const token = useSessionStore((state) => state.token);
  return useQuery(getGameVendorQueryOptions(merchantCode, token));
}
