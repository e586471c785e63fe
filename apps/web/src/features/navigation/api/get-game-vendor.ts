import type { GameVendor } from '@parlay/contract';
import { GAME_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keptInSession } from '../../../lib/kept-in-session';
import { useSessionStore } from '../../../lib/session-store';

/**
 * The vendor lanes the navigation, side menu and footer are built from
 * (docs/product/games-and-wallet.md#vendors-and-lanes, docs/product/calls.md#games); server-checked (decision 0008).
 */
export function getGameVendor(merchantCode: string | null, signal?: AbortSignal): Promise<GameVendor> {
  return apiRequest<GameVendor>(GAME_CALLS.gameVendor, { query: { merchantCode }, signal });
}

/**
 * The tab's copy of the last answer (session storage `gameVendor`,
 * docs/product/site-shell-and-routes.md#browser-storage), for one brand and sign-in state.
 */
const keptGameVendor = keptInSession('gameVendor', (value): value is GameVendor => {
  const lanes: unknown = (value as GameVendor | null)?.data?.lanes;
  return Array.isArray(lanes) && lanes.every((lane) => Array.isArray((lane as { cards?: unknown } | null)?.cards));
});

const scopeOf = (merchantCode: string | null, signedIn: boolean) => JSON.stringify([merchantCode, signedIn]);

/** The kept answer for this brand and sign-in state, if it is there and has the shape the navigation reads. */
export function readKeptGameVendor(merchantCode: string | null, signedIn: boolean): GameVendor | undefined {
  return keptGameVendor.read(scopeOf(merchantCode, signedIn));
}

export function getGameVendorQueryOptions(merchantCode: string | null, token: string | null) {
  const signedIn = token !== null;
  return queryOptions({
    // The token is part of the key: a sign-in may widen what the catalogue answers.
    queryKey: ['navigation', 'game-vendor', merchantCode, signedIn],
    queryFn: async ({ signal }) => {
      const vendor = await getGameVendor(merchantCode, signal);
      keptGameVendor.write(scopeOf(merchantCode, signedIn), vendor);
      return vendor;
    },
    // After a reload the tab's copy draws the categories at once; as it is dated 0, it is always stale,
    // so the server is asked on every load and its answer replaces the copy.
    initialData: () => readKeptGameVendor(merchantCode, signedIn),
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    retry: false,
    // The brand's merchantCode reaches the session store just after the first render of a new tab; a
    // call without it would be cancelled at once and sent again, so the call waits for it.
    enabled: merchantCode !== null,
  });
}

/** The vendor list, or nothing while the call is unanswered or refused: the navigation then shows no categories. */
export function useGameVendor() {
  const merchantCode = useSessionStore((state) => state.merchantCode);
  const token = useSessionStore((state) => state.token);
  return useQuery(getGameVendorQueryOptions(merchantCode, token));
}
