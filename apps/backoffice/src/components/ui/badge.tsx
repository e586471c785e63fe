import type { ReactNode } from 'react';
import styles from './badge.module.css';

/** A short status word in a tone: ok (active), warn (invited), off (suspended), plain (a role, a brand). */
export function Badge({ tone = 'plain', children }: { tone?: 'ok' | 'warn' | 'off' | 'plain'; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
