import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader';
import { SignInFlow } from '../../features/session/index';
import { usePageTitle } from '../../lib/page-title';
import { safeReturnPath } from '../../lib/return-to';
import { useSessionQuery } from '../../lib/session';
import { OutsideFrame } from '../layout/outside-frame';

/** Sign-in; back to the page the operator was on (`?next=`) once signed in. */
export function SignInPage() {
  const { t } = useTranslation('session');
  usePageTitle(t('signIn.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSessionQuery();
  const next = safeReturnPath(params.get('next'));
  if (session.isPending) return <PageLoader fullScreen />;
  // Signed in already (another tab, or Back after signing in): nothing to do here.
  if (session.data) return <Navigate to={next} replace />;
  return (
    <OutsideFrame>
      <SignInFlow initialLogin={params.get('login') ?? ''} onSignedIn={() => void navigate(next, { replace: true })} />
    </OutsideFrame>
  );
}
