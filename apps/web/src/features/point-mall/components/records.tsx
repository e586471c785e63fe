import type { PointRecord } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { usePointRecords, type RecordsView } from '../api/get-point-records';
import type { Formats } from '../lib/points';
import styles from '../point-mall.module.css';

const VIEWS: readonly RecordsView[] = ['exchanges', 'history'];

/** The lines of a page: a table on a wide screen, a card a line on a phone (a container query on the section). */
function RecordsTable({ rows, caption, formats }: { rows: PointRecord[]; caption: string; formats: Formats }) {
  const { t } = useTranslation('member-point-mall');
  const none = t('records.none');
  const column = (key: string) => t(`records.columns.${key}`);
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{column('product')}</th>
          <th scope="col">{column('reference')}</th>
          <th scope="col">{column('time')}</th>
          <th scope="col">{column('type')}</th>
          <th scope="col" className={styles.end}>
            {column('quantity')}
          </th>
          <th scope="col" className={styles.end}>
            {column('points')}
          </th>
          <th scope="col" className={styles.end}>
            {column('amount')}
          </th>
          <th scope="col">{column('status')}</th>
          <th scope="col" className={styles.end}>
            {column('changed')}
          </th>
          <th scope="col" className={styles.end}>
            {column('balance')}
          </th>
          <th scope="col">{column('remark')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.referenceNo}-${row.type}-${row.appliedAt}`} className={styles.row} data-testid="point-record">
            <th scope="row" className={styles.first}>
              {row.productName ?? t(`records.types.${row.type}`)}
            </th>
            <td data-label={column('reference')}>
              <span className={styles.reference}>{row.referenceNo}</span>
            </td>
            <td data-label={column('time')}>
              <time dateTime={row.appliedAt}>{formats.time(row.appliedAt)}</time>
            </td>
            <td data-label={column('type')}>{t(`records.types.${row.type}`)}</td>
            <td data-label={column('quantity')} className={styles.number}>
              {row.quantity ?? none}
            </td>
            <td data-label={column('points')} className={styles.number}>
              {formats.points(row.pointsMinor)}
            </td>
            <td data-label={column('amount')} className={styles.number}>
              {row.amountMinor === 0 ? none : formats.money(row.amountMinor)}
            </td>
            <td data-label={column('status')}>
              <span className={styles.status} data-status={row.status}>
                {t(`records.statuses.${row.status}`)}
              </span>
            </td>
            <td
              data-label={column('changed')}
              className={styles.number}
              data-sign={row.pointsChangedMinor > 0 ? 'plus' : row.pointsChangedMinor < 0 ? 'minus' : 'zero'}
            >
              {formats.points(row.pointsChangedMinor, true)}
            </td>
            <td data-label={column('balance')} className={styles.number}>
              {formats.points(row.pointsBalanceMinor)}
            </td>
            <td data-label={column('remark')} className={styles.remark}>
              {row.remark ?? none}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The exchange records (a line per redemption or conversion, with its status now) and the redeem history (a line
 * per point movement with the balance after it), newest first, a page at a time (newer and older, keyset).
 */
export function Records({ formats }: { formats: Formats }) {
  const { t } = useTranslation('member-point-mall');
  const [view, setView] = useState<RecordsView>('exchanges');
  // The cursors of the pages read so far: the last one is the page shown (null: the first).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const page = usePointRecords(view, cursors.at(-1) ?? null);
  const rows = page.data?.items ?? [];

  return (
    <section className={styles.section} aria-labelledby="point-records-title">
      <div className={styles.cardHead}>
        <h2 id="point-records-title" className={styles.subtitle}>
          {t('records.title')}
        </h2>
        <div className={styles.views} role="group" aria-label={t('records.title')}>
          {VIEWS.map((option) => (
            <button
              key={option}
              type="button"
              className={styles.view}
              aria-pressed={view === option}
              onClick={() => {
                setView(option);
                setCursors([null]);
              }}
            >
              {t(`records.views.${option}`)}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.records}>
        {page.isPending ? (
          <p className={styles.muted}>{t('loading')}</p>
        ) : page.isError ? (
          <p className={styles.error} role="alert">
            {page.error.message}
          </p>
        ) : rows.length === 0 ? (
          <EmptyState compact icon="record" title={t('records.empty')} text={t('records.emptyText')} />
        ) : (
          <RecordsTable rows={rows} caption={t(`records.views.${view}`)} formats={formats} />
        )}
      </div>
      {(cursors.length > 1 || page.data?.nextCursor) && (
        <nav className={styles.pager} aria-label={t('records.pager.label')}>
          <Button
            variant="secondary"
            size="small"
            disabled={cursors.length === 1 || page.isFetching}
            onClick={() => setCursors((list) => list.slice(0, -1))}
          >
            {t('records.pager.newer')}
          </Button>
          <span className={styles.muted} aria-live="polite">
            {t('records.pager.page', { page: cursors.length })}
          </span>
          <Button
            variant="secondary"
            size="small"
            disabled={!page.data?.nextCursor || page.isFetching}
            onClick={() => {
              const next = page.data?.nextCursor;
              if (next) setCursors((list) => [...list, next]);
            }}
          >
            {t('records.pager.older')}
          </Button>
        </nav>
      )}
    </section>
  );
}
