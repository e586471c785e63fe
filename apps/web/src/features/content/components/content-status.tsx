import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import styles from './content-status.module.css';

/** What a content block shows while its data loads, or when the call failed (with a retry). */
export function ContentStatus({ query }: { query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch'> }) {
  const { t } = useTranslation('content');
  if (query.isError) {
    const message = query.error instanceof ApiError ? query.error.message : t('loadFailed');
    return (
      <div className={styles.status} role="alert">
        <p>{message}</p>
        <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.status} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
