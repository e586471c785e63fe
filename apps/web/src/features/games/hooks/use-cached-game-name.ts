import { useQueryClient } from '@tanstack/react-query';
import { gamesKeys } from '../api/query-keys';

/** The name of game `gameId` in one answer: a game (`id`) or a winner board entry (`gameId`) at any depth. */
function findGameName(value: unknown, gameId: number, depth = 0): string | undefined {
  if (depth > 6 || value === null || typeof value !== 'object') return undefined;
  const children = Array.isArray(value) ? (value as unknown[]) : Object.values(value);
  if (!Array.isArray(value)) {
    const item = value as { id?: unknown; gameId?: unknown; gameName?: unknown };
    if (typeof item.gameName === 'string' && (item.id === gameId || item.gameId === gameId)) return item.gameName;
  }
  for (const child of children) {
    const name = findGameName(child, gameId, depth + 1);
    if (name) return name;
  }
  return undefined;
}

/**
 * The name of a game from the games answers already held (the list, hot games, favourites, recent games
 * or the winner board it was opened from), so /game can name it without a call of its own; undefined
 * for a game opened from a link in a new tab.
 */
export function useCachedGameName(gameId: number | undefined): string | undefined {
  const client = useQueryClient();
  if (gameId === undefined) return undefined;
  for (const [, data] of client.getQueriesData({ queryKey: gamesKeys.all })) {
    const name = findGameName(data, gameId);
    if (name) return name;
  }
  return undefined;
}
