import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './outside-frame.module.css';
import { PreferenceToggles } from './preference-toggles';

/** The pages before a session (sign-in, an invitation): one card in the middle, the toggles in the corner. */
export function OutsideFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <span className={styles.logo}>
          <span className={styles.mark} aria-hidden="true">
            P
          </span>
          {t('appName')}
        </span>
        <PreferenceToggles />
      </header>
      <main className={styles.main}>
        <div className={styles.card}>{children}</div>
      </main>
    </div>
  );
}
