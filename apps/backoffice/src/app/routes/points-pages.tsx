import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PointLedgerPage, PointSettingsPage } from '../../features/points/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's points (decision 0044), one chunk: the rates and period, and a member's ledger with adjustments.

export function PointsPage() {
  const { t } = useTranslation('points');
  usePageTitle(t('settings.title'));
  return (
    <RequirePermission permission="points.read">
      <RequireBrand>{(brand) => <PointSettingsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function PointLedgerRoute() {
  const { t } = useTranslation('points');
  const { memberId = '' } = useParams();
  usePageTitle(t('ledger.title'));
  const id = /^\d{1,15}$/.test(memberId) ? Number(memberId) : 0;
  return (
    <RequirePermission permission="points.read">
      <RequireBrand>{(brand) => <PointLedgerPage key={id} brand={brand.code} memberId={id} />}</RequireBrand>
    </RequirePermission>
  );
}
