import type { Page } from '@parlay/contract';
import { createColumnHelper, tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './data-table.module.css';
import { EmptyState, ErrorState } from './empty-state';
import { Icon } from './icon';
import { PageLoader } from './page-loader';

/** The table features every list uses: none of TanStack's row processing; the server filters and pages. */
const features = tableFeatures({});
export type TableFeatures = typeof features;

/** A column helper typed for DataTable: `const columns = columnsOf<Operator>()` then `.accessor(...)`. */
export function columnsOf<T extends RowData>() {
  return createColumnHelper<TableFeatures, T>();
}

export interface DataTableProps<T extends RowData> {
  /** Names the table for screen readers (its caption). */
  caption: string;
  // Columns of any cell value: TanStack's helper types each by its accessor.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<TableFeatures, T, any>[];
  getRowId: (row: T) => string;
  query: {
    data: Page<T> | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  paging: { page: number; hasPrevious: boolean; goPrevious: () => void; goNext: (cursor: string) => void };
  /** What an empty first page says (no operator yet, or nothing matches the filters). */
  empty: ReactNode;
  /** A row's detail, shown under it when its toggle is opened (the audit trail's before and after). */
  renderDetail?: (row: T) => ReactNode;
  /** Names a row's detail toggle for screen readers. */
  detailLabel?: (row: T) => string;
}

const NO_ROWS: never[] = [];

/**
 * The back office's list: TanStack Table draws the columns; the server filters and pages (keyset: Previous and
 * Next follow the cursors, useKeysetList). Loading, error and empty states are the table's own.
 */
export function DataTable<T extends RowData>({
  caption,
  columns,
  getRowId,
  query,
  paging,
  empty,
  renderDetail,
  detailLabel,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const table = useTable({
    features,
    columns,
    data: query.data?.items ?? (NO_ROWS as T[]),
    getRowId: (row) => getRowId(row),
  });

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const page = query.data;
  if (page && page.items.length === 0 && !paging.hasPrevious) return <>{empty}</>;

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const width = columns.length + (renderDetail ? 1 : 0);

  return (
    <div className={styles.wrap}>
      {/* Focusable, so a keyboard scrolls a table wider than a narrow screen (a list may hold no link). */}
      <div className={styles.scroller} tabIndex={0} role="region" aria-label={caption}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {renderDetail && (
                  <th scope="col" className={styles.toggleCell}>
                    <span className="visually-hidden">{t('table.details')}</span>
                  </th>
                )}
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => {
              const isOpen = open.has(row.id);
              return (
                <Fragment key={row.id}>
                  <tr className={isOpen ? styles.openRow : undefined}>
                    {renderDetail && (
                      <td className={styles.toggleCell}>
                        <button
                          type="button"
                          className={styles.toggle}
                          aria-expanded={isOpen}
                          aria-label={detailLabel?.(row.original) ?? t('table.details')}
                          onClick={() => toggle(row.id)}
                        >
                          <Icon name={isOpen ? 'chevronDown' : 'chevronRight'} size={16} />
                        </button>
                      </td>
                    )}
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                  {renderDetail && isOpen && (
                    <tr className={styles.detailRow}>
                      <td colSpan={width}>{renderDetail(row.original)}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
        {page && page.items.length === 0 && <EmptyState title={t('table.noMoreTitle')} text={t('table.noMoreText')} />}
      </div>
      <nav className={styles.pager} aria-label={t('table.paging', { caption })}>
        <Button variant="secondary" size="small" disabled={!paging.hasPrevious} onClick={paging.goPrevious}>
          <Icon name="chevronLeft" size={16} />
          {t('table.previous')}
        </Button>
        <span className={styles.pageNumber}>{t('table.page', { page: paging.page })}</span>
        <Button
          variant="secondary"
          size="small"
          disabled={!page?.nextCursor}
          onClick={() => page?.nextCursor && paging.goNext(page.nextCursor)}
        >
          {t('table.next')}
          <Icon name="chevronRight" size={16} />
        </Button>
      </nav>
    </div>
  );
}
