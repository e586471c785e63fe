import { useLocation } from 'react-router';
import { chromeOf, type ChromeHandle } from '../chrome';

/** The chrome of the current page (docs/product/site-shell-and-routes.md#chrome-of-each-page). */
export function useChrome(): ChromeHandle {
  return chromeOf(useLocation().pathname);
}
