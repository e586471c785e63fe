import { useTranslation } from 'react-i18next';
import type { BehaviourCheckStatus } from '../lib/behaviour-check';
import styles from './auth-form.module.css';

/**
 * What the behaviour check is doing, said quietly under the submit button; while the harder check that
 * follows failed sign-ins runs (`isProving`, a few seconds at most), it says so with a moving bar.
 */
export function BehaviourStatus({
  status,
  isProving = false,
  onRetry,
}: {
  status: BehaviourCheckStatus;
  isProving?: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('auth');
  if (isProving) {
    return (
      <div className={styles.proving} role="status" aria-live="polite">
        <p className={styles.status}>{t('check.proving')}</p>
        <progress className={styles.provingBar} aria-label={t('check.proving')} />
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <p className={styles.status} role="status">
        {t('check.failed')}{' '}
        <button type="button" className={styles.link} onClick={onRetry}>
          {t('check.retry')}
        </button>
      </p>
    );
  }
  return (
    <p className={styles.status} role="status" aria-live="polite">
      {status === 'ready' ? t('check.ready') : t('check.solving')}
    </p>
  );
}
