import { useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../../../lib/session-store';
import { getRecentGamesQueryOptions } from '../api/get-recent-games';
import { useCachedGameName } from './use-cached-game-name';

/**
 * The name of the game /game shows: from the games answers already held (the list it was opened from),
 * or, for a game opened from a link in a new tab, from the member's recently played games once the
 * launch has answered, since the launch puts the game first there. Undefined until then, and for a room.
 */
export function useLaunchedGameName(gameId: number | undefined, isLaunched: boolean): string | undefined {
  const cached = useCachedGameName(gameId);
  const token = useSessionStore((state) => state.token);
  const recent = useQuery({
    ...getRecentGamesQueryOptions(token),
    enabled: token !== null && isLaunched && gameId !== undefined && cached === undefined,
  });
  return cached ?? recent.data?.find((game) => game.id === gameId)?.gameName;
}
