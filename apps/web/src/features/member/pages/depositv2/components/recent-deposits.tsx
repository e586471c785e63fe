import type { DepositOrder } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import styles from '../depositv2.module.css';

interface RecentDepositsProps {
  orders: DepositOrder[];
  format: (minor: number) => string;
  formatTime: (iso: string) => string;
}

/** My latest deposit orders with their states: a table on a wide panel, stacked cards on a phone. */
export function RecentDeposits({ orders, format, formatTime }: RecentDepositsProps) {
  const { t } = useTranslation('member-cashier');
  return (
    <section className={styles.section} aria-labelledby="deposit-recent-title">
      <h3 id="deposit-recent-title" className={styles.subtitle}>
        {t('recent.title')}
      </h3>
      {orders.length === 0 ? (
        <p className={styles.muted}>{t('recent.empty')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('recent.time')}</th>
              <th scope="col">{t('recent.method')}</th>
              <th scope="col" className={styles.number}>
                {t('recent.amount')}
              </th>
              <th scope="col" className={styles.number}>
                {t('recent.credited')}
              </th>
              <th scope="col">{t('recent.state')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.orderNo} data-testid="deposit-row">
                <td data-label={t('recent.time')}>
                  <span>{formatTime(order.createdAt)}</span>
                  <span className={styles.orderNo}>{order.orderNo}</span>
                </td>
                <td data-label={t('recent.method')}>{order.methodName}</td>
                <td data-label={t('recent.amount')} className={styles.number}>
                  {format(order.amountMinor)}
                </td>
                <td data-label={t('recent.credited')} className={styles.number}>
                  {order.state === 'credited' ? format(order.creditMinor) : '—'}
                </td>
                <td data-label={t('recent.state')}>
                  <span className={styles.state} data-state={order.state}>
                    {t(`states.${order.state}`)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
