import type { ReactNode } from 'react';
import styles from './content-page.module.css';

/** The frame of a content page: readable width, page padding, room above the bottom navigation. */
export function ContentPage({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  return (
    <div className={styles.page} data-bare={bare || undefined}>
      {children}
    </div>
  );
}
