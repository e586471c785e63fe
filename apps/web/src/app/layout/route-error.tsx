import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ChunkTimeoutError } from '../../lib/chunk-timeout';
import { NotFoundPage } from '../parts/not-found-page';

/**
 * A page that cannot open shows why, and nothing is thrown further (spec 01 §4: route navigation
 * errors are swallowed). A chunk that did not arrive in 120 s shows the slow-network message.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const isSlow = error instanceof ChunkTimeoutError;
  const isChunk =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <EmptyState
      icon="info"
      title={isSlow || isChunk ? t('errors.slowNetwork') : t('errors.system')}
      action={<Button onClick={() => window.location.reload()}>{t('retry')}</Button>}
    />
  );
}
