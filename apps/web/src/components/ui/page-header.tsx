import type { ReactNode } from 'react';
import styles from './page-header.module.css';
import { Icon, type IconName } from './icon';

/** The title band every page opens with. */
export function PageHeader({
  icon,
  title,
  subtitle,
  actions,
}: {
  icon?: IconName;
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className={styles.band}>
      {icon && (
        <span className={styles.icon}>
          <Icon name={icon} size={26} />
        </span>
      )}
      <div className={styles.text}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
