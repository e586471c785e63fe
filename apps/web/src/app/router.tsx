import { SITE_PAGES, type SitePage } from '@parlay/contract/constants';
import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { withChunkTimeout } from '../lib/chunk-timeout';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error';
import { SegmentPage } from './layout/segment-page';
import { NotFoundPage } from './parts/not-found-page';

export type { ChromeHandle } from './chrome';

type RouteModule = { Component?: ComponentType; default?: ComponentType };
// A page's tests sit beside it; they must not become chunks of the production build.
const routeFiles = import.meta.glob<RouteModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

/**
 * Lazy page groups, named as the product names them (docs/product/site-shell-and-routes.md#page-groups). A group
 * loads its page file with the 120 s chunk timeout; a page file that another team has not delivered yet
 * makes its route a real 404.
 */
export function group(file: string) {
  return async (): Promise<{ default: ComponentType }> => {
    const load = routeFiles[`./routes/${file}.tsx`];
    if (!load) return { default: NotFoundPage };
    const module = await withChunkTimeout(load);
    return { default: module.Component ?? module.default ?? NotFoundPage };
  };
}

export const PAGE_GROUPS = {
  index: group('index'),
  Vip: group('vip'),
  pointMall: group('point-mall'),
  lottery: group('lottery'),
  vnlottery: group('vn-lottery'),
  eaLottery: group('sea-lottery'),
  elott: group('elott'),
  // The shared game list serves the egame (slots, hot, favourites), live, fish and pvp groups.
  egame: group('game-list'),
  live: group('game-list'),
  fish: group('game-list'),
  pvp: group('game-list'),
  sports: group('sports'),
  esports: group('esports'),
  promo: group('promotions'),
  promoDetail: group('promo-detail'),
  seamless: group('seamless'),
  help: group('help'),
  download: group('down'),
  joinus: group('join'),
  byIframe: group('game'),
} as const;

/**
 * The page file of each page with a path of its own: every one of the contract's SITE_PAGES, which the
 * server answers with status 200 (decision 0029), and no other. /rng /live /pvp /fish /hot /fav and
 * /register go through SegmentPage.
 */
const PAGE_LOADS: Record<SitePage, () => Promise<{ default: ComponentType }>> = {
  index: PAGE_GROUPS.index,
  noticePage: group('notice-page'),
  vip: PAGE_GROUPS.Vip,
  pointMall: PAGE_GROUPS.pointMall,
  lottery: PAGE_GROUPS.lottery,
  vnlottery: PAGE_GROUPS.vnlottery,
  seaLottery: PAGE_GROUPS.eaLottery,
  elott: PAGE_GROUPS.elott,
  sports: PAGE_GROUPS.sports,
  esports: PAGE_GROUPS.esports,
  promotions: PAGE_GROUPS.promo,
  promoDetail: PAGE_GROUPS.promoDetail,
  seamless: PAGE_GROUPS.seamless,
  help: PAGE_GROUPS.help,
  helpmc: group('helpmc'),
  down: PAGE_GROUPS.download,
  join: PAGE_GROUPS.joinus,
  game: PAGE_GROUPS.byIframe,
  login: group('login'),
  fairness: group('fairness'),
};
const PAGES = SITE_PAGES.map((path) => ({ path, load: PAGE_LOADS[path] }));

/** Page files that preloadPage has brought in, by path. */
const arrived = new Map<SitePage, { default: ComponentType }>();

const PAGE_ROUTES = PAGES.map((page) => ({
  path: page.path,
  Page: lazy(() => {
    const module = arrived.get(page.path);
    if (!module) return page.load();
    // A page already here is handed over at once (React's lazy takes a thenable that calls back at once)
    // instead of suspending for a moment: a boundary that suspended holds what it reveals back by React's
    // 300 ms reveal throttle, which kept the lobby, and the call for its banner, waiting (decision 0008).
    return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
  }),
}));

/**
 * Starts loading the page group of `pathname` at once, while the system status is still on its way;
 * resolves when it is here (or failed: a failure is left to the page's own load to report).
 */
export function preloadPage(pathname: string): Promise<void> {
  const name = /^\/([^/]+)\/?$/.exec(pathname === '/' ? '/index' : pathname)?.[1]?.toLowerCase();
  const page = PAGES.find((candidate) => candidate.path.toLowerCase() === name);
  if (!page) return Promise.resolve();
  return page.load().then(
    (module) => {
      arrived.set(page.path, module);
    },
    () => undefined,
  );
}

/**
 * Every route (docs/product/site-shell-and-routes.md#routes) inside the shell. A page that fails shows its error
 * inside the shell (RootLayout's boundary); a failure of the shell itself is caught here. The chrome of each
 * page is in chrome.ts.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<Navigate to="/index" replace />} />
          {PAGE_ROUTES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path=":page" element={<SegmentPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
