import { useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../../../lib/session-store';
import { getRecentGamesQueryOptions } from '../api/get-recent-games';
import { getRoomListQueryOptions } from '../api/get-room-list';
import { useCachedGameName } from './use-cached-game-name';

/**
 * The name of the game or PVP room /game shows. A game's comes from the games answers already held (the
 * list it was opened from) or, for a game opened from a link in a new tab, from the member's recently
 * played games once the launch has answered, since the launch puts the game first there. A room's comes
 * from the member's room list. Undefined until known.
 */
export function useLaunchedGameName(
  { gameId, roomId }: { gameId?: number; roomId?: number },
  isLaunched: boolean,
): string | undefined {
  const cached = useCachedGameName(gameId);
  const token = useSessionStore((state) => state.token);
  const recent = useQuery({
    ...getRecentGamesQueryOptions(token),
    enabled: token !== null && isLaunched && gameId !== undefined && cached === undefined,
  });
  // The launch takes the game id first when both are given; so does the name.
  const isRoom = gameId === undefined && roomId !== undefined;
  const rooms = useQuery({ ...getRoomListQueryOptions(token), enabled: token !== null && isRoom });
  if (isRoom) return rooms.data?.find((room) => room.roomId === roomId)?.roomName;
  return cached ?? recent.data?.find((game) => game.id === gameId)?.gameName;
}
