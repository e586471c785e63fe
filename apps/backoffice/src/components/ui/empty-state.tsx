import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Icon, type IconName } from './icon';
import styles from './states.module.css';

/** Nothing to show, said plainly, with what the operator can do about it when there is something. */
export function EmptyState({
  icon = 'info',
  title,
  text,
  action,
}: {
  icon?: IconName;
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      <span className={styles.icon}>
        <Icon name={icon} size={24} />
      </span>
      <p className={styles.title}>{title}</p>
      {text && <p className={styles.text}>{text}</p>}
      {action && <div>{action}</div>}
    </div>
  );
}

/** A call that failed: the server's own words (already in the operator's language) and a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : t('errors.unknown');
  return (
    <div className={`${styles.empty} ${styles.error}`} role="alert">
      <span className={styles.icon}>
        <Icon name="alert" size={24} />
      </span>
      <p className={styles.title}>{t('errors.loadFailed')}</p>
      <p className={styles.text}>{message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}
