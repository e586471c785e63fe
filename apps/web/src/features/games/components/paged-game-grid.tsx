import type { Game } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { ApiError } from '../../../lib/api-client';
import { useGameListPages } from '../api/get-game-list';
import type { GameListFilters } from '../api/query-keys';
import { useLastPageWhenPastEnd, type PageChange } from '../hooks/use-last-page-when-past-end';
import { getCardPageCount, getCardWindow, getServerPages, sliceWindow } from '../lib/paging';
import type { PlayMode } from '../lib/navigation';
import { GameGrid, GameGridSkeleton } from './game-grid';
import styles from './game-list-page.module.css';

/**
 * One card page of a server-side game list: 21 cards first, 18 on each later page, cut from the pages
 * of 24 the server answers. Only the one or two pages on screen are ever asked for. A page past the
 * end (an old link after the list shrank) moves to the last page in place of the history entry.
 */
export function PagedGameGrid({
  filters,
  page,
  onPageChange,
  onOpen,
  compact,
  label,
  empty,
}: {
  filters: GameListFilters;
  page: number;
  onPageChange: PageChange;
  onOpen: (game: Game, mode: PlayMode) => void;
  compact?: boolean;
  label: string;
  empty: ReactNode;
}) {
  const { t } = useTranslation('games');
  const cardWindow = getCardWindow(page);
  const pageNos = getServerPages(cardWindow);
  const results = useGameListPages(filters, pageNos);
  const isPending = results.some((result) => result.isPending);
  const failed = results.find((result) => result.isError);
  const isStale = results.some((result) => result.isPlaceholderData);
  const total = results.find((result) => result.data)?.data?.total ?? 0;
  const pages = new Map<number, Game[]>();
  pageNos.forEach((pageNo, index) => {
    const data = results[index]?.data;
    if (data && data.pageNum === pageNo) pages.set(pageNo, data.games);
  });
  const cards = sliceWindow(cardWindow, pages);
  const pageCount = getCardPageCount(total);
  const pastEnd = !isPending && !failed && !isStale && total > 0 && page > pageCount;
  useLastPageWhenPastEnd(pastEnd, pageCount, onPageChange);

  // One status region, kept in the page whatever shows below it: it says the count, that nothing
  // matched, or that the list failed. A region put in with its text is often not read, so "no results"
  // went unsaid.
  let status: ReactNode = null;
  let body: ReactNode;
  if (failed) {
    const message = failed.error instanceof ApiError ? failed.error.message : t('loadFailed');
    // Said in the region too: the failure shown below, with its retry, is not a live region.
    status = <p className="visually-hidden">{t('loadFailed')}</p>;
    body = (
      <EmptyState
        icon="info"
        title={t('loadFailed')}
        text={message}
        action={
          <Button variant="secondary" onClick={() => results.forEach((result) => void result.refetch())}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (isPending || pastEnd || (cards.length === 0 && isStale)) {
    body = <GameGridSkeleton count={cardWindow.size} compact={compact} label={t('loading')} />;
  } else if (total === 0) {
    status = empty;
  } else {
    status = <p className={styles.count}>{t('gameCount', { count: total })}</p>;
    body = (
      <>
        <GameGrid games={cards} onOpen={onOpen} compact={compact} label={label} />
        {pageCount > 1 && (
          <Pagination
            className={styles.pagination}
            pageCount={pageCount}
            page={page}
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
    <div className={styles.paged} aria-busy={isStale}>
      <div role="status" className={styles.status}>
        {status}
      </div>
      {body}
    </div>
  );
}
