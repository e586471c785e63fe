import { lazy, Suspense } from 'react';
import { useAccountGateStore } from '../../../lib/account-gate';
import { useModalStore } from '../../../lib/modal-store';
import { useAuthFlowStore } from '../lib/auth-flow-store';

// Each dialog, with jose, altcha-lib, react-hook-form and the zod schemas, loads when it first opens:
// none of it is in the lobby's first bundle (bench/web budget).
const LoginDialog = lazy(() => import('./login-dialog').then((module) => ({ default: module.LoginDialog })));
const RegisterDialog = lazy(() => import('./register-dialog').then((module) => ({ default: module.RegisterDialog })));
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((module) => ({ default: module.ForgotPasswordDialog })),
);
const ChangePasswordDialog = lazy(() =>
  import('./change-password-dialog').then((module) => ({ default: module.ChangePasswordDialog })),
);
const LoginVerificationDialog = lazy(() =>
  import('./login-verification-dialog').then((module) => ({ default: module.LoginVerificationDialog })),
);
const WelcomeDialog = lazy(() => import('./welcome-dialog').then((module) => ({ default: module.WelcomeDialog })));
const AccountWarningDialog = lazy(() =>
  import('./account-warning-dialog').then((module) => ({ default: module.AccountWarningDialog })),
);

/**
 * The account dialogs (docs/product/site-shell-and-routes.md#dialogs), mounted where the shell's modal
 * host expects them.
 */
export function AuthModals() {
  const current = useModalStore((state) => state.current?.name);
  const hasChallenge = useAuthFlowStore((state) => state.challenge !== null);
  const isWarningOpen = useAccountGateStore((state) => state.isTrueAccountWarningOpen);
  return (
    <Suspense fallback={null}>
      {current === 'loginPopupModal' && <LoginDialog />}
      {current === 'registerModal' && <RegisterDialog />}
      {current === 'forgetPassModal' && <ForgotPasswordDialog />}
      {current === 'changePassModal' && <ChangePasswordDialog />}
      {current === 'welcomeModal' && <WelcomeDialog />}
      {hasChallenge && <LoginVerificationDialog />}
      {isWarningOpen && <AccountWarningDialog />}
    </Suspense>
  );
}
