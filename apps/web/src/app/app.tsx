import { SYSTEM_STATUS } from '@parlay/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { Button } from '../components/ui/button';
import { PageLoader } from '../components/ui/page-loader';
import { useSystemStatus } from '../features/system/api/get-system-status';
import { BrandProvider } from '../lib/brand';
import { connectSessionToApiClient } from '../lib/session-store';
import { IpRestrictionPage } from './full-page/ip-restriction-page';
import { MaintenancePage } from './full-page/maintenance-page';
import styles from './full-page/full-page.module.css';
import { createAppRouter } from './router';

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } });
connectSessionToApiClient();

/** System status picks the screen at start: the site, the maintenance page or the restriction page. */
function StatusGate() {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const router = useMemo(
    () => (status.data?.status === SYSTEM_STATUS.NORMAL ? createAppRouter() : null),
    [status.data?.status],
  );

  if (status.isPending) return <PageLoader fullScreen />;
  if (status.isError) {
    return (
      <main className={styles.page}>
        <section className={styles.card} role="alert">
          <h1 className={styles.title}>{t('errors.system')}</h1>
          <p className={styles.message}>{t('errors.network')}</p>
          <Button onClick={() => void status.refetch()}>{t('retry')}</Button>
        </section>
      </main>
    );
  }
  const value = status.data;
  return (
    <BrandProvider status={value}>
      {value.status === SYSTEM_STATUS.MAINTENANCE ? (
        <MaintenancePage />
      ) : value.status === SYSTEM_STATUS.REGION_RESTRICTED ? (
        <IpRestrictionPage />
      ) : (
        router && <RouterProvider router={router} />
      )}
    </BrandProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <StatusGate />
    </QueryClientProvider>
  );
}
