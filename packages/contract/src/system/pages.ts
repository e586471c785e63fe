// The player site's pages, shared by both sides: the web app's router declares a route for each, and the
// server answers any other path with the site and HTTP status 404
// (docs/decisions/0029-page-paths-and-the-404-status.md). Zod-free: the site's start-up code imports it.
// The routes: docs/product/site-shell-and-routes.md#routes.

/** The pages with a path of their own, as the router writes them (it matches them in any case). */
export const SITE_PAGES = [
  'index',
  'noticePage',
  'vip',
  'pointMall',
  'lottery',
  'vnlottery',
  'seaLottery',
  'elott',
  'sports',
  'esports',
  'promotions',
  'promoDetail',
  'seamless',
  'help',
  'helpmc',
  'down',
  'join',
  'game',
  'login',
  'fairness',
] as const;
export type SitePage = (typeof SITE_PAGES)[number];

/** The categories of the one game-list page, each its own path: /rng /live /pvp /fish /hot /fav. */
export const GAME_LIST_CATEGORIES = ['rng', 'live', 'pvp', 'fish', 'hot', 'fav'] as const;
export type GameListCategory = (typeof GAME_LIST_CATEGORIES)[number];

/** The two spellings of the register page. */
export const REGISTER_PAGES = ['register', 'register.html'] as const;

const PAGES_IN_LOWER_CASE: ReadonlySet<string> = new Set(SITE_PAGES.map((page) => page.toLowerCase()));

function isOneOf(list: readonly string[], value: string): boolean {
  return list.includes(value);
}

/**
 * True when the site has a page at `pathname` (no query), matched as its router matches: `/` (which goes to
 * /index), or one segment, percent-escapes decoded, with or without a trailing slash, that is a page in any
 * case, or exactly a game-list category or a spelling of the register page (the router's one route with a
 * parameter compares those as written). Anything else is the site's 404 page.
 */
export function isSitePage(pathname: string): boolean {
  const segment = /^\/([^/]*)\/?$/.exec(pathname)?.[1];
  if (segment === undefined) return false;
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return (
    name === '' ||
    PAGES_IN_LOWER_CASE.has(name.toLowerCase()) ||
    isOneOf(GAME_LIST_CATEGORIES, name) ||
    isOneOf(REGISTER_PAGES, name)
  );
}
