import type { OperatorSession } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { useCurrentBrand } from '../../lib/brand';
import { sectionPath, visibleSections } from '../sections';
import { BrandPicker } from './brand-picker';
import styles from './frame.module.css';
import { OperatorMenu } from './operator-menu';
import { PreferenceToggles, useIsNarrow } from './preference-toggles';
import { useSessionExpiry } from './use-session-expiry';

/** The frame of every signed-in page: the sections the operator's roles open, the brand, the operator. */
export function Frame({ session }: { session: OperatorSession }) {
  const { t } = useTranslation();
  const brand = useCurrentBrand(session);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const isNarrow = useIsNarrow();
  useSessionExpiry(session);

  const sections = visibleSections(session.permissions, session.allBrands);
  const brandName = session.brands.find((item) => item.code === brand)?.name ?? brand;
  const groups = [
    {
      id: 'brand',
      label: t('nav.brandGroup', { brand: brandName ?? '' }),
      items: sections.filter((s) => s.scope === 'brand'),
    },
    { id: 'platform', label: t('nav.platformGroup'), items: sections.filter((s) => s.scope === 'platform') },
  ].filter((group) => group.items.length > 0 && (group.id !== 'brand' || brand));

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        {t('nav.skip')}
      </a>
      <aside className={styles.sidebar} data-open={isMenuOpen} id="sections">
        <div className={styles.logo}>
          <span className={styles.mark} aria-hidden="true">
            P
          </span>
          <span>{t('appName')}</span>
        </div>
        <nav aria-label={t('nav.label')}>
          {groups.map((group) => (
            <div key={group.id} className={styles.group}>
              <p className={styles.groupLabel}>{group.label}</p>
              <ul className={styles.links}>
                {group.items.map((section) => {
                  const to = sectionPath(section, brand);
                  return (
                    to && (
                      <li key={section.id}>
                        {/* A section chosen from the narrow screen's menu closes it. */}
                        <NavLink to={to} className={styles.link} onClick={() => setIsMenuOpen(false)}>
                          <Icon name={section.icon} />
                          <span>{t(`nav.${section.id}`)}</span>
                        </NavLink>
                      </li>
                    )
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <div className={styles.column}>
        <header className={styles.topbar}>
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={isMenuOpen}
            aria-controls="sections"
            aria-label={t('nav.menu')}
            onClick={() => setIsMenuOpen(!isMenuOpen)}
          >
            <Icon name="menu" />
          </button>
          <BrandPicker session={session} current={brand} />
          <div className={styles.spacer} />
          {/* One line at a phone's width: the toggles move into the operator's menu there. */}
          {!isNarrow && <PreferenceToggles />}
          <OperatorMenu session={session} withPreferences={isNarrow} />
        </header>
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
