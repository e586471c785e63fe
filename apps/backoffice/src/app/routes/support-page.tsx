import { useTranslation } from 'react-i18next';
import { SupportInbox } from '../../features/support/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

export function SupportPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('title'));
  return (
    <RequirePermission permission="messages.read">
      <RequireBrand>{(brand) => <SupportInbox brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
