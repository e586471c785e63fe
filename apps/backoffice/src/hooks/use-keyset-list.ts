import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

interface PagingState {
  /** The cursors of the pages before this one, oldest first ('' for the first page). */
  previous?: string[];
}

export interface KeysetList<K extends string> {
  /** The filters as the address has them ('' for none). */
  filters: Record<K, string>;
  /** The cursor of this page (absent on the first page). */
  cursor: string | undefined;
  /** 1 for the first page; counts the pages walked through since the filters were set. */
  page: number;
  hasPrevious: boolean;
  goNext: (nextCursor: string) => void;
  goPrevious: () => void;
  /** New filters start again at the first page. */
  setFilters: (next: Partial<Record<K, string>>) => void;
}

/**
 * A list's filters and page in the address, so a page can be reloaded, bookmarked and sent to a colleague: the
 * filters and the cursor in the query, the cursors of the pages before it in the history entry's state (Back and
 * Previous walk them). Keyset paging (packages/contract/src/backoffice/paging.ts): a cursor leads only forward, so
 * going back is the remembered cursor of the page before; a page opened from a link goes back to the first page.
 */
export function useKeysetList<K extends string>(keys: readonly K[]): KeysetList<K> {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useMemo(() => (location.state as PagingState | null)?.previous ?? [], [location.state]);
  const cursor = params.get('cursor') ?? undefined;
  const filterText = keys.map((key) => `${key}=${params.get(key) ?? ''}`).join('&');
  const filters = useMemo(
    () =>
      Object.fromEntries(filterText.split('&').map((pair) => pair.split(/=(.*)/s).slice(0, 2))) as Record<K, string>,
    [filterText],
  );

  const go = useCallback(
    (nextCursor: string | undefined, stack: string[]) => {
      const next = new URLSearchParams(params);
      if (nextCursor) next.set('cursor', nextCursor);
      else next.delete('cursor');
      void navigate({ search: next.toString() }, { state: { previous: stack } satisfies PagingState });
    },
    [params, navigate],
  );

  return {
    filters,
    cursor,
    page: cursor ? Math.max(previous.length + 1, 2) : 1,
    hasPrevious: cursor !== undefined,
    goNext: (nextCursor) => go(nextCursor, [...previous, cursor ?? '']),
    goPrevious: () => {
      const stack = [...previous];
      go(stack.pop() || undefined, stack);
    },
    setFilters: (changes) => {
      const next = new URLSearchParams();
      for (const key of keys) {
        const value = (key in changes ? changes[key] : filters[key]) ?? '';
        if (value.trim() !== '') next.set(key, value.trim());
      }
      void navigate({ search: next.toString() });
    },
  };
}
