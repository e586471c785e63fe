import { useTranslation } from 'react-i18next';
import { BrandSettingsPage } from '../../features/brand/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

export function BrandPage() {
  const { t } = useTranslation('brand');
  usePageTitle(t('title'));
  return (
    <RequirePermission permission="brand.read">
      <RequireBrand>{(brand) => <BrandSettingsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
