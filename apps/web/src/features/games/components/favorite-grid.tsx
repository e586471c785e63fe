import type { Game } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { useFavoriteGames } from '../api/get-favorite-games';
import { useLastPageWhenPastEnd, type PageChange } from '../hooks/use-last-page-when-past-end';
import { getCardPageCount, getCardWindow } from '../lib/paging';
import type { PlayMode } from '../lib/navigation';
import { GameGrid, GameGridSkeleton } from './game-grid';
import styles from './game-list-page.module.css';

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

  if (favorites.isPending) return <GameGridSkeleton count={6} label={t('loading')} />;
  if (favorites.isError) return <EmptyState icon="info" title={t('loadFailed')} text={favorites.error.message} />;
  if (games.length === 0) {
    return (
      <EmptyState
        icon="heart"
        title={search ? t('noResults', { query: search }) : t('noFavorites')}
        text={search ? t('noResultsText') : t('noFavoritesText')}
      />
    );
  }
  const current = Math.min(page, pageCount);
  const cardWindow = getCardWindow(current);
  return (
    <div className={styles.paged}>
      <p className={styles.count} aria-live="polite">
        {t('gameCount', { count: games.length })}
      </p>
      <GameGrid
        games={games.slice(cardWindow.offset, cardWindow.offset + cardWindow.size)}
        onOpen={onOpen}
        label={label}
      />
      {pageCount > 1 && (
        <Pagination
          className={styles.pagination}
          pageCount={pageCount}
          page={current}
          onPageChange={onPageChange}
          previousLabel={t('previous')}
          nextLabel={t('next')}
          label={t('pages', { label })}
          pageLabel={(value) => t('pageNumber', { page: value })}
        />
      )}
    </div>
  );
}
