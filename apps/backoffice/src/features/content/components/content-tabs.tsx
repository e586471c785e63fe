import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import styles from './content.module.css';

/** The content pages of a brand: announcements of every type, the banners' order, the help centre. */
export function ContentTabs({ brand }: { brand: string }) {
  const { t } = useTranslation('content');
  const base = `/brands/${encodeURIComponent(brand)}/content`;
  const tabs = [
    { to: base, label: t('tabs.announcements'), end: true },
    { to: `${base}/banners`, label: t('tabs.banners'), end: false },
    { to: `${base}/help`, label: t('tabs.help'), end: false },
  ];
  return (
    <nav className={styles.tabs} aria-label={t('tabs.label')}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end} className={styles.tab}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
