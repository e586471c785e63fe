import type { Game } from '@parlay/contract';
import type { ReactNode } from 'react';
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

  // One status region, kept in the page whatever shows below it: it says the count, that nothing
  // matched, or that the list failed. A region put in with its text is often not read, so "no results"
  // went unsaid.
  let status: ReactNode = null;
  let body: ReactNode;
  if (favorites.isPending) body = <GameGridSkeleton count={6} label={t('loading')} />;
  else if (favorites.isError) {
    // Said in the region too: the failure shown below is not a live region.
    status = <p className="visually-hidden">{t('loadFailed')}</p>;
    body = <EmptyState icon="info" title={t('loadFailed')} text={favorites.error.message} />;
  } else if (games.length === 0) {
    status = (
      <EmptyState
        icon="heart"
        title={search ? t('noResults', { query: search }) : t('noFavorites')}
        text={search ? t('noResultsText') : t('noFavoritesText')}
      />
    );
  } else {
    const current = Math.min(page, pageCount);
    const cardWindow = getCardWindow(current);
    status = <p className={styles.count}>{t('gameCount', { count: games.length })}</p>;
    body = (
      <>
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
      </>
    );
  }
  return (
    <div className={styles.paged}>
      <div role="status" className={styles.status}>
        {status}
      </div>
      {body}
    </div>
  );
}
