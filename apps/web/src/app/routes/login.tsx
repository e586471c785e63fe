import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useModalStore } from '../../lib/modal-store';
import { PageTitle } from '../../lib/page-title';
import { useSessionStore } from '../../lib/session-store';
import { LoginPanel } from '../feature-slots';
import { SignInPrompt } from '../parts/sign-in-prompt';
import { PageHeader } from '../../components/ui/page-header';

/**
 * /login: where the 'logged-in to home page' rule sends a visitor without a session
 * (docs/product/site-shell-and-routes.md#redirect-rule).
 */
export function Component() {
  const { t } = useTranslation('shell');
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const openModal = useModalStore((state) => state.openModal);
  useEffect(() => {
    if (!isSignedIn) openModal('loginPopupModal', {});
  }, [isSignedIn, openModal]);
  if (isSignedIn) return <Navigate to="/" replace />;
  return (
    <>
      <PageTitle name={t('pages.loginTitle')} />
      <PageHeader icon="lock" title={t('pages.loginTitle')} subtitle={t('pages.loginText')} />
      <LoginPanel.Component fallback={<SignInPrompt icon="user" title={t('pages.loginPrompt')} />} />
    </>
  );
}
