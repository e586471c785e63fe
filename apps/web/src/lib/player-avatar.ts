import { AvatarSchema, type Avatar } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useSessionStore } from './session-store';

/** The signed-in member's avatar as the header shows it; a page that changes the avatar invalidates `all`. */
export const playerAvatarKeys = {
  all: ['member', 'player-avatar'] as const,
  of: (token: string | null) => [...playerAvatarKeys.all, token] as const,
};

/** GET /wps/relay/MCSFE_getPlayerAvatar: the avatar chosen on the profile page, static or uploaded. */
export function getPlayerAvatar(signal?: AbortSignal): Promise<Avatar> {
  return apiRequest(ACCOUNT_CALLS.playerAvatar, { signal }, AvatarSchema);
}

/** The member's avatar, asked only for a real member (a trial account or a guest has none to show). */
export function usePlayerAvatar(isMember: boolean) {
  const token = useSessionStore((state) => state.token);
  return useQuery(
    queryOptions({
      queryKey: playerAvatarKeys.of(token),
      queryFn: ({ signal }) => getPlayerAvatar(signal),
      enabled: isMember && token !== null,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
