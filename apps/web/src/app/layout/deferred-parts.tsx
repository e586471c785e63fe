import { lazy, Suspense, useEffect, useState } from 'react';
import { useNearViewport } from '../../hooks/use-near-viewport';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useAccountGateStore } from '../../lib/account-gate';
import { useAgentCentreStore } from '../../lib/agent-centre-store';
import { useMemberCentreStore } from '../../lib/member-centre-store';
import { useSessionEndStore } from '../../lib/session-end';
import { useSessionStore } from '../../lib/session-store';
import { useModalStore, type ModalName } from '../../lib/modal-store';
import { useUiStore, WIDE_SCREEN_QUERY } from '../../lib/ui-store';
import { resetTokenAtStart } from '../../features/auth/lib/reset-link';
import { AgentCentre, AuthModals, MemberCentre, ProtectionNotices } from '../feature-slots';

/*
 * Parts of the shell a phone does not need for its first screen load only when they are needed,
 * so the lobby's first JavaScript stays within its budget (150 KB gzip).
 */
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));
const RightBar = lazy(() => import('./right-bar').then((module) => ({ default: module.RightBar })));
const NoticeModal = lazy(() =>
  import('../../features/content/components/notice-modal').then((module) => ({ default: module.NoticeModal })),
);
const ShellSignedInArea = lazy(() =>
  import('./shell-signed-in-area').then((module) => ({ default: module.ShellSignedInArea })),
);
const LogoutConfirm = lazy(() => import('./logout-confirm').then((module) => ({ default: module.LogoutConfirm })));

/** The footer, loaded as it nears the viewport. */
export function DeferredFooter() {
  const [ref, isNear] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} style={{ minHeight: isNear ? undefined : 320 }}>
      {isNear && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
    </div>
  );
}

/** The right bar exists on wide screens only. */
export function DeferredRightBar() {
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  if (!isWide) return null;
  return (
    <Suspense fallback={null}>
      <RightBar />
    </Suspense>
  );
}

/** Mounts a part the first time `isWanted` is true and keeps it mounted, so it can animate closed. */
function useOnceTrue(isWanted: boolean) {
  const [hasBeenWanted, setHasBeenWanted] = useState(isWanted);
  if (isWanted && !hasBeenWanted) setHasBeenWanted(true);
  return hasBeenWanted || isWanted;
}

const AUTH_MODALS: ModalName[] = ['changePassModal', 'forgetPassModal', 'loginPopupModal', 'registerModal'];

/** Every product modal, each loaded the first time it is opened through lib/modal-store. */
export function ShellModals() {
  const current = useModalStore((state) => state.current?.name);
  const isLogoutOpen = useUiStore((state) => state.isLogoutConfirmOpen);
  // The auth feature also renders the in_need_true_account warning of lib/account-gate.
  const isTrueAccountWarningOpen = useAccountGateStore((state) => state.isTrueAccountWarningOpen);
  const needsAuth = useOnceTrue((current !== undefined && AUTH_MODALS.includes(current)) || isTrueAccountWarningOpen);
  const needsNotice = useOnceTrue(current === 'noticeModal');
  const needsLogout = useOnceTrue(isLogoutOpen);
  const needsMemberCentre = useOnceTrue(useMemberCentreStore((state) => state.page !== null));
  const needsAgentCentre = useOnceTrue(useAgentCentreStore((state) => state.page !== null));
  // The reality check runs while a member is signed in; a session protection ended says why after.
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const hasEndReason = useSessionEndStore((state) => state.reason !== null);
  const needsProtection = useOnceTrue(isSignedIn || hasEndReason);
  useEffect(() => {
    // The e-mailed reset link opens the set-new-password dialog (docs/product/accounts.md#recovery-by-e-mail).
    if (resetTokenAtStart) useModalStore.getState().openModal('forgetPassModal', { resetToken: resetTokenAtStart });
  }, []);
  return (
    <Suspense fallback={null}>
      {needsAuth && <AuthModals.Component />}
      {needsNotice && <NoticeModal />}
      {needsLogout && <LogoutConfirm />}
      {needsMemberCentre && <MemberCentre.Component />}
      {needsAgentCentre && <AgentCentre.Component />}
      {needsProtection && <ProtectionNotices.Component />}
    </Suspense>
  );
}

/** The shell's own signed-in area, loaded once someone is signed in. */
export function DeferredSignedInArea() {
  return (
    <Suspense fallback={null}>
      <ShellSignedInArea />
    </Suspense>
  );
}
