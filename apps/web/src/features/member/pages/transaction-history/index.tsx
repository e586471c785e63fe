import {
  MEMBER_TRANSACTION_TYPES,
  POINT_ENTRY_TYPES,
  type MemberTransactionType,
  type PointEntryType,
} from '@parlay/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Icon } from '../../../../components/ui/icon';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-records.json';
import { useOptionalBrand } from '../../../../lib/brand';
import {
  DateRange,
  isReadableRange,
  previousDays,
  todayIn,
  type DateRangeValue,
} from '../../../../components/ui/date-range';
import { downloadMemberTransactions } from './api/download-member-transactions';
import { useMemberPointEntries } from './api/get-member-point-entries';
import { useMemberTransactions, type TransactionsFilter } from './api/get-member-transactions';
import { PointEntriesTable } from './components/point-entries-table';
import { TransactionsTable } from './components/transactions-table';
import styles from './transaction-history.module.css';

// The member centre's Korean texts come with its chunks (decision 0008).
addKoreanTexts('member-records', texts);

/**
 * transactionHistory, the account record (docs/product/member-centre.md#records): every movement of the member's
 * money by type and period of the brand's days, a page at a time by keyset (newer and older, no page numbers to
 * jump to: page 500 reads what page 1 does), and the CSV of what the filters match. The record select shows the
 * member's point entries instead (ledger=points, decision 0044), by point type, paged the same way.
 */
export default function TransactionHistoryPage() {
  const { t } = useTranslation('member-records');
  const id = useId();
  const timeZone = useOptionalBrand()?.brand.timeZone ?? 'Asia/Seoul';
  const today = todayIn(timeZone);
  const [range, setRange] = useState<DateRangeValue>(() => previousDays(30, today));
  const [type, setType] = useState<MemberTransactionType | ''>('');
  const [ledger, setLedger] = useState<'money' | 'points'>('money');
  const [pointType, setPointType] = useState<PointEntryType | ''>('');
  // A period the server would refuse is not sent: the last one readable stays on screen under the message.
  const [filter, setFilter] = useState<TransactionsFilter>(() => ({ from: range.from, to: range.to }));
  // The cursors of the pages read so far: the last one is the page shown (null: the first).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  const applyFilter = (nextRange: DateRangeValue, nextType: MemberTransactionType | '') => {
    setRange(nextRange);
    setType(nextType);
    if (!isReadableRange(nextRange)) return;
    setFilter({ from: nextRange.from, to: nextRange.to, ...(nextType ? { type: nextType } : {}) });
    setCursors([null]);
  };
  const showPoints = ledger === 'points';

  const cursor = cursors.at(-1) ?? null;
  const moneyPage = useMemberTransactions(filter, showPoints ? null : cursor);
  const pointsPage = useMemberPointEntries(
    { from: filter.from, to: filter.to, ...(pointType ? { pointType } : {}) },
    showPoints ? cursor : null,
    showPoints,
  );
  const page = showPoints ? pointsPage : moneyPage;
  const rows = moneyPage.data?.list ?? [];
  const pointRows = pointsPage.data?.list ?? [];

  const onDownload = async () => {
    setDownload({ busy: true, error: null });
    try {
      await downloadMemberTransactions(filter);
      setDownload({ busy: false, error: null });
    } catch (error) {
      setDownload({ busy: false, error: (error as Error).message });
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h2 className={styles.title}>{t('title')}</h2>
          <p className={styles.intro}>{t('intro')}</p>
        </div>
        {!showPoints && (
          <Button variant="secondary" size="small" disabled={download.busy} onClick={() => void onDownload()}>
            <Icon name="download" size={16} />
            {download.busy ? t('downloading') : t('download')}
          </Button>
        )}
      </div>
      {download.error && (
        <p className={styles.error} role="alert">
          {t('downloadFailed', { message: download.error })}
        </p>
      )}
      <form className={styles.filters} aria-label={t('filters.label')} onSubmit={(event) => event.preventDefault()}>
        <DateRange value={range} today={today} onChange={(next) => applyFilter(next, type)} />
        <label htmlFor={`${id}-ledger`}>
          <span>{t('filters.ledger')}</span>
          <select
            id={`${id}-ledger`}
            value={ledger}
            onChange={(event) => {
              setLedger(event.target.value as 'money' | 'points');
              setCursors([null]);
            }}
          >
            <option value="money">{t('filters.money')}</option>
            <option value="points">{t('filters.points')}</option>
          </select>
        </label>
        {showPoints ? (
          <label htmlFor={`${id}-point-type`}>
            <span>{t('filters.type')}</span>
            <select
              id={`${id}-point-type`}
              value={pointType}
              onChange={(event) => {
                setPointType(event.target.value as PointEntryType | '');
                setCursors([null]);
              }}
            >
              <option value="">{t('filters.all')}</option>
              {POINT_ENTRY_TYPES.map((option) => (
                <option key={option} value={option}>
                  {t(`pointTypes.${option}`)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label htmlFor={`${id}-type`}>
            <span>{t('filters.type')}</span>
            <select
              id={`${id}-type`}
              value={type}
              onChange={(event) => applyFilter(range, event.target.value as MemberTransactionType | '')}
            >
              <option value="">{t('filters.all')}</option>
              {MEMBER_TRANSACTION_TYPES.map((option) => (
                <option key={option} value={option}>
                  {t(`types.${option}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </form>

      {page.isPending ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : page.isError ? (
        <p className={styles.error} role="alert">
          {page.error.message}
        </p>
      ) : (showPoints ? pointRows.length : rows.length) === 0 ? (
        <EmptyState compact icon="record" title={t('empty')} text={t('emptyText')} />
      ) : showPoints ? (
        <PointEntriesTable rows={pointRows} caption={t('filters.points')} />
      ) : (
        <TransactionsTable rows={rows} caption={t('title')} />
      )}

      {(cursors.length > 1 || page.data?.nextCursor) && (
        <nav className={styles.pager} aria-label={t('pager.label')}>
          <Button
            variant="secondary"
            size="small"
            disabled={cursors.length === 1 || page.isFetching}
            onClick={() => setCursors((list) => list.slice(0, -1))}
          >
            {t('pager.newer')}
          </Button>
          <span className={styles.pageNumber} aria-live="polite">
            {t('pager.page', { page: cursors.length })}
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
            {t('pager.older')}
          </Button>
        </nav>
      )}
    </div>
  );
}
