import type { Game } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useGameListPages } from '../api/get-game-list';
import type { GameListFilters } from '../api/query-keys';
import { useLastPageWhenPastEnd, type PageChange } from '../hooks/use-last-page-when-past-end';
import { getCardPageCount, getCardWindow, getServerPages, sliceWindow } from '../lib/paging';
import type { PlayMode } from '../lib/navigation';
import { GameListResults, type GameListState } from './game-list-results';

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

  let state: GameListState;
  if (failed) {
    const message = failed.error instanceof ApiError ? failed.error.message : t('loadFailed');
    state = { kind: 'failed', message, onRetry: () => results.forEach((result) => void result.refetch()) };
  } else if (isPending || pastEnd || (cards.length === 0 && isStale)) {
    state = { kind: 'loading', cardCount: cardWindow.size };
  } else if (total === 0) {
    state = { kind: 'empty', notice: empty };
  } else {
    state = { kind: 'games', games: cards, total, page, pageCount, onPageChange };
  }
  return <GameListResults state={state} onOpen={onOpen} compact={compact} label={label} busy={isStale} />;
}
