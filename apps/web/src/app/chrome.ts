/** How much of the shell a page shows (docs/product/site-shell-and-routes.md#chrome-of-each-page). */
export interface ChromeHandle {
  chrome: 'full' | 'header-only' | 'none';
  /** /pointMall has no side menu. */
  sideMenu?: boolean;
  /** /lottery hides the header too. */
  header?: boolean;
}

const FULL: ChromeHandle = { chrome: 'full' };
const HEADER_ONLY: ChromeHandle = { chrome: 'header-only' };

/** Pages that show less than the whole shell, by their path (lower case: paths match in any case). */
const CHROME_OF_PAGE: Record<string, ChromeHandle> = {
  pointmall: { chrome: 'full', sideMenu: false },
  lottery: { chrome: 'header-only', header: false },
  vnlottery: HEADER_ONLY,
  sealottery: HEADER_ONLY,
  seamless: HEADER_ONLY,
  game: HEADER_ONLY,
  helpmc: { chrome: 'none' },
};

/** The chrome of the page at `pathname`; every other address, the 404 page included, shows it all. */
export function chromeOf(pathname: string): ChromeHandle {
  const page = /^\/([^/]+)\/?$/.exec(pathname)?.[1]?.toLowerCase();
  return (page !== undefined && CHROME_OF_PAGE[page]) || FULL;
}
