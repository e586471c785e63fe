import type { BettingFigures } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { signOf, useMoney } from '../lib/use-money';
import styles from './figures.module.css';

/** A set of rounds added up: rounds, stake, valid bet, payout and the win or loss (records' and profit's totals). */
export function Figures({ figures, currency, label }: { figures: BettingFigures; currency: string; label: string }) {
  const { t } = useTranslation('member-history');
  const { format, formatSigned } = useMoney();
  return (
    <section className={styles.figures} aria-label={label}>
      <dl>
        <div>
          <dt>{t('figures.rounds')}</dt>
          <dd>{figures.rounds.toLocaleString()}</dd>
        </div>
        <div>
          <dt>{t('figures.stake')}</dt>
          <dd>{format(figures.stakeMinor, currency)}</dd>
        </div>
        <div>
          <dt>{t('figures.validBet')}</dt>
          <dd>{format(figures.validBetMinor, currency)}</dd>
        </div>
        <div>
          <dt>{t('figures.payout')}</dt>
          <dd>{format(figures.payoutMinor, currency)}</dd>
        </div>
        <div className={styles.profit}>
          <dt>{t('figures.profit')}</dt>
          <dd data-sign={signOf(figures.profitMinor)}>{formatSigned(figures.profitMinor, currency)}</dd>
        </div>
      </dl>
    </section>
  );
}
