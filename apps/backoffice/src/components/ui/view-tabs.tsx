import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './view-tabs.module.css';

/**
 * A list's views as a row of tabs over its table (all, on, off; a raffle's statuses): the one shown is marked
 * (aria-current) and underlined; choosing one sets the list's filter, which starts it again at its first page.
 */
export function ViewTabs<V extends string>({
  label,
  views,
  current,
  labelOf,
  onChoose,
}: {
  /** Names the tabs for screen readers. */
  label: string;
  views: readonly V[];
  current: V;
  labelOf: (view: V) => ReactNode;
  onChoose: (view: V) => void;
}) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {views.map((name) => (
        <Button
          key={name}
          size="small"
          variant="secondary"
          className={styles.tab}
          aria-current={name === current ? 'page' : undefined}
          onClick={() => onChoose(name)}
        >
          {labelOf(name)}
        </Button>
      ))}
    </nav>
  );
}
