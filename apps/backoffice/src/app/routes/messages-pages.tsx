import { useTranslation } from 'react-i18next';
import { FeedbackInbox, MessagesConsole } from '../../features/messages/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

export function MessagesPage() {
  const { t } = useTranslation('messages');
  usePageTitle(t('title'));
  return (
    <RequirePermission permission="messages.read">
      <RequireBrand>{(brand) => <MessagesConsole brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function FeedbackPage() {
  const { t } = useTranslation('messages');
  usePageTitle(t('feedback.title'));
  return (
    <RequirePermission permission="messages.read">
      <RequireBrand>{(brand) => <FeedbackInbox brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
