import type { Turnover } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import styles from '../withdraw.module.css';

/** The turnover rule's progress: valid bets that count toward the deposits since the last request. */
export function TurnoverProgress({ turnover, format }: { turnover: Turnover; format: (minor: number) => string }) {
  const { t } = useTranslation('member-withdraw');
  if (turnover.percent === 0) return <p className={styles.muted}>{t('turnover.none')}</p>;
  const share = turnover.requiredMinor === 0 ? 1 : turnover.wageredMinor / turnover.requiredMinor;
  return (
    <div className={styles.turnover} data-testid="turnover">
      <div className={styles.cardHead}>
        <span className={styles.label}>{t('turnover.title')}</span>
        <span className={styles.figures}>
          {t('turnover.progress', { wagered: format(turnover.wageredMinor), required: format(turnover.requiredMinor) })}
        </span>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('turnover.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
      >
        <span style={{ width: `${Math.min(100, share * 100)}%` }} />
      </div>
      <p className={styles.hint}>
        {t('turnover.text', { times: (turnover.percent / 100).toLocaleString() })}{' '}
        {turnover.shortMinor > 0 ? t('turnover.short', { short: format(turnover.shortMinor) }) : t('turnover.met')}
      </p>
    </div>
  );
}
