import type { ReactNode } from 'react';
import styles from './empty-state.module.css';
import { Icon, type IconName } from './icon';

/** An honest empty state: what is not here yet and, when there is one, what the visitor can do. */
export function EmptyState({
  icon = 'info',
  title,
  text,
  action,
  compact,
}: {
  icon?: IconName;
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}) {
  return (
    <div className={compact ? `${styles.empty} ${styles.compact}` : styles.empty}>
      <span className={styles.icon}>
        <Icon name={icon} size={compact ? 22 : 28} />
      </span>
      <p className={styles.title}>{title}</p>
      {text && <p className={styles.text}>{text}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
