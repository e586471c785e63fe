import type { MemberRebates } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import styles from '../manual-rebate.module.css';
import type { Formats } from './format';

/** The period accruing now: its total so far, and each game type's valid bets, rate and cashback. */
export function CurrentPeriod({ data, formats }: { data: MemberRebates; formats: Formats }) {
  const { t } = useTranslation('member-rebates');
  const { current, rates } = data;
  const rows = [...current.categories];
  // The game types with a rate and no bet yet show their rate too.
  for (const [gameType, bp] of Object.entries(rates) as [keyof typeof rates, number | undefined][]) {
    if (bp && !rows.some((row) => row.gameType === gameType)) rows.push({ gameType, validBetMinor: 0, rebateMinor: 0 });
  }
  return (
    <section className={styles.card} aria-labelledby="rebate-current">
      <header className={styles.cardHeader}>
        <div>
          <h3 id="rebate-current" className={styles.heading}>
            {t('current.heading')}
          </h3>
          <p className={styles.muted}>
            {t('current.ends', {
              period: formats.period(current.periodStart, current.periodEnd),
              time: formats.time(current.endsAt),
            })}
          </p>
        </div>
        <div className={styles.figure}>
          <span className={styles.muted}>{t('current.total')}</span>
          <strong className={styles.amount} data-testid="rebate-accrued">
            {formats.money(current.rebateMinor)}
          </strong>
        </div>
      </header>
      {current.categories.length === 0 && <p className={styles.muted}>{t('current.empty')}</p>}
      {rows.length > 0 && (
        <table className={styles.table}>
          <caption className={styles.caption}>{t('current.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.category')}</th>
              <th scope="col" className={styles.end}>
                {t('columns.rate')}
              </th>
              <th scope="col" className={styles.end}>
                {t('columns.validBet')}
              </th>
              <th scope="col" className={styles.end}>
                {t('columns.rebate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.gameType} className={styles.row}>
                <th scope="row" className={styles.first}>
                  {t(`categories.${row.gameType}`)}
                </th>
                <td data-label={t('columns.rate')} className={styles.money}>
                  {formats.rate(rates[row.gameType] ?? 0)}
                </td>
                <td data-label={t('columns.validBet')} className={styles.money}>
                  {formats.money(row.validBetMinor)}
                </td>
                <td data-label={t('columns.rebate')} className={styles.money}>
                  {formats.money(row.rebateMinor)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
