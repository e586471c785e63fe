import styles from './pagination.module.css';

export type PageItem = { type: 'page'; page: number } | { type: 'break'; key: 'start' | 'end' };

export interface PageRangeOptions {
  /** Pages in the list, at least 1. */
  pageCount: number;
  /** The selected page, 1-based. */
  page: number;
  /** Pages shown around the selected one (3 in the notice list, docs/product/site-shell-and-routes.md#notice-modal). */
  pageRange?: number;
  /** Pages always shown at each end (1 in the notice list, docs/product/site-shell-and-routes.md#notice-modal). */
  marginPages?: number;
}

/**
 * The page buttons to show: `marginPages` at each end, a window of `pageRange` pages around the
 * selected one (slid inwards at the ends so it stays full), and a break where pages are left out.
 * A break never stands for a single page: that page is shown instead, since it takes the same room.
 */
export function getPageItems({ pageCount, page, pageRange = 3, marginPages = 1 }: PageRangeOptions): PageItem[] {
  const count = Math.max(1, Math.floor(pageCount));
  const current = Math.min(Math.max(1, Math.floor(page)), count);
  const range = Math.max(1, Math.floor(pageRange));
  const margin = Math.max(0, Math.floor(marginPages));

  let windowStart = current - Math.floor((range - 1) / 2);
  let windowEnd = windowStart + range - 1;
  if (windowStart < 1) {
    windowEnd += 1 - windowStart;
    windowStart = 1;
  }
  if (windowEnd > count) {
    windowStart = Math.max(1, windowStart - (windowEnd - count));
    windowEnd = count;
  }

  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, count); p += 1) shown.add(p);
  for (let p = Math.max(1, count - margin + 1); p <= count; p += 1) shown.add(p);
  for (let p = windowStart; p <= windowEnd; p += 1) shown.add(p);

  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    const gap = p - previous - 1;
    if (gap === 1) items.push({ type: 'page', page: p - 1 });
    else if (gap > 1) items.push({ type: 'break', key: p <= current ? 'start' : 'end' });
    items.push({ type: 'page', page: p });
    previous = p;
  }
  // Only without end margins can pages be left out after the last one shown.
  if (count - previous === 1) items.push({ type: 'page', page: count });
  else if (count - previous > 1) items.push({ type: 'break', key: 'end' });
  return items;
}

export interface PaginationProps {
  pageCount: number;
  /** The selected page, 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  pageRange?: number;
  marginPages?: number;
  previousLabel: string;
  nextLabel: string;
  /**
   * With both labels the first/last buttons are shown (optional: docs/product/site-shell-and-routes.md#notice-modal).
   */
  firstLabel?: string;
  lastLabel?: string;
  /** Name of the navigation landmark, e.g. 'Notice pages'. */
  label: string;
  /** Accessible name of a page button, e.g. (3) => 'Page 3'. */
  pageLabel: (page: number) => string;
  className?: string;
}

/** Numbered pagination with previous/next and optional first/last buttons. */
export function Pagination({
  pageCount,
  page,
  onPageChange,
  pageRange = 3,
  marginPages = 1,
  previousLabel,
  nextLabel,
  firstLabel,
  lastLabel,
  label,
  pageLabel,
  className,
}: PaginationProps) {
  const items = getPageItems({ pageCount, page, pageRange, marginPages });
  const isFirst = page <= 1;
  const isLast = page >= pageCount;
  const showEnds = firstLabel !== undefined && lastLabel !== undefined;
  const go = (target: number) => {
    if (target !== page && target >= 1 && target <= pageCount) onPageChange(target);
  };

  return (
    <nav aria-label={label} className={className ? `${styles.root} ${className}` : styles.root}>
      <ul className={styles.list}>
        {showEnds && (
          <li>
            <button type="button" className={styles.step} disabled={isFirst} onClick={() => go(1)}>
              {firstLabel}
            </button>
          </li>
        )}
        <li>
          <button type="button" className={styles.step} disabled={isFirst} onClick={() => go(page - 1)}>
            {previousLabel}
          </button>
        </li>
        {items.map((item) =>
          item.type === 'break' ? (
            <li key={`break-${item.key}`} className={styles.break} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className={styles.page}
                aria-label={pageLabel(item.page)}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => go(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={styles.step} disabled={isLast} onClick={() => go(page + 1)}>
            {nextLabel}
          </button>
        </li>
        {showEnds && (
          <li>
            <button type="button" className={styles.step} disabled={isLast} onClick={() => go(pageCount)}>
              {lastLabel}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
