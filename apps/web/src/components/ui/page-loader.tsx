import { useTranslation } from 'react-i18next';
import styles from './page-loader.module.css';

/** The loader a page shows while its chunk or its data arrives. */
export function PageLoader({ label, fullScreen }: { label?: string; fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={fullScreen ? `${styles.loader} ${styles.full}` : styles.loader}
      role="status"
      aria-live="polite"
      data-page-loader
    >
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label ?? t('loading')}</span>
    </div>
  );
}
