import type { ReactNode } from 'react';
import styles from './content-page.module.css';

/** The frame of a content page: a readable width; its own padding only where no shell pads it. */
export function ContentPage({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  return (
    <div className={styles.page} data-bare={bare || undefined}>
      {children}
    </div>
  );
}
