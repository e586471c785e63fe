import type { PointBalance } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import type { Formats } from '../lib/points';
import styles from '../point-mall.module.css';

/** The member's points now, and what the brand's current period has earned so far. */
export function PointsSummary({ balance, formats }: { balance: PointBalance; formats: Formats }) {
  const { t } = useTranslation('member-point-mall');
  return (
    <section className={styles.balanceCard} aria-labelledby="point-balance-title">
      <span className={styles.balanceIcon}>
        <Icon name="star" size={22} />
      </span>
      <h2 id="point-balance-title" className={styles.balanceLabel}>
        {t('balance.title')}
      </h2>
      <strong className={styles.balanceValue} data-testid="point-balance">
        {formats.points(balance.balancePointsMinor)}
      </strong>
      <p className={styles.balanceLine}>
        {t('balance.earned', {
          from: balance.periodFrom,
          to: balance.periodTo,
          points: formats.points(balance.periodEarnedPointsMinor, true),
        })}
      </p>
      <p className={styles.balanceLine}>
        {t('balance.period', { period: t(`balance.periods.${balance.period}`) })} {t('balance.neverExpire')}
      </p>
    </section>
  );
}
