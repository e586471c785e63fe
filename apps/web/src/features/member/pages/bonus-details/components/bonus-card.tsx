import type { MemberBonus } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import styles from '../bonus-details.module.css';
import { contributionsOf } from '../lib';

interface BonusCardProps {
  bonus: MemberBonus;
  format: (minor: number) => string;
  formatTime: (iso: string) => string;
  formatPercent: (bp: number) => string;
  onForfeit: (bonus: MemberBonus) => void;
}

/** One bonus: its promotion, amount and status, the wagering done of required, its expiry, and Forfeit while active. */
export function BonusCard({ bonus, format, formatTime, formatPercent, onForfeit }: BonusCardProps) {
  const { t } = useTranslation('member-bonuses');
  const active = bonus.status === 'active';
  const counts = contributionsOf(bonus.contributionBp);
  const titleId = `bonus-${bonus.id}-title`;
  return (
    <li className={styles.card} data-testid="bonus" data-status={bonus.status} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h3 id={titleId} className={styles.cardTitle}>
          {bonus.title}
        </h3>
        <span className={styles.status} data-status={bonus.status}>
          {t(`status.${bonus.status}`)}
        </span>
      </div>

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('amount')}</dt>
          <dd className={styles.amount}>{format(bonus.amountMinor)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{active ? t('expires') : t('ended')}</dt>
          <dd>{formatTime(active ? bonus.expiresAt : (bonus.finishedAt ?? bonus.expiresAt))}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('source')}</dt>
          <dd>
            {bonus.source === 'deposit'
              ? t('sources.deposit', { orderNo: bonus.depositOrderNo ?? '' })
              : t(`sources.${bonus.source}`)}
          </dd>
        </div>
        {bonus.balanceMode === 'separate' && (
          <div className={styles.fact}>
            <dt>{t('paidInto')}</dt>
            <dd>{t('bonusBalance.title')}</dd>
          </div>
        )}
        {bonus.takenBackMinor !== null && (
          <div className={styles.fact}>
            <dt>{t('takenBack')}</dt>
            <dd>{format(bonus.takenBackMinor)}</dd>
          </div>
        )}
      </dl>

      <div className={styles.wagering}>
        <div className={styles.cardHead}>
          <span className={styles.label}>{t('wagering.title')}</span>
          <span className={styles.figures} data-testid="bonus-wagering">
            {bonus.wageringRequiredMinor === 0
              ? t('wagering.none')
              : t('wagering.progress', {
                  done: format(bonus.wageringDoneMinor),
                  required: format(bonus.wageringRequiredMinor),
                })}
          </span>
        </div>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={t('wagering.barLabel', { title: bonus.title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={bonus.progressPercent}
          aria-valuetext={t('wagering.percent', { percent: bonus.progressPercent })}
          data-status={bonus.status}
        >
          <span style={{ width: `${bonus.progressPercent}%` }} />
        </div>
        <p className={styles.hint}>
          {active && bonus.wageringLeftMinor > 0
            ? t('wagering.left', { left: format(bonus.wageringLeftMinor) })
            : bonus.status === 'completed'
              ? t(bonus.balanceMode === 'separate' ? 'wagering.metSeparate' : 'wagering.met')
              : t('wagering.percent', { percent: bonus.progressPercent })}
        </p>
        {counts.length > 0 && (
          <p className={styles.hint}>
            {t('wagering.counts', {
              list: counts
                .map((count) =>
                  t('wagering.count', { category: t(`categories.${count.type}`), percent: formatPercent(count.bp) }),
                )
                .join(' · '),
            })}
          </p>
        )}
      </div>

      {active && (
        <Button variant="secondary" size="small" className={styles.forfeit} onClick={() => onForfeit(bonus)}>
          {t('forfeit.action')}
        </Button>
      )}
    </li>
  );
}
