import { useTranslation } from 'react-i18next';
import { DepositQueuePage, PaymentMethodsPage } from '../../features/cashier/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's deposits (decision 0039), one chunk: the deposit queue and the payment methods.

export function DepositsRoute() {
  const { t } = useTranslation('cashier');
  usePageTitle(t('queue.title'));
  return (
    <RequirePermission permission="deposits.read">
      <RequireBrand>{(brand) => <DepositQueuePage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function PaymentMethodsRoute() {
  const { t } = useTranslation('cashier');
  usePageTitle(t('methods.title'));
  return (
    <RequirePermission permission="deposits.read">
      <RequireBrand>{(brand) => <PaymentMethodsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
