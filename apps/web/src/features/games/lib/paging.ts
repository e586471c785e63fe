import { DROPDOWN_FIRST_PAGE_SIZE, DROPDOWN_NEXT_PAGE_SIZE, GAME_LIST_PAGE_SIZE } from '@parlay/contract';

/**
 * Which cards a page of a game list shows: 21 on the first page, then 18 on each later one
 * (docs/product/games-and-wallet.md#game-list-paging).
 */
export interface CardWindow {
  /** Index of the first card in the whole list, 0-based. */
  offset: number;
  size: number;
}

export function getCardWindow(page: number): CardWindow {
  const current = Math.max(1, Math.floor(page));
  if (current === 1) return { offset: 0, size: DROPDOWN_FIRST_PAGE_SIZE };
  return { offset: DROPDOWN_FIRST_PAGE_SIZE + (current - 2) * DROPDOWN_NEXT_PAGE_SIZE, size: DROPDOWN_NEXT_PAGE_SIZE };
}

/** How many card pages a list of `total` games fills; an empty list still has its one (empty) page. */
export function getCardPageCount(total: number): number {
  if (total <= DROPDOWN_FIRST_PAGE_SIZE) return 1;
  return 1 + Math.ceil((total - DROPDOWN_FIRST_PAGE_SIZE) / DROPDOWN_NEXT_PAGE_SIZE);
}

/**
 * The server pages (1-based pageNo of `serverPageSize` games, 24 by the spec) that hold the cards of a
 * window. A window of 18 or 21 cards spans one or two server pages.
 */
export function getServerPages(window: CardWindow, serverPageSize = GAME_LIST_PAGE_SIZE): number[] {
  if (window.size <= 0) return [];
  const first = Math.floor(window.offset / serverPageSize) + 1;
  const last = Math.floor((window.offset + window.size - 1) / serverPageSize) + 1;
  const pages: number[] = [];
  for (let pageNo = first; pageNo <= last; pageNo += 1) pages.push(pageNo);
  return pages;
}

/** The cards of a window, cut out of the server pages that hold them (missing pages give no cards). */
export function sliceWindow<T>(
  window: CardWindow,
  serverPages: ReadonlyMap<number, readonly T[]>,
  serverPageSize = GAME_LIST_PAGE_SIZE,
): T[] {
  const cards: T[] = [];
  for (let index = window.offset; index < window.offset + window.size; index += 1) {
    const pageNo = Math.floor(index / serverPageSize) + 1;
    const item = serverPages.get(pageNo)?.[index % serverPageSize];
    if (item === undefined) continue;
    cards.push(item);
  }
  return cards;
}
