import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { useModalStore } from '../../lib/modal-store';
import { PageTitle } from '../../lib/page-title';
import { useSessionStore } from '../../lib/session-store';

/**
 * /register and /register.html (?referralCode=, or an agent's ?affiliateCode=, decision 0064): opens the register
 * dialog with the code (docs/product/site-shell-and-routes.md#routes).
 */
export function Component() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const referralCode = params.get('referralCode') ?? undefined;
  const affiliateCode = params.get('affiliateCode') ?? undefined;
  const code = affiliateCode ?? referralCode;
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const openModal = useModalStore((state) => state.openModal);
  useEffect(() => {
    if (!isSignedIn) openModal('registerModal', { referralCode, affiliateCode });
  }, [isSignedIn, openModal, referralCode, affiliateCode]);
  if (isSignedIn) return <Navigate to="/" replace />;
  return (
    <>
      <PageTitle name={t('pages.registerTitle')} />
      <PageHeader icon="user" title={t('pages.registerTitle')} subtitle={t('pages.registerText')} />
      <EmptyState
        icon="gift"
        title={t('pages.registerPrompt')}
        text={code ? t('pages.referralApplied', { code }) : undefined}
        action={
          <Button onClick={() => openModal('registerModal', { referralCode, affiliateCode })}>{t('register')}</Button>
        }
      />
    </>
  );
}
