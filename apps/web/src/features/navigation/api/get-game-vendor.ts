import type { GameVendor } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { readSession, writeSession } from '../../../lib/storage';

/** The vendor lanes the navigation, side menu and footer are built from (spec 01 §7); server-checked (decision 0008). */
export function getGameVendor(merchantCode: string | null, signal?: AbortSignal): Promise<GameVendor> {
  return apiRequest<GameVendor>('/wps/relay/GCSGAME_gameVendor', { query: { merchantCode }, signal });
}

/** The tab's copy of the last answer (session storage `gameVendor`, spec 01 §3), for one brand and sign-in state. */
interface KeptGameVendor {
  merchantCode: string | null;
  signedIn: boolean;
  vendor: GameVendor;
}

/** The kept answer for this brand and sign-in state, if it is there and has the shape the navigation reads. */
export function readKeptGameVendor(merchantCode: string | null, signedIn: boolean): GameVendor | undefined {
  try {
    const kept = JSON.parse(readSession('gameVendor') ?? 'null') as Partial<KeptGameVendor> | null;
    const lanes: unknown = kept?.vendor?.data?.lanes;
    if (kept?.merchantCode !== merchantCode || kept.signedIn !== signedIn || !Array.isArray(lanes)) return undefined;
    const isLane = (lane: unknown) => Array.isArray((lane as { cards?: unknown } | null)?.cards);
    return lanes.every(isLane) ? kept.vendor : undefined;
  } catch {
    return undefined;
  }
}

export function getGameVendorQueryOptions(merchantCode: string | null, token: string | null) {
  const signedIn = token !== null;
  return queryOptions({
    // The token is part of the key: a sign-in may widen what the catalogue answers.
    queryKey: ['navigation', 'game-vendor', merchantCode, signedIn],
    queryFn: async ({ signal }) => {
      const vendor = await getGameVendor(merchantCode, signal);
      writeSession('gameVendor', JSON.stringify({ merchantCode, signedIn, vendor } satisfies KeptGameVendor));
      return vendor;
    },
    // After a reload the tab's copy draws the categories at once; as it is dated 0, it is always stale,
    // so the server is asked on every load and its answer replaces the copy.
    initialData: () => readKeptGameVendor(merchantCode, signedIn),
    initialDataUpdatedAt: 0,
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
