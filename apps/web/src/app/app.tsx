import { SYSTEM_STATUS, toTranslatedLanguage } from '@parlay/contract/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { Button } from '../components/ui/button';
import { PageLoader } from '../components/ui/page-loader';
import { getAnnouncementsQueryOptions, toTypesParam } from '../features/content/api/get-announcements';
import { getSystemStatusQueryOptions, useSystemStatus } from '../features/system/api/get-system-status';
import i18next, { i18nReady } from '../i18n/index';
import { BrandProvider } from '../lib/brand';
import { connectSessionToApiClient } from '../lib/session-store';
import styles from './full-page/full-page.module.css';
import { AppRoutes, preloadPage } from './router';

// Full-page states are rare: they load only when the status asks for them.
const MaintenancePage = lazy(() =>
  import('./full-page/maintenance-page').then((module) => ({ default: module.MaintenancePage })),
);
const IpRestrictionPage = lazy(() =>
  import('./full-page/ip-restriction-page').then((module) => ({ default: module.IpRestrictionPage })),
);

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } });
connectSessionToApiClient();
// Ask for the status as soon as the code runs, before the first render waits on anything else.
void queryClient.prefetchQuery(getSystemStatusQueryOptions());
// The lobby's largest paint is its first banner, whose address the announcements hold: they are asked for as
// soon as the status names the brand's types, not once the lobby has rendered (about 230 ms later on
// Lighthouse's phone), so the picture is on its way when the lobby first draws.
if (/^\/(index\/?)?$/i.test(window.location.pathname)) {
  void Promise.all([queryClient.fetchQuery(getSystemStatusQueryOptions()), i18nReady])
    .then(([status]) =>
      queryClient.prefetchQuery(
        getAnnouncementsQueryOptions(
          toTypesParam(status.brand.announcementTypes),
          toTranslatedLanguage(i18next.resolvedLanguage ?? i18next.language),
        ),
      ),
    )
    .catch(() => undefined);
}
let hasStartPageSettled = false;
const startPage = preloadPage(window.location.pathname).then(() => {
  hasStartPageSettled = true;
});

/** Whether the page of the address the site opened at has loaded (or failed to). */
function useStartPage(): boolean {
  const [isHere, setHere] = useState(hasStartPageSettled);
  useEffect(() => {
    if (!isHere) void startPage.then(() => setHere(true));
  }, [isHere]);
  return isHere;
}

/**
 * Whether to draw the site: once its status and its page are here, in a transition. React then renders the
 * shell and the page in slices of a few milliseconds instead of one long task, so a phone's main thread is
 * never blocked for long while the lobby is built (Lighthouse's total blocking time; decision 0008).
 */
function useSiteShown(isReady: boolean): boolean {
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    if (isReady && !isShown) startTransition(() => setShown(true));
  }, [isReady, isShown]);
  return isShown;
}

/** System status picks the screen at start: the site, the maintenance page or the restriction page. */
function StatusGate() {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const isStartPageHere = useStartPage();
  const isSiteShown = useSiteShown(status.isSuccess && isStartPageHere);

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
        <Suspense fallback={<PageLoader fullScreen />}>
          <MaintenancePage />
        </Suspense>
      ) : value.status === SYSTEM_STATUS.REGION_RESTRICTED ? (
        <Suspense fallback={<PageLoader fullScreen />}>
          <IpRestrictionPage />
        </Suspense>
      ) : !isSiteShown ? (
        // The shell waits for its page, asked for with the status: drawn without it, it would show a loader
        // in the page's place and then hold the page back (decision 0008, "Later: the first load's budget").
        <PageLoader fullScreen />
      ) : (
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
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
