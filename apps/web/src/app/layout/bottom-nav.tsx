import { WHITELABEL } from '@parlay/contract/constants';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Icon, type IconName } from '../../components/ui/icon';
import { useGameVendor } from '../../features/navigation/api/get-game-vendor';
import { useUnreadCount } from '../../features/navigation/api/get-unread-count';
import { buildNavEntries, type NavEntry } from '../../features/navigation/build-nav-entries';
import { useSafeNavigate } from '../../hooks/use-safe-navigate';
import { useBrand } from '../../lib/brand';
import { isBuiltMemberCentrePage, useMemberCentreStore } from '../../lib/member-centre-store';
import { openModal } from '../../lib/modal-store';
import { useSessionStore } from '../../lib/session-store';
import { vendorPath } from '../../lib/vendor-path';
import { GameDropdown } from '../feature-slots';
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

/**
 * The navigation row of the header (docs/product/site-shell-and-routes.md#bottom-navigation): Home, the vendor
 * categories, Promotions, Rewards, and a member's rank.
 */
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
    if (isBuiltMemberCentrePage('rewardCenter')) openMemberCentre('rewardCenter');
    else navigate('/promotions');
  }

  const count = isSignedIn && promotionsOn ? (unread.data ?? 0) : 0;
  return (
    <nav ref={navRef} className={styles.nav} aria-label={t('mainNavigation')}>
      {/* Until the vendors are known, the entries after Home wait unseen where they stand: the categories
          come in before them, and a visible Promotions would jump along the row. */}
      <ul className={styles.list} data-pending={vendor.isPending || undefined}>
        <li>
          <NavLink to="/index" className={styles.link}>
            <Icon name="home" size={18} />
            <span>{t('nav.home')}</span>
          </NavLink>
        </li>
        {entries.map((entry) => (
          <NavCategory key={entry.key} entry={entry} />
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
      {/* A visitor, or a member with no rank yet, has no rank to show: no empty chip stands in for it. */}
      {isSignedIn && rank && (
        <span className={styles.rank} title={t('rank')}>
          <Icon name="crown" size={16} />
          <span className="visually-hidden">{t('rank')}</span>
          {rank}
        </span>
      )}
    </nav>
  );
}

/**
 * A category entry: its link, and its dropdown of vendors and games. The pointer opens the dropdown by
 * hovering; the keyboard opens it with the toggle beside the link (a disclosure), so Tab along the row
 * does not walk through every category's game cards. Escape closes it and puts focus on the toggle.
 */
function NavCategory({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation('shell');
  const title = entry.label ?? t(`categories.${entry.key}`);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // 'dismissed' hides it even under the pointer, until the pointer comes back.
  const [state, setState] = useState<'closed' | 'open' | 'dismissed'>('closed');
  const location = useLocation();
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (location.key !== seenLocation) {
    // A vendor or a game was chosen in it: the next page starts with it closed.
    setSeenLocation(location.key);
    setState('closed');
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    const item = event.currentTarget;
    // Escape in a dialog opened from the dropdown (a VASSALAGE list) is the dialog's.
    if (event.key !== 'Escape' || !item.contains(event.target as Node)) return;
    if (state !== 'open' && !item.matches(':hover')) return;
    setState('dismissed');
    toggle.current?.focus();
  }

  function onBlur(event: FocusEvent<HTMLLIElement>) {
    const next = event.relatedTarget;
    if (state !== 'open' || !(next instanceof Element) || event.currentTarget.contains(next)) return;
    // A dialog opened from the dropdown (the login popup, a VASSALAGE list) hands focus back to it.
    if (next.closest('[role="dialog"], [role="alertdialog"]')) return;
    setState('closed');
  }

  return (
    <li
      className={styles.category}
      data-expanded={state === 'open' ? '' : undefined}
      data-dismissed={state === 'dismissed' ? '' : undefined}
      onKeyDown={entry.vendors.length > 0 ? onKeyDown : undefined}
      onBlur={onBlur}
      onPointerEnter={() => setState((current) => (current === 'dismissed' ? 'closed' : current))}
    >
      <NavLink to={entry.to} className={styles.link} end={entry.key === 'DS88'}>
        <Icon name={CATEGORY_ICONS[entry.key]} size={18} />
        <span>{title}</span>
        {entry.comingSoon && <span className={styles.soon}>{t('comingSoon')}</span>}
      </NavLink>
      {entry.vendors.length > 0 && (
        <>
          <button
            ref={toggle}
            type="button"
            className={styles.toggle}
            aria-expanded={state === 'open'}
            aria-controls={panelId}
            aria-label={t('showCategoryGames', { category: title })}
            onClick={() => setState(state === 'open' ? 'closed' : 'open')}
          >
            <Icon name="chevronDown" size={14} />
          </button>
          <GameDropdown.Component
            id={panelId}
            vendors={entry.vendors}
            title={title}
            className={styles.dropdown}
            fallback={
              <div id={panelId} className={styles.dropdown}>
                <p className={styles.dropdownTitle}>{title}</p>
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
        </>
      )}
    </li>
  );
}
