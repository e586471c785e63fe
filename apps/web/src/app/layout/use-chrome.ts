import { useMatches } from 'react-router';
import type { ChromeHandle } from '../router';

const FULL: ChromeHandle = { chrome: 'full' };

/** The chrome of the deepest matched route that declares one. */
export function useChrome(): ChromeHandle {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as ChromeHandle | undefined;
    if (handle?.chrome) return handle;
  }
  return FULL;
}
