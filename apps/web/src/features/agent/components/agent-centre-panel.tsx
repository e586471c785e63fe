import * as RadixDialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { PageLoader } from '../../../components/ui/page-loader';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { guardProtectedAction } from '../../../lib/account-gate';
import { AGENT_CENTRE_MENU, useAgentCentreStore, type AgentCentrePage } from '../../../lib/agent-centre-store';
import { useBrand } from '../../../lib/brand';
import { useSessionStore } from '../../../lib/session-store';
import { isAgentType } from '../lib/agent-types';
import {
  AGENT_CENTRE_PAGES,
  defaultAgentCentrePage,
  visibleAgentCentrePages,
  type BuiltAgentCentrePageEntry,
} from '../pages';
import styles from './agent-centre-panel.module.css';

/** Below this width the panel is full screen: the menu as a list, a chosen page with a back control. */
export const PHONE_QUERY = '(max-width: 767px)';

/** Each built page's component, loaded through its chunk on first render (React.lazy over entry.load). */
const LAZY_PAGES: Partial<Record<AgentCentrePage, LazyExoticComponent<ComponentType>>> = Object.fromEntries(
  AGENT_CENTRE_PAGES.flatMap((entry) => (entry.load ? [[entry.key, lazy(entry.load)]] : [])),
);

/**
 * The agent centre (docs/product/agent-centre.md#panel): a menu on the left and the chosen page on the right, opened
 * from the avatar menu through lib/agent-centre-store. It shows once its page's chunk and first data have loaded, a
 * loader before. On a phone it is full screen: the menu as a list, a page with a back control to it.
 */
export function AgentCentrePanel() {
  const { t } = useTranslation('member-agent');
  const requested = useAgentCentreStore((state) => state.page);
  const openAgentCentre = useAgentCentreStore((state) => state.openAgentCentre);
  const closeAgentCentre = useAgentCentreStore((state) => state.closeAgentCentre);
  const type = useSessionStore((state) => state.isAgent);
  const token = useSessionStore((state) => state.token);
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const { isEnabled } = useBrand();
  const client = useQueryClient();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const visible = visibleAgentCentrePages(type, isEnabled);
  const mayOpen = isSignedIn && isAgentType(type);
  const wasOpen = useRef(false);

  // The gate (docs/product/agent-centre.md#who-may-open-it): a visitor gets the sign-in dialog, a trial (type 4)
  // account the in_need_true_account warning; any other non-agent has no agent centre (the server says NOT_AGENT).
  useEffect(() => {
    const isOpen = requested !== null;
    if (isOpen && !wasOpen.current && !(guardProtectedAction() && mayOpen)) closeAgentCentre();
    wasOpen.current = isOpen && useAgentCentreStore.getState().page !== null;
  }, [requested, mayOpen, closeAgentCentre]);

  // Signed out (or another account) while open: the panel goes with the session.
  useEffect(() => {
    if (!mayOpen && useAgentCentreStore.getState().page !== null && wasOpen.current) closeAgentCentre();
  }, [mayOpen, closeAgentCentre]);

  const fallback = defaultAgentCentrePage(visible);

  // On a wide screen the menu is always beside a page: opened without one, the panel stays on the default page, so a
  // window narrowed to a phone's width keeps showing it (with its back control to the menu).
  useEffect(() => {
    if (requested === AGENT_CENTRE_MENU && !isPhone && mayOpen && fallback) openAgentCentre(fallback);
  }, [requested, isPhone, mayOpen, fallback, openAgentCentre]);
  const activeKey: AgentCentrePage | null =
    requested === null
      ? null
      : requested === AGENT_CENTRE_MENU
        ? isPhone
          ? null
          : fallback
        : visible.some((entry) => entry.key === requested)
          ? requested
          : fallback;
  const active: BuiltAgentCentrePageEntry | undefined = visible.find((entry) => entry.key === activeKey);
  const [loaded, setLoaded] = useState<ReadonlySet<AgentCentrePage>>(new Set());
  const [failed, setFailed] = useState<AgentCentrePage | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!active || !mayOpen || loaded.has(active.key)) return;
    let isCurrent = true;
    // The chunk, and the page's first data beside it: a failed call still shows the page, with its error.
    const data = active.prefetch ? active.prefetch(client, token).catch(() => undefined) : Promise.resolve();
    Promise.all([active.load(), data]).then(
      () => isCurrent && setLoaded((keys) => new Set(keys).add(active.key)),
      () => isCurrent && setFailed(active.key),
    );
    return () => {
      isCurrent = false;
    };
  }, [active, mayOpen, loaded, attempt, client, token]);

  const [hasShown, setHasShown] = useState(false);
  const isOpen = requested !== null;
  const isReady = !active || loaded.has(active.key) || failed === active.key;
  if (isOpen && isReady && !hasShown) setHasShown(true);
  if (!isOpen && hasShown) setHasShown(false);

  if (isOpen && !hasShown) {
    // Who the gate will refuse sees no loader flash before its warning or the sign-in dialog.
    if (!mayOpen) return null;
    return (
      <div className={styles.loading} data-agent-centre-loading>
        <PageLoader />
      </div>
    );
  }

  const showMenu = !isPhone || activeKey === null;
  const Page = active ? LAZY_PAGES[active.key] : undefined;
  const title = isPhone && active ? t(`menu.${active.key}`) : t('title');
  return (
    <RadixDialog.Root open={isOpen && hasShown} onOpenChange={(open) => !open && closeAgentCentre()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.panel}
          data-modal="agentCentre"
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
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => openAgentCentre()}
                aria-label={t('back')}
              >
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
                  {visible.map((entry) => (
                    <li key={entry.key}>
                      <button
                        type="button"
                        className={styles.entry}
                        aria-current={entry.key === activeKey ? 'page' : undefined}
                        onClick={() => openAgentCentre(entry.key)}
                        data-page={entry.key}
                      >
                        <span className={styles.label}>{t(`menu.${entry.key}`)}</span>
                        <Icon name="chevronRight" size={16} className={styles.chevron} />
                      </button>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            {active && (
              <section className={styles.area} aria-label={t(`menu.${active.key}`)}>
                {failed === active.key ? (
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
                      <Page key={active.key} />
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
