import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the URL's #fragment names once the content is there: the browser tries
 * on load, before the help items have arrived, and finds nothing.
 */
export function useScrollToHash(isReady: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!isReady || hash.length < 2) return;
    // After the frame: the shell scrolls to the top on a new path, and that must not win.
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) return;
      target.scrollIntoView?.({ block: 'start' });
      // Screen readers and keyboard users continue from the section they were sent to.
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [isReady, hash]);
}
