import { useTranslation } from 'react-i18next';
import { WithdrawalQueuePage, WithdrawalSettingsPage } from '../../features/withdrawals/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's withdrawals (decision 0041), one chunk: the queues with their risk flags and cases, and the settings.

export function WithdrawalsPage() {
  const { t } = useTranslation('withdrawals');
  usePageTitle(t('queue.title'));
  return (
    <RequirePermission permission="withdrawals.read">
      <RequireBrand>{(brand) => <WithdrawalQueuePage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function WithdrawalSettingsRoute() {
  const { t } = useTranslation('withdrawals');
  usePageTitle(t('settings.title'));
  return (
    <RequirePermission permission="withdrawals.read">
      <RequireBrand>{(brand) => <WithdrawalSettingsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
