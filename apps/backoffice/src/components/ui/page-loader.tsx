import { useTranslation } from 'react-i18next';
import styles from './states.module.css';

/** What a page shows while its code or its data arrives. */
export function PageLoader({ fullScreen }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullScreen ? `${styles.loader} ${styles.full}` : styles.loader} role="status" data-page-loader>
      <span className={styles.spinner} aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}
