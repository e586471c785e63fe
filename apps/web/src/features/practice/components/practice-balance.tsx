import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format-money';
import { openModal } from '../../../lib/modal-store';
import { usePracticeBalance } from '../api/get-practice-balance';
import styles from './practice-balance.module.css';

/**
 * A free-play guest's practice balance (decision 0072), marked as practice so it is never taken for money, and the
 * way to real play, registering: a pill and a button in the header, or the side menu's balance card (`card`).
 */
export function PracticeBalance({ variant = 'header' }: { variant?: 'header' | 'card' }) {
  const { t, i18n } = useTranslation('shell');
  const balance = usePracticeBalance();
  const text = balance.data
    ? formatMoney(balance.data.balanceMinor, {
        currency: balance.data.currency,
        exponent: balance.data.currencyExponent,
        locale: i18n.resolvedLanguage ?? i18n.language ?? 'ko',
      })
    : t('balanceUpdating');
  const register = () => openModal('registerModal', {});
  if (variant === 'card') {
    return (
      <div className={styles.card} data-testid="practice-balance-card">
        <span className={styles.badge}>{t('practice.badge')}</span>
        <span className="visually-hidden">{t('practice.balance')}</span>
        <strong className={styles.cardAmount} data-ready={balance.data ? '' : undefined}>
          {text}
        </strong>
        <p className={styles.note}>{t('practice.note')}</p>
        <button type="button" className={`${styles.register} ${styles.block}`} onClick={register}>
          {t('practice.register')}
        </button>
      </div>
    );
  }
  return (
    <div className={styles.area}>
      <div className={styles.balance} aria-live="polite" data-testid="practice-balance">
        <span className={styles.badge}>{t('practice.badge')}</span>
        <span className="visually-hidden">{t('practice.balance')}</span>
        <span
          className={styles.amount}
          data-testid="practice-balance-amount"
          data-ready={balance.data ? '' : undefined}
        >
          {text}
        </span>
      </div>
      <button type="button" className={styles.register} aria-label={t('practice.register')} onClick={register}>
        <span className={styles.long} aria-hidden="true">
          {t('practice.register')}
        </span>
        <span className={styles.short} aria-hidden="true">
          {t('practice.registerShort')}
        </span>
      </button>
    </div>
  );
}
