import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useBrand } from '../../lib/brand';
import { useSessionStore } from '../../lib/session-store';
import { useUiStore, WIDE_SCREEN_QUERY } from '../../lib/ui-store';
import { PageLoader } from '../../components/ui/page-loader';
import { DeferredFooter, DeferredRightBar, ShellModals } from './deferred-parts';
import { DeferredSideMenu } from './deferred-side-menu';
import { RouteErrorBoundary } from './route-error';
import { Header } from './header';
import styles from './root-layout.module.css';
import { useChrome } from './use-chrome';
import { useStartSession } from './use-start-session';

/**
 * Routes open without a token when the brand requires sign-in everywhere
 * (docs/product/site-shell-and-routes.md#redirect-rule).
 */
export const PUBLIC_PATHS = ['/login', '/register', '/register.html', '/helpmc', '/download'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((path) => pathname.toLowerCase() === path.toLowerCase());
}

export function RootLayout() {
  const { t } = useTranslation('shell');
  const { brand } = useBrand();
  const location = useLocation();
  const token = useSessionStore((state) => state.token);
  const chrome = useChrome();
  const isSideMenuOpen = useUiStore((state) => state.isSideMenuOpen);
  const setSideMenuOpen = useUiStore((state) => state.setSideMenuOpen);
  useStartSession();

  useEffect(() => {
    window.scrollTo({ top: 0 });
    if (!window.matchMedia(WIDE_SCREEN_QUERY).matches) setSideMenuOpen(false);
  }, [location.pathname, setSideMenuOpen]);

  // Crossing the breakpoint (a window narrowed, a tablet turned) sets the menu as a load at the new width would:
  // open beside the page when wide, shut when narrow, where an open menu would cover the page.
  useEffect(() => {
    const wide = window.matchMedia(WIDE_SCREEN_QUERY);
    const follow = (event: MediaQueryListEvent) => setSideMenuOpen(event.matches);
    wide.addEventListener('change', follow);
    return () => wide.removeEventListener('change', follow);
  }, [setSideMenuOpen]);

  if (brand.loggedInToHomePage && !token && !isPublicPath(location.pathname)) {
    return <Navigate to="/login" replace />;
  }

  const page = (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );

  if (chrome.chrome === 'none') {
    return (
      <>
        <main id="main">{page}</main>
        <ShellModals />
      </>
    );
  }

  const showHeader = chrome.header !== false;
  if (chrome.chrome === 'header-only') {
    return (
      <div className={styles.shell}>
        {showHeader && <Header compact />}
        <main id="main" className={styles.bare}>
          {page}
        </main>
        <ShellModals />
      </div>
    );
  }

  const hasSideMenu = chrome.sideMenu !== false;
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        {t('skipToContent')}
      </a>
      <Header showMenuToggle={hasSideMenu} />
      <div className={styles.body} data-side-open={hasSideMenu && isSideMenuOpen ? 'true' : 'false'}>
        {hasSideMenu && <DeferredSideMenu />}
        <div className={styles.column}>
          <main id="main" className={styles.main}>
            {page}
          </main>
          <DeferredFooter />
        </div>
        <DeferredRightBar />
      </div>
      <ShellModals />
    </div>
  );
}
