import { WHITELABEL } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useBrand } from '../../../lib/brand';
import { openModal } from '../../../lib/modal-store';
import styles from './auth-form.module.css';

/** The /login page body (the route opens the login dialog): these buttons bring it, or register, back. */
export function LoginPanel() {
  const { t } = useTranslation('auth');
  const { isEnabled } = useBrand();
  return (
    <div className={styles.panel}>
      <Button onClick={() => openModal('loginPopupModal', {})}>{t('login.title')}</Button>
      {isEnabled(WHITELABEL.DIRECT_REGISTER) && (
        <Button variant="secondary" onClick={() => openModal('registerModal', {})}>
          {t('register.action')}
        </Button>
      )}
    </div>
  );
}
