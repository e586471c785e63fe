import type { Game } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApiError } from '../../../lib/api-client';
import { useFavoriteGames } from '../api/get-favorite-games';
import { useLastPageWhenPastEnd, type PageChange } from '../hooks/use-last-page-when-past-end';
import { getCardPageCount, getCardWindow } from '../lib/paging';
import type { PlayMode } from '../lib/navigation';
import { GameListResults, type GameListState } from './game-list-results';

/**
 * My collection (/fav): the member's favourites, searched and paged 21 then 18 on the client. A page
 * past the end (after favourites were removed) moves to the last page in place of the history entry.
 */
export function FavoriteGrid({
  search,
  page,
  onPageChange,
  onOpen,
  label,
}: {
  search: string;
  page: number;
  onPageChange: PageChange;
  onOpen: (game: Game, mode: PlayMode) => void;
  label: string;
}) {
  const { t } = useTranslation('games');
  const favorites = useFavoriteGames();
  const needle = search.toLocaleLowerCase();
  const all = favorites.data ?? [];
  const games = needle ? all.filter((game) => game.gameName.toLocaleLowerCase().includes(needle)) : all;
  const pageCount = getCardPageCount(games.length);
  const pastEnd = games.length > 0 && page > pageCount;
  useLastPageWhenPastEnd(pastEnd, pageCount, onPageChange);

  let state: GameListState;
  if (favorites.isPending) state = { kind: 'loading', cardCount: 6 };
  else if (favorites.isError) {
    const message = favorites.error instanceof ApiError ? favorites.error.message : t('loadFailed');
    state = { kind: 'failed', message, onRetry: () => void favorites.refetch() };
  } else if (games.length === 0) {
    state = {
      kind: 'empty',
      notice: (
        <EmptyState
          icon="heart"
          title={search ? t('noResults', { query: search }) : t('noFavorites')}
          text={search ? t('noResultsText') : t('noFavoritesText')}
        />
      ),
    };
  } else {
    const current = Math.min(page, pageCount);
    const cardWindow = getCardWindow(current);
    state = {
      kind: 'games',
      games: games.slice(cardWindow.offset, cardWindow.offset + cardWindow.size),
      total: games.length,
      page: current,
      pageCount,
      onPageChange,
    };
  }
  return <GameListResults state={state} onOpen={onOpen} label={label} />;
}
