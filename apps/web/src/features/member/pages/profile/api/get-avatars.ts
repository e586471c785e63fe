import { IconListSchema } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { profileKeys } from './query-keys';

export type IconList = z.infer<typeof IconListSchema>;

/** GET /wps/member/info/icon (docs/product/calls.md): the member's avatar and the static ones on offer. */
export function getAvatars(signal?: AbortSignal): Promise<IconList> {
  return apiRequest(ACCOUNT_CALLS.avatars, { signal }, IconListSchema);
}

export function useAvatars() {
  const token = useSessionStore((state) => state.token);
  return useQuery(
    queryOptions({
      queryKey: profileKeys.avatars(token),
      queryFn: ({ signal }) => getAvatars(signal),
      enabled: token !== null,
    }),
  );
}
