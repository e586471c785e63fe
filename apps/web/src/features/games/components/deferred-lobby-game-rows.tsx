import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import styles from './lobby-game-rows.module.css';

const LobbyGameRows = lazy(() => import('./lobby-game-rows').then((module) => ({ default: module.LobbyGameRows })));

/**
 * The lobby's game rows, loaded when they come near the screen: on a phone they sit below the banners
 * and categories, so the first screen does not wait for (or pay for) the game cards.
 */
export function DeferredLobbyGameRows() {
  const anchor = useRef<HTMLDivElement>(null);
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element || isNear) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '0px 0px 100px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  if (!isNear) return <div ref={anchor} className={styles.deferred} />;
  return (
    <Suspense fallback={<div className={styles.deferred} />}>
      <LobbyGameRows />
    </Suspense>
  );
}
