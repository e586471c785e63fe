import { WHITELABEL } from '@parlay/contract/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Button } from '../../components/ui/button';
import { Icon, type IconName } from '../../components/ui/icon';
import { guardProtectedAction } from '../../lib/account-gate';
import { useBrand } from '../../lib/brand';
import { isBuiltMemberCentrePage, useMemberCentreStore, type MemberCentrePage } from '../../lib/member-centre-store';
import { openModal } from '../../lib/modal-store';
import { isFreePlayGuest, useSessionStore } from '../../lib/session-store';
import { useThemeStore } from '../../lib/theme';
import { useUiStore, WIDE_SCREEN_QUERY } from '../../lib/ui-store';
import { useGameVendor } from '../../features/navigation/api/get-game-vendor';
import { buildNavEntries, type NavEntry } from '../../features/navigation/build-nav-entries';
import { useLotteryPath } from '../../features/navigation/use-lottery-path';
import { PracticeBalance } from '../feature-slots';
import { useContactUs } from '../full-page/use-contact-us';
import { LanguageSelect } from './language-select';
import { BalanceText } from './balance-text';
import styles from './side-menu.module.css';

/**
 * Game centre list, in the order of docs/product/site-shell-and-routes.md#side-menu; an entry shows only while a
 * navigation entry that fills its page does (a category the brand has no game of is not offered).
 */
const GAME_CENTRE: { key: string; to: string; icon: IconName; filledBy: NavEntry['key'][] }[] = [
  { key: 'ELOTT', to: '/elott', icon: 'lottery', filledBy: ['ELOTT'] },
  { key: 'LIVE', to: '/live', icon: 'live', filledBy: ['LIVE'] },
  { key: 'SPORTS', to: '/sports', icon: 'sports', filledBy: ['SPORTS', 'DS88'] },
  { key: 'FISH', to: '/fish', icon: 'fish', filledBy: ['FISH'] },
  { key: 'RNG', to: '/rng', icon: 'slots', filledBy: ['RNG'] },
  { key: 'PVP', to: '/pvp', icon: 'pvp', filledBy: ['PVP'] },
];

interface MemberLink {
  key: string;
  icon: IconName;
  page: MemberCentrePage;
}

const SHORTCUTS: (MemberLink & { flag?: typeof WHITELABEL.REFERRAL })[] = [
  { key: 'deposit', icon: 'deposit', page: 'depositv2' },
  { key: 'withdraw', icon: 'withdraw', page: 'withdraw' },
  { key: 'invite', icon: 'invite', page: 'referral', flag: WHITELABEL.REFERRAL },
  { key: 'rewards', icon: 'trophy', page: 'rewardCenter' },
  { key: 'cashback', icon: 'cashback', page: 'manualRebate' },
];

const ACCOUNT_LINKS: MemberLink[] = [
  { key: 'bettingRecord', icon: 'record', page: 'personalHistoryCopy' },
  { key: 'accountRecord', icon: 'wallet', page: 'transactionHistory' },
  { key: 'securityCentre', icon: 'shield', page: 'securityCenter' },
  { key: 'profitLoss', icon: 'chart', page: 'personalProfit' },
  { key: 'mailbox', icon: 'mail', page: 'messageV2' },
];

/**
 * Side menu (docs/product/site-shell-and-routes.md#side-menu). Member-centre entries ask a guest to sign
 * in; for a member they open the member centre, and they show only once that feature is part of the build.
 */
export function SideMenu() {
  const { t } = useTranslation('shell');
  const { isEnabled } = useBrand();
  const isOpen = useUiStore((state) => state.isSideMenuOpen);
  const setOpen = useUiStore((state) => state.setSideMenuOpen);
  const lotteryPath = useLotteryPath();
  const isBalanceHidden = useUiStore((state) => state.isBalanceHidden);
  const toggleBalanceHidden = useUiStore((state) => state.toggleBalanceHidden);
  const setLogoutConfirmOpen = useUiStore((state) => state.setLogoutConfirmOpen);
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const isGuest = useSessionStore((state) => isFreePlayGuest(state.member));
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);
  const { contact, error } = useContactUs();
  const theme = useThemeStore((state) => state.theme);
  const toggleTheme = useThemeStore((state) => state.toggleTheme);
  // A member-centre link shows only when its page is built (lib/member-centre-store BUILT_MEMBER_CENTRE_PAGES).
  const shortcuts = SHORTCUTS.filter(
    (item) => isBuiltMemberCentrePage(item.page) && (!item.flag || isEnabled(item.flag)),
  );
  const accountLinks = ACCOUNT_LINKS.filter((item) => isBuiltMemberCentrePage(item.page));
  const navEntries = buildNavEntries(useGameVendor().data?.data.lanes ?? []);
  const gameCentre = GAME_CENTRE.flatMap((item) => {
    const filling = navEntries.filter((entry) => item.filledBy.includes(entry.key));
    return filling.length > 0 ? [{ ...item, comingSoon: filling.every((entry) => entry.comingSoon) }] : [];
  });

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !window.matchMedia(WIDE_SCREEN_QUERY).matches) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen, setOpen]);

  function openMember(page: MemberCentrePage) {
    // A visitor is asked to sign in, a trial (type 4) account gets the in_need_true_account warning.
    if (guardProtectedAction()) openMemberCentre(page);
  }

  return (
    <>
      <div className={styles.scrim} data-open={isOpen} onClick={() => setOpen(false)} aria-hidden="true" />
      <aside id="side-menu" className={styles.menu} data-open={isOpen} aria-label={t('sideMenu')}>
        {/* Below 1100 px the menu covers the header and its menu button: it closes itself too. */}
        <button type="button" className={styles.close} aria-label={t('closeSideMenu')} onClick={() => setOpen(false)}>
          <Icon name="close" size={20} />
        </button>
        <div className={styles.inner}>
          <section className={styles.balanceCard} aria-label={isGuest ? t('practice.balance') : t('balance')}>
            {/* A free-play guest's money is practice money, shown as such (decision 0072). */}
            {isGuest ? (
              <PracticeBalance.Component variant="card" />
            ) : isSignedIn ? (
              <>
                <div className={styles.balanceHead}>
                  <span>{t('balance')}</span>
                  <button
                    type="button"
                    className={styles.eye}
                    aria-pressed={isBalanceHidden}
                    aria-label={isBalanceHidden ? t('showBalance') : t('hideBalance')}
                    onClick={toggleBalanceHidden}
                  >
                    <Icon name={isBalanceHidden ? 'eyeOff' : 'eye'} size={18} />
                  </button>
                </div>
                <div className={styles.balanceValue}>
                  <BalanceText hidden={isBalanceHidden} />
                </div>
              </>
            ) : (
              <>
                <p className={styles.guestText}>{t('guestBalance')}</p>
                <Button size="small" block onClick={() => openModal('loginPopupModal', {})}>
                  {t('login')}
                </Button>
              </>
            )}
          </section>

          <ul className={styles.shortcuts} aria-label={t('shortcuts')}>
            {shortcuts.map((item) => (
              <li key={item.key}>
                <button type="button" className={styles.shortcut} onClick={() => openMember(item.page)}>
                  <Icon name={item.icon} size={20} />
                  <span>{t(`menu.${item.key}`)}</span>
                </button>
              </li>
            ))}
            <li>
              <Link to="/promotions" className={styles.shortcut}>
                <Icon name="gift" size={20} />
                <span>{t('nav.promotions')}</span>
              </Link>
            </li>
          </ul>

          <nav aria-labelledby="side-game-centre">
            <h2 id="side-game-centre" className={styles.heading}>
              {t('gameCentre')}
            </h2>
            <ul className={styles.list}>
              {gameCentre.map((item) => (
                <li key={item.key}>
                  <NavLink to={item.key === 'ELOTT' ? lotteryPath : item.to} className={styles.row}>
                    <span className={styles.rowIcon}>
                      <Icon name={item.icon} size={18} />
                    </span>
                    {t(`categories.${item.key}`)}
                    {item.comingSoon && <span className={styles.soon}>{t('comingSoon')}</span>}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          <section aria-labelledby="side-account">
            <h2 id="side-account" className={styles.heading}>
              {t('account')}
            </h2>
            <ul className={styles.list}>
              <li>
                <NavLink to="/vip" className={styles.row}>
                  <span className={styles.rowIcon}>
                    <Icon name="crown" size={18} />
                  </span>
                  {t('menu.vip')}
                </NavLink>
              </li>
              {accountLinks.map((item) => (
                <li key={item.key}>
                  <button type="button" className={styles.row} onClick={() => openMember(item.page)}>
                    <span className={styles.rowIcon}>
                      <Icon name={item.icon} size={18} />
                    </span>
                    {t(`menu.${item.key}`)}
                  </button>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="side-more">
            <h2 id="side-more" className={styles.heading}>
              {t('more')}
            </h2>
            <ul className={styles.list}>
              <li>
                <NavLink to="/down" className={styles.row}>
                  <span className={styles.rowIcon}>
                    <Icon name="download" size={18} />
                  </span>
                  {t('appDownload')}
                </NavLink>
              </li>
              <li>
                <button type="button" className={styles.row} onClick={contact}>
                  <span className={styles.rowIcon}>
                    <Icon name="chat" size={18} />
                  </span>
                  {t('customerService')}
                </button>
                {error && (
                  <p className={styles.error} role="alert">
                    {error}
                  </p>
                )}
              </li>
              <li>
                <NavLink to="/help" className={styles.row}>
                  <span className={styles.rowIcon}>
                    <Icon name="help" size={18} />
                  </span>
                  {t('helpCentre')}
                </NavLink>
              </li>
              <li>
                <button type="button" className={styles.row} onClick={toggleTheme} data-theme-toggle>
                  <span className={styles.rowIcon}>
                    <Icon name={theme === 'dark' ? 'sun' : 'moon'} size={18} />
                  </span>
                  {theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
                </button>
              </li>
            </ul>
            <div className={styles.language}>
              <LanguageSelect wide />
            </div>
            {isSignedIn && (
              <Button variant="secondary" block onClick={() => setLogoutConfirmOpen(true)}>
                <Icon name="logout" size={18} />
                {t('logout.action')}
              </Button>
            )}
          </section>
        </div>
      </aside>
    </>
  );
}
