import { lazy, Suspense, useState } from 'react';
import { useUiStore } from '../../lib/ui-store';
import styles from './root-layout.module.css';

const SideMenu = lazy(() => import('./side-menu').then((module) => ({ default: module.SideMenu })));

/**
 * The side menu, loaded the first time it opens: a phone starts with it closed and does not pay for it
 * on its first screen; a wide screen starts with it open. Until it is there, an empty stand-in keeps
 * its id (the header's toggle controls it) and, on a wide screen, its width, so nothing shifts.
 */
export function DeferredSideMenu() {
  const isOpen = useUiStore((state) => state.isSideMenuOpen);
  const [isWanted, setWanted] = useState(isOpen);
  if (isOpen && !isWanted) setWanted(true);
  const standIn = <aside id="side-menu" className={styles.sideMenuStandIn} data-open={isOpen} aria-hidden="true" />;
  if (!isWanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SideMenu />
    </Suspense>
  );
}
