import { WHITELABEL } from '@parlay/contract/constants';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Icon, type IconName } from '../../components/ui/icon';
import { useGameVendor } from '../../features/navigation/api/get-game-vendor';
import { useUnreadCount } from '../../features/navigation/api/get-unread-count';
import { buildNavEntries, type NavEntry } from '../../features/navigation/build-nav-entries';
import { useSafeNavigate } from '../../hooks/use-safe-navigate';
import { useBrand } from '../../lib/brand';
import { useMemberCentreStore } from '../../lib/member-centre-store';
import { openModal } from '../../lib/modal-store';
import { useSessionStore } from '../../lib/session-store';
import { vendorPath } from '../../lib/vendor-path';
import { GameDropdown, MemberCentre } from '../feature-slots';
import styles from './bottom-nav.module.css';

const CATEGORY_ICONS: Record<NavEntry['key'], IconName> = {
  LIVE: 'live',
  DS88: 'sports',
  SPORTS: 'sports',
  RNG: 'slots',
  FISH: 'fish',
  PVP: 'pvp',
  ELOTT: 'lottery',
};

/** The navigation row of the header (spec 01 §2): Home, the vendor categories, Promotions, Rewards, rank. */
export function BottomNav() {
  const { t } = useTranslation('shell');
  const { isEnabled } = useBrand();
  const vendor = useGameVendor();
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const rank = useSessionStore((state) => state.member?.clubLabel?.labelName);
  const promotionsOn = isEnabled(WHITELABEL.PROMOTIONS);
  const unread = useUnreadCount(promotionsOn);
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);
  const navigate = useSafeNavigate();
  const entries = vendor.data ? buildNavEntries(vendor.data.data.lanes) : [];
  const navRef = useRef<HTMLElement>(null);
  const { pathname, search } = useLocation();

  // On a phone the row scrolls: bring the current entry into view when the page or the row changes.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const row = nav.getBoundingClientRect();
    const box = current.getBoundingClientRect();
    if (box.left >= row.left && box.right <= row.right) return;
    nav.scrollLeft += box.left - row.left - (row.width - box.width) / 2;
  }, [pathname, search, entries.length]);

  function onRewards() {
    if (!isSignedIn) {
      openModal('loginPopupModal', { message: t('notLoggedIn') });
      return;
    }
    if (MemberCentre.isPresent) openMemberCentre('rewardCenter');
    else navigate('/promotions');
  }

  const count = isSignedIn && promotionsOn ? (unread.data ?? 0) : 0;
  return (
    <nav ref={navRef} className={styles.nav} aria-label={t('mainNavigation')}>
      <ul className={styles.list}>
        <li>
          <NavLink to="/index" className={styles.link}>
            <Icon name="home" size={18} />
            <span>{t('nav.home')}</span>
          </NavLink>
        </li>
        {entries.map((entry) => (
          <li key={entry.key} className={styles.category}>
            <NavLink to={entry.to} className={styles.link} end={entry.key === 'DS88'}>
              <Icon name={CATEGORY_ICONS[entry.key]} size={18} />
              <span>{t(`categories.${entry.key}`)}</span>
            </NavLink>
            {entry.vendors.length > 0 && (
              <GameDropdown.Component
                vendors={entry.vendors}
                title={t(`categories.${entry.key}`)}
                className={styles.dropdown}
                fallback={
                  <div className={styles.dropdown}>
                    <p className={styles.dropdownTitle}>{t(`categories.${entry.key}`)}</p>
                    <ul className={styles.vendors}>
                      {entry.vendors.map((card) => (
                        <li key={`${card.gameType}-${card.vassalage}`}>
                          <Link to={vendorPath(card)} className={styles.vendor}>
                            {/* The shell's stand-in while the games feature is absent: without it there is no
                                image-host pick (or broken-image fallback), so the vendor shows by its initial. */}
                            <span className={styles.vendorInitial} aria-hidden="true">
                              {card.displayName.slice(0, 1)}
                            </span>
                            <span>{card.displayName}</span>
                            {card.isHot === 1 && <span className={styles.hot}>{t('hot')}</span>}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                }
              />
            )}
          </li>
        ))}
        {promotionsOn && (
          <li>
            <NavLink to="/promotions" className={styles.link}>
              <Icon name="gift" size={18} />
              <span>{t('nav.promotions')}</span>
            </NavLink>
          </li>
        )}
        <li>
          <button type="button" className={styles.link} onClick={onRewards}>
            <Icon name="trophy" size={18} />
            <span>{t('nav.rewards')}</span>
            {count > 0 && (
              <span className={styles.badge} aria-label={t('unread', { count })}>
                {count > 99 ? '99+' : count}
              </span>
            )}
          </button>
        </li>
      </ul>
      <span className={styles.rank} title={t('rank')}>
        <Icon name="crown" size={16} />
        <span className="visually-hidden">{t('rank')}</span>
        {isSignedIn && rank ? rank : '- -'}
      </span>
    </nav>
  );
}
