import * as RadixDialog from '@radix-ui/react-dialog';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { PageLoader } from '../../../components/ui/page-loader';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { guardProtectedAction, useAccountGateStore } from '../../../lib/account-gate';
import {
  defaultMemberCentrePage,
  MEMBER_CENTRE_MENU,
  MEMBER_CENTRE_PARAM,
  parseMemberCentreView,
  useMemberCentreStore,
  type MemberCentrePage,
  type MemberCentreView,
} from '../../../lib/member-centre-store';
import { isRealAccount, useSessionStore } from '../../../lib/session-store';
import { MEMBER_CENTRE_PAGES, type MemberCentrePageEntry } from '../pages';
import styles from './member-centre-panel.module.css';

/** Below this width the panel is full screen: the menu as a list, a chosen page with a back control. */
export const PHONE_QUERY = '(max-width: 767px)';

/** Each page's component, loaded through its chunk on first render (React.lazy over entry.load). */
const LAZY_PAGES: Partial<Record<MemberCentrePage, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  MEMBER_CENTRE_PAGES.map((entry) => [entry.key, lazy(entry.load)]),
);

function entryOf(key: MemberCentrePage | null): MemberCentrePageEntry | undefined {
  return MEMBER_CENTRE_PAGES.find((entry) => entry.key === key);
}

/**
 * A free-play guest (member info's isFreePlay, type 0) plays with play money only: like a trial (type 4) account it
 * gets the in_need_true_account warning (the server refuses the member centre's calls to both).
 */
function isFreePlayGuest(): boolean {
  const member = useSessionStore.getState().member as { isFreePlay?: boolean } | null;
  if (member?.isFreePlay !== true) return false;
  useAccountGateStore.getState().setTrueAccountWarningOpen(true);
  return true;
}

/** React Router keeps the position in the session's history in history.state.idx. */
function historyIndex(): number {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' ? state.idx : 0;
}

/**
 * The member centre (docs/product/member-centre.md#panel): a menu on the left and the chosen page on the right,
 * opened through lib/member-centre-store. The open page is the URL's `mc` search parameter, so a link opens it and
 * a reload keeps it. On a phone the panel is full screen; the browser's back button goes from a page to the menu,
 * then closes the panel: opening pushes the menu's entry and then the page's.
 */
export function MemberCentrePanel() {
  const { t } = useTranslation('member');
  const requested = useMemberCentreStore((state) => state.page);
  const mayOpen = useSessionStore(
    (state) =>
      state.isSignedIn &&
      isRealAccount(state.isAgent) &&
      (state.member as { isFreePlay?: boolean } | null)?.isFreePlay !== true,
  );
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);
  const closeMemberCentre = useMemberCentreStore((state) => state.closeMemberCentre);
  const location = useLocation();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const urlView = parseMemberCentreView(new URLSearchParams(location.search).get(MEMBER_CENTRE_PARAM));
  /** The history index of the entry the panel opened over, to go back to on close. */
  const openedAt = useRef<number | null>(null);
  /** The view last sent to the URL, so a re-run effect (StrictMode) does not push it twice. */
  const sent = useRef<MemberCentreView | 'closed' | undefined>(undefined);
  const previousUrlView = useRef(urlView);
  const wasOpen = useRef(false);

  function urlWith(view: MemberCentreView | null): string {
    const params = new URLSearchParams(location.search);
    if (view === null) params.delete(MEMBER_CENTRE_PARAM);
    else params.set(MEMBER_CENTRE_PARAM, view);
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
  }

  // The gate (docs/product/member-centre.md#who-may-open-it), however it opens: a link too.
  useEffect(() => {
    const isOpen = requested !== null;
    if (isOpen && !wasOpen.current && !(guardProtectedAction() && !isFreePlayGuest())) closeMemberCentre();
    wasOpen.current = isOpen && useMemberCentreStore.getState().page !== null;
  }, [requested, closeMemberCentre]);

  // The URL changed by itself (the back or forward button, a link): the store follows it.
  useEffect(() => {
    if (previousUrlView.current === urlView) return;
    previousUrlView.current = urlView;
    if (sent.current === urlView) return;
    sent.current = undefined;
    if (urlView === null) {
      openedAt.current = null;
      if (useMemberCentreStore.getState().page !== null) closeMemberCentre();
    } else {
      if (useMemberCentreStore.getState().page === null) openedAt.current = historyIndex() - 1;
      useMemberCentreStore.setState({ page: urlView });
    }
  }, [urlView, closeMemberCentre]);

  // The store asked for a view (a shell link, the menu, the close button): the URL follows it.
  useEffect(() => {
    // Read now: the gate above may have just refused it.
    const current = useMemberCentreStore.getState().page;
    if (current === null) {
      if (urlView === null || sent.current === 'closed') return;
      sent.current = 'closed';
      const depth = openedAt.current === null ? 0 : historyIndex() - openedAt.current;
      openedAt.current = null;
      if (depth > 0) void navigate(-depth);
      else void navigate(urlWith(null), { replace: true });
      return;
    }
    const target: MemberCentreView =
      current === MEMBER_CENTRE_MENU && !isPhone ? (defaultMemberCentrePage() ?? current) : current;
    if (openedAt.current === null) {
      // Opening, from a shell link or from a link's URL: then the link's entry becomes the one it opened over.
      if (sent.current === target) return;
      sent.current = target;
      if (urlView !== null) void navigate(urlWith(null), { replace: true });
      openedAt.current = historyIndex();
      const params = new URLSearchParams(location.search);
      const withView = (view: MemberCentreView) => {
        params.set(MEMBER_CENTRE_PARAM, view);
        return `${location.pathname}?${params.toString()}${location.hash}`;
      };
      if (isPhone && target !== MEMBER_CENTRE_MENU) void navigate(withView(MEMBER_CENTRE_MENU));
      void navigate(withView(target));
      return;
    }
    if (urlView === target || sent.current === target) return;
    sent.current = target;
    // On a phone a page chosen from the menu is a step the back button undoes; on a wide screen it replaces.
    void navigate(urlWith(target), { replace: !isPhone || target === MEMBER_CENTRE_MENU });
    // urlWith reads the location of this render, which the effect runs right after.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested, isPhone]);

  const view = urlView ?? requested;
  const activeKey: MemberCentrePage | null =
    view === null ? null : view === MEMBER_CENTRE_MENU ? (isPhone ? null : defaultMemberCentrePage()) : view;
  const active = entryOf(activeKey);
  const [loaded, setLoaded] = useState<ReadonlySet<MemberCentrePage>>(new Set());
  const [failed, setFailed] = useState<MemberCentrePage | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!active || loaded.has(active.key)) return;
    let isCurrent = true;
    active.load().then(
      () => isCurrent && setLoaded((keys) => new Set(keys).add(active.key)),
      () => isCurrent && setFailed(active.key),
    );
    return () => {
      isCurrent = false;
    };
  }, [active, loaded, attempt]);

  // The panel shows once its page has loaded (the menu list alone needs nothing); a loader before.
  const [hasShown, setHasShown] = useState(false);
  const isOpen = requested !== null;
  const isReady = !active || loaded.has(active.key) || failed === active.key;
  if (isOpen && isReady && !hasShown) setHasShown(true);
  if (!isOpen && hasShown) setHasShown(false);

  function choose(key: MemberCentrePage) {
    openMemberCentre(key);
  }

  function back() {
    const menuEntry = openedAt.current === null ? -1 : openedAt.current + 1;
    if (historyIndex() - 1 === menuEntry) void navigate(-1);
    else openMemberCentre();
  }

  if (isOpen && !hasShown) {
    // Who the gate will refuse sees no loader flash before its warning or the sign-in dialog.
    if (!mayOpen) return null;
    return (
      <div className={styles.loading} data-member-centre-loading>
        <PageLoader />
      </div>
    );
  }

  const showMenu = !isPhone || activeKey === null;
  const showPage = active !== undefined;
  const Page = active ? LAZY_PAGES[active.key] : undefined;
  const title = isPhone && active ? t(`menu.${active.key}`) : t('title');
  return (
    <RadixDialog.Root open={isOpen && hasShown} onOpenChange={(open) => !open && closeMemberCentre()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.panel}
          data-modal="memberCentre"
          data-view={isPhone ? (active ? 'page' : 'menu') : 'split'}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[data-panel-title]')?.focus();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <div className={styles.bar}>
            {isPhone && active && (
              <button type="button" className={styles.iconButton} onClick={back} aria-label={t('back')}>
                <Icon name="chevronRight" size={20} className={styles.backIcon} />
              </button>
            )}
            <RadixDialog.Title className={styles.title} tabIndex={-1} data-panel-title>
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close className={styles.iconButton} aria-label={t('close')}>
              <Icon name="close" size={20} />
            </RadixDialog.Close>
          </div>
          <div className={styles.columns}>
            {showMenu && (
              <nav className={styles.menu} aria-label={t('menuLabel')}>
                <ul>
                  {MEMBER_CENTRE_PAGES.map((entry) => (
                    <MenuEntry
                      key={entry.key}
                      entry={entry}
                      isActive={entry.key === activeKey}
                      onChoose={() => choose(entry.key)}
                    />
                  ))}
                </ul>
              </nav>
            )}
            {showPage && (
              <section className={styles.area} aria-label={active ? t(`menu.${active.key}`) : undefined}>
                {failed === active?.key ? (
                  <div className={styles.failed} role="alert">
                    <p>{t('loadFailed')}</p>
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setFailed(null);
                        setAttempt((count) => count + 1);
                      }}
                    >
                      {t('common:retry')}
                    </Button>
                  </div>
                ) : (
                  Page && (
                    <Suspense fallback={<PageLoader />}>
                      <Page key={active?.key} />
                    </Suspense>
                  )
                )}
              </section>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function MenuEntry({
  entry,
  isActive,
  onChoose,
}: {
  entry: MemberCentrePageEntry;
  isActive: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation('member');
  // Constant per entry: a hook the registry gives for this entry, or none.
  const count = entry.useBadge?.() ?? 0;
  return (
    <li>
      <button
        type="button"
        className={styles.entry}
        aria-current={isActive ? 'page' : undefined}
        onClick={onChoose}
        data-page={entry.key}
      >
        <span className={styles.label}>{t(`menu.${entry.key}`)}</span>
        {count > 0 && (
          <span className={styles.badge}>
            <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
            <span className="visually-hidden">{t('badge', { count })}</span>
          </span>
        )}
        <Icon name="chevronRight" size={16} className={styles.chevron} />
      </button>
    </li>
  );
}
