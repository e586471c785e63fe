import { useLocation } from 'react-router';
import { chromeOf, type ChromeHandle } from '../chrome';

/** The chrome of the current page (spec 01 §2). */
export function useChrome(): ChromeHandle {
  return chromeOf(useLocation().pathname);
}
