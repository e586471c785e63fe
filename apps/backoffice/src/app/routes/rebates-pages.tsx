import { useTranslation } from 'react-i18next';
import { RebatesPage } from '../../features/rebates/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's cashback (decision 0051), one chunk: the period and auto-pay, the levels' rates, the rebates paid.

export function RebatesRoute() {
  const { t } = useTranslation('rebates');
  usePageTitle(t('title'));
  return (
    <RequirePermission permission="deposits.read">
      <RequireBrand>{(brand) => <RebatesPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
