import type { Game } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import type { PageChange } from '../hooks/use-last-page-when-past-end';
import type { PlayMode } from '../lib/navigation';
import { GameGrid, GameGridSkeleton } from './game-grid';
import styles from './game-list-page.module.css';

/** What a game list has to show: cards on their way, a failure, nothing, or one page of cards. */
export type GameListState =
  | { kind: 'loading'; cardCount: number }
  | { kind: 'failed'; message: string; onRetry: () => void }
  | { kind: 'empty'; notice: ReactNode }
  | { kind: 'games'; games: readonly Game[]; total: number; page: number; pageCount: number; onPageChange: PageChange };

/**
 * The body of every paged game list (a game-list page, my collection, the VASSALAGE popup): one status
 * region, kept in the page whatever shows below it, then the cards and their pages. The region says the
 * count, that nothing matched, or that the list failed; a region put in together with its text is often
 * not read, so "no results" went unsaid.
 */
export function GameListResults({
  state,
  onOpen,
  label,
  compact,
  busy,
}: {
  state: GameListState;
  onOpen: (game: Game, mode: PlayMode) => void;
  /** The list's name, for the grid and its pages. */
  label: string;
  compact?: boolean;
  /** True while an earlier page's cards stand in for the next one's. */
  busy?: boolean;
}) {
  const { t } = useTranslation('games');
  let status: ReactNode = null;
  let body: ReactNode = null;
  switch (state.kind) {
    case 'loading':
      body = <GameGridSkeleton count={state.cardCount} compact={compact} label={t('loading')} />;
      break;
    case 'failed':
      // Said in the region too: the failure shown below, with its retry, is not a live region.
      status = <p className="visually-hidden">{t('loadFailed')}</p>;
      body = (
        <EmptyState
          icon="info"
          title={t('loadFailed')}
          text={state.message}
          action={
            <Button variant="secondary" onClick={state.onRetry}>
              {t('retry')}
            </Button>
          }
        />
      );
      break;
    case 'empty':
      status = state.notice;
      break;
    case 'games':
      status = <p className={styles.count}>{t('gameCount', { count: state.total })}</p>;
      body = (
        <>
          <GameGrid games={state.games} onOpen={onOpen} compact={compact} label={label} />
          {state.pageCount > 1 && (
            <Pagination
              className={styles.pagination}
              pageCount={state.pageCount}
              page={state.page}
              onPageChange={state.onPageChange}
              previousLabel={t('previous')}
              nextLabel={t('next')}
              label={t('pages', { label })}
              pageLabel={(value) => t('pageNumber', { page: value })}
            />
          )}
        </>
      );
      break;
  }
  return (
    <div className={styles.paged} aria-busy={busy}>
      <div role="status" className={styles.status}>
        {status}
      </div>
      {body}
    </div>
  );
}
