import { useTranslation } from 'react-i18next';
import type { BehaviourCheckStatus } from '../lib/behaviour-check';
import styles from './auth-form.module.css';

/** What the behaviour check is doing, said quietly under the submit button. */
export function BehaviourStatus({ status, onRetry }: { status: BehaviourCheckStatus; onRetry: () => void }) {
  const { t } = useTranslation('auth');
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
