import { useTranslation } from 'react-i18next';
import { BalanceAmount } from '../feature-slots';
import styles from './shell-signed-in-area.module.css';

/** The balance text: the wallet feature's when present, else the spec's 'balance updating' placeholder. */
export function BalanceText({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation('shell');
  if (hidden) return <span aria-label={t('balanceHidden')}>***</span>;
  return (
    <BalanceAmount.Component
      hidden={hidden}
      fallback={<span className={styles.updating}>{t('balanceUpdating')}</span>}
    />
  );
}
