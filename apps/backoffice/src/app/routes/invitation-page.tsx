import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InvitationForm } from '../../features/session/index';
import { usePageTitle } from '../../lib/page-title';
import { OutsideFrame } from '../layout/outside-frame';

/** The invitation link's page (INVITATION_PAGE_PATH, `?token=`): choose a password, then sign in. */
export function InvitationPage() {
  const { t } = useTranslation('session');
  usePageTitle(t('invitation.title'));
  const [params] = useSearchParams();
  return (
    <OutsideFrame>
      <InvitationForm token={params.get('token') ?? ''} />
    </OutsideFrame>
  );
}
