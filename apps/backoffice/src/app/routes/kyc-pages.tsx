import { useTranslation } from 'react-i18next';
import { CashierSettingsPage, KycQueuePage } from '../../features/kyc/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's identity checks and its KYC and upline-transfer settings (decision 0043), one chunk.

export function KycRoute() {
  const { t } = useTranslation('kyc');
  usePageTitle(t('queue.title'));
  return (
    <RequirePermission permission="kyc.review">
      <RequireBrand>{(brand) => <KycQueuePage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function CashierSettingsRoute() {
  const { t } = useTranslation('kyc');
  usePageTitle(t('settings.title'));
  return (
    <RequirePermission permission="brand.read">
      <RequireBrand>{(brand) => <CashierSettingsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
