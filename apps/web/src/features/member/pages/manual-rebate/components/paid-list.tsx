import type { RebatePayout } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../../components/ui/empty-state';
import styles from '../manual-rebate.module.css';
import type { Formats } from './format';

/** The periods paid, newest first: a table on a wide panel, a card each on a phone's. */
export function PaidList({ paid, formats }: { paid: RebatePayout[]; formats: Formats }) {
  const { t } = useTranslation('member-rebates');
  return (
    <section className={styles.card} aria-labelledby="rebate-paid">
      <h3 id="rebate-paid" className={styles.heading}>
        {t('paid.heading')}
      </h3>
      {paid.length === 0 ? (
        <EmptyState compact icon="info" title={t('paid.empty')} />
      ) : (
        <table className={styles.table}>
          <caption className={styles.caption}>{t('paid.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.period')}</th>
              <th scope="col" className={styles.end}>
                {t('columns.validBet')}
              </th>
              <th scope="col" className={styles.end}>
                {t('columns.rebate')}
              </th>
              <th scope="col">{t('columns.way')}</th>
              <th scope="col">{t('columns.paidAt')}</th>
            </tr>
          </thead>
          <tbody>
            {paid.map((row) => (
              <tr key={row.id} className={styles.row}>
                <th scope="row" className={styles.first}>
                  {formats.period(row.periodStart, row.periodEnd)}
                </th>
                <td data-label={t('columns.validBet')} className={styles.money}>
                  {formats.money(row.validBetMinor)}
                </td>
                <td data-label={t('columns.rebate')} className={styles.money} data-sign="plus">
                  {formats.money(row.amountMinor)}
                </td>
                <td data-label={t('columns.way')}>
                  <span className={styles.badge}>{t(`paid.${row.way}`)}</span>
                </td>
                <td data-label={t('columns.paidAt')} className={styles.muted}>
                  {formats.time(row.paidAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
