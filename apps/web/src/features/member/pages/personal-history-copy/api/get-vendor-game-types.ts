import { type VassGameTypeResponseSchema } from '@parlay/contract';
import { GAME_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { historyKeys } from './query-keys';

export type VendorGameTypes = z.infer<typeof VassGameTypeResponseSchema>['value'];

/** GET /wps/relay/GCSGAME_getVassGameType: the brand's vendors with their categories, for the filters. */
export function getVendorGameTypes(signal?: AbortSignal): Promise<VendorGameTypes> {
  return apiRequest(GAME_CALLS.vassGameTypes, { signal });
}

export function useVendorGameTypes() {
  const token = useSessionStore((state) => state.token);
  return useQuery(
    queryOptions({
      queryKey: historyKeys.vendors(token),
      queryFn: ({ signal }) => getVendorGameTypes(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
