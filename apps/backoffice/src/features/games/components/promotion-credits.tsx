import type { PromotionCredit } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { usePromotionCredits } from '../api/get-promotion-credits';
import { formatMoney } from '../../../lib/money';
import styles from './games.module.css';

const FILTERS = ['view', 'day'] as const;
const column = columnsOf<PromotionCredit>();

/**
 * The promotion and tournament credits a vendor paid the brand's players on a day (the brand's day, in its time
 * zone; today unless chosen), against the brand's daily cap on them (decision 0027): `games promotions`.
 */
export function PromotionCredits({
  brand,
  vendor,
  currency,
}: {
  brand: string;
  vendor: { code: string; name: string };
  currency: string;
}) {
  const { t } = useTranslation('games');
  const list = useKeysetList(FILTERS);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(list.filters.day) ? list.filters.day : undefined;
  const query = usePromotionCredits(brand, vendor.code, { day, cursor: list.cursor });
  const summary = query.data;

  const columns = [
    column.accessor('createdAt', { header: t('promotions.at'), cell: (info) => formatTime(info.getValue()) }),
    column.accessor('account', { header: t('promotions.player') }),
    column.accessor('creditType', {
      header: t('promotions.type'),
      cell: (info) => <Badge>{t(`promotions.types.${info.getValue()}`)}</Badge>,
    }),
    column.accessor('amountMinor', {
      header: () => <span className={styles.number}>{t('promotions.amount')}</span>,
      cell: (info) => <span className={styles.number}>{formatMoney(info.getValue(), info.row.original.currency)}</span>,
    }),
    column.accessor('transactionId', {
      header: t('promotions.transaction'),
      cell: (info) => <span className={styles.code}>{info.getValue()}</span>,
    }),
    column.accessor('roundId', {
      header: t('rounds.round'),
      cell: (info) => <span className={styles.code}>{info.getValue()}</span>,
    }),
  ];

  return (
    <section aria-labelledby="promotions-title">
      <h2 id="promotions-title" className={styles.cardTitle}>
        {t('promotions.title')}
      </h2>
      <form
        className={styles.filters}
        aria-label={t('promotions.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('day');
          list.setFilters({ day: typeof value === 'string' ? value : '' });
        }}
      >
        <TextField
          label={t('promotions.day')}
          name="day"
          type="date"
          defaultValue={day ?? summary?.day ?? ''}
          key={`d-${day ?? summary?.day ?? ''}`}
        />
        <div className={styles.filterActions}>
          <Button type="submit" variant="secondary">
            {t('promotions.show')}
          </Button>
        </div>
      </form>
      {summary && (
        <p className={styles.note}>
          {t('promotions.summary', {
            day: summary.day,
            timeZone: summary.timeZone,
            count: summary.credits,
            paid: formatMoney(summary.paidMinor, currency),
          })}{' '}
          {summary.capMinor > 0
            ? t('promotions.cap', { cap: formatMoney(summary.capMinor, currency) })
            : t('promotions.noCap')}
        </p>
      )}
      <DataTable
        caption={t('promotions.caption', { name: vendor.name })}
        columns={columns}
        getRowId={(credit) => credit.transactionId}
        query={query}
        paging={list}
        empty={<EmptyState icon="star" title={t('promotions.emptyTitle')} text={t('promotions.emptyText')} />}
      />
    </section>
  );
}
