import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { withChunkTimeout } from '../lib/chunk-timeout';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { SegmentPage } from './layout/segment-page';
import { NotFoundPage } from './parts/not-found-page';

/** How much of the shell a page shows (spec 01 §2). */
export interface ChromeHandle {
  chrome: 'full' | 'header-only' | 'none';
  /** /pointMall has no side menu. */
  sideMenu?: boolean;
  /** /lottery hides the header too. */
  header?: boolean;
}

type RouteModule = { Component?: ComponentType; default?: ComponentType };
const routeFiles = import.meta.glob<RouteModule>('./routes/*.tsx');

/**
 * Lazy page groups named as the spec's (spec 01 §2). A group loads its page file with the 120 s
 * chunk timeout; a page file that another team has not delivered yet makes its route a real 404.
 */
export function group(file: string) {
  return async () => {
    const load = routeFiles[`./routes/${file}.tsx`];
    if (!load) return { Component: NotFoundPage };
    const module = await withChunkTimeout(load);
    return { Component: module.Component ?? module.default ?? NotFoundPage };
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

const full: ChromeHandle = { chrome: 'full' };
const headerOnly: ChromeHandle = { chrome: 'header-only' };

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      { index: true, element: <Navigate to="/index" replace /> },
      {
        errorElement: <RouteError />,
        children: [
          { path: 'index', lazy: PAGE_GROUPS.index, handle: full },
          // /rng /live /pvp /fish /hot /fav and /register, /register.html: one route each, by parameter.
          { path: ':page', handle: full, Component: SegmentPage },
          { path: 'noticePage', lazy: group('notice-page'), handle: full },
          { path: 'vip', lazy: PAGE_GROUPS.Vip, handle: full },
          { path: 'pointMall', lazy: PAGE_GROUPS.pointMall, handle: { chrome: 'full', sideMenu: false } },
          { path: 'lottery', lazy: PAGE_GROUPS.lottery, handle: { chrome: 'header-only', header: false } },
          { path: 'vnlottery', lazy: PAGE_GROUPS.vnlottery, handle: headerOnly },
          { path: 'seaLottery', lazy: PAGE_GROUPS.eaLottery, handle: headerOnly },
          { path: 'elott', lazy: PAGE_GROUPS.elott, handle: full },
          { path: 'sports', lazy: PAGE_GROUPS.sports, handle: full },
          { path: 'esports', lazy: PAGE_GROUPS.esports, handle: full },
          { path: 'promotions', lazy: PAGE_GROUPS.promo, handle: full },
          { path: 'promoDetail', lazy: PAGE_GROUPS.promoDetail, handle: full },
          { path: 'seamless', lazy: PAGE_GROUPS.seamless, handle: headerOnly },
          { path: 'help', lazy: PAGE_GROUPS.help, handle: full },
          { path: 'helpmc', lazy: group('helpmc'), handle: { chrome: 'none' } },
          { path: 'down', lazy: PAGE_GROUPS.download, handle: full },
          { path: 'join', lazy: PAGE_GROUPS.joinus, handle: full },
          { path: 'game', lazy: PAGE_GROUPS.byIframe, handle: headerOnly },
          { path: 'login', lazy: group('login'), handle: full },
          { path: '*', element: <NotFoundPage />, handle: full },
        ],
      },
    ],
  },
];

/**
 * Starts loading the page group of `pathname` at once, while the system status is still on its way;
 * the router's own load later finds the chunk there. A failure here is left to that load to report.
 */
export function preloadPage(pathname: string) {
  for (const match of matchRoutes(routes, pathname === '/' ? '/index' : pathname) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
