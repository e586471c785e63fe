import type { SecurityOverview } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { Icon } from '../../../../../components/ui/icon';
import { useModalStore } from '../../../../../lib/modal-store';
import styles from '../security-center.module.css';

/** The login password (its change is the shell's dialog) and which extra verifications a new IP asks for. */
export function ProtectionCard({ overview }: { overview: SecurityOverview }) {
  const { t } = useTranslation('member-security');
  const openModal = useModalStore((state) => state.openModal);
  return (
    <section className={styles.card} aria-labelledby="security-protection">
      <h3 id="security-protection" className={styles.cardTitle}>
        {t('protection.title')}
      </h3>
      <div className={styles.row}>
        <span className={styles.rowIcon} aria-hidden="true">
          <Icon name="lock" size={18} />
        </span>
        <div className={styles.rowText}>
          <strong>{t('protection.password')}</strong>
          <span className={styles.muted}>{t('protection.passwordText')}</span>
        </div>
        <Button variant="secondary" size="small" onClick={() => openModal('changePassModal')}>
          {t('protection.changePassword')}
        </Button>
      </div>
      <div className={styles.row}>
        <span className={styles.rowIcon} aria-hidden="true">
          <Icon name="globe" size={18} />
        </span>
        <div className={styles.rowText}>
          <strong>{t('protection.newIp')}</strong>
          {!overview.unregisteredIpCheck ? (
            <span className={styles.muted}>{t('protection.newIpOff')}</span>
          ) : overview.secondCheckMethods.length === 0 ? (
            <span className={styles.warning}>{t('protection.newIpNone')}</span>
          ) : (
            <>
              <span className={styles.muted}>{t('protection.newIpText')}</span>
              <ul className={styles.chips} aria-label={t('protection.newIp')}>
                {overview.secondCheckMethods.map((method) => (
                  <li key={method} className={styles.chip}>
                    {t(`protection.methods.${method}`)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
