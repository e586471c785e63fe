import { useTranslation } from 'react-i18next';
import { IpAllowListEditor } from '../../features/ip-allow-list/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

export function IpAllowListPage() {
  const { t } = useTranslation('access');
  usePageTitle(t('title'));
  return (
    <RequirePermission permission="operators.read">
      <RequireBrand>{(brand) => <IpAllowListEditor brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
