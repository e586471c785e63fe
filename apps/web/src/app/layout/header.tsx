import { WHITELABEL } from '@parlay/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { useBrand } from '../../lib/brand';
import { openModal } from '../../lib/modal-store';
import { useSessionStore } from '../../lib/session-store';
import { useUiStore } from '../../lib/ui-store';
import { SignedInArea } from '../feature-slots';
import { BottomNav } from './bottom-nav';
import { DeferredSignedInArea } from './deferred-parts';
import styles from './header.module.css';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';

/**
 * Header (docs/product/site-shell-and-routes.md#header): top bar, then the bottom navigation
 * (not on header-only pages).
 */
export function Header({ compact = false, showMenuToggle = true }: { compact?: boolean; showMenuToggle?: boolean }) {
  const { t } = useTranslation('shell');
  const { brand } = useBrand();
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const isSideMenuOpen = useUiStore((state) => state.isSideMenuOpen);
  const toggleSideMenu = useUiStore((state) => state.toggleSideMenu);
  return (
    <header className={styles.header} data-site-header>
      <div className={styles.topBar}>
        {showMenuToggle && !compact && (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('toggleMenu')}
            aria-expanded={isSideMenuOpen}
            aria-controls="side-menu"
            onClick={toggleSideMenu}
          >
            <Icon name="menu" size={22} />
          </button>
        )}
        <Link to="/index" className={styles.logo} aria-label={t('home', { brand: brand.name })}>
          {brand.logoUrl ? (
            // The logo the brand's operator uploaded (checked and encoded again by the server); the link's label names it.
            <img className={styles.logoImage} src={brand.logoUrl} alt="" />
          ) : (
            <>
              <span className={styles.logoMark} aria-hidden="true">
                P
              </span>
              <span className={styles.logoText}>{brand.name}</span>
            </>
          )}
        </Link>
        <div className={styles.spacer} />
        <div className={styles.tools}>
          <span className={styles.hideOnPhone}>
            <ThemeToggle />
          </span>
          <LanguageSelect />
        </div>
        {isSignedIn ? <SignedInArea.Component fallback={<DeferredSignedInArea />} /> : <SignedOutArea />}
      </div>
      {!compact && <BottomNav />}
    </header>
  );
}

/**
 * A visitor's sign-in and register buttons. The choice between username and mobile sign-in is the login popup's
 * own tabs, beside their fields: a switch up here would stand alone with no field to act on.
 */
function SignedOutArea() {
  const { t } = useTranslation('shell');
  const { isEnabled } = useBrand();
  return (
    <div className={styles.signedOut}>
      <Button
        variant="ghost"
        size="small"
        className={styles.authButton}
        onClick={() => openModal('loginPopupModal', { tab: 'username' })}
      >
        {t('login')}
      </Button>
      {isEnabled(WHITELABEL.DIRECT_REGISTER) && (
        <Button size="small" className={styles.authButton} onClick={() => openModal('registerModal', {})}>
          {t('register')}
        </Button>
      )}
    </div>
  );
}
