import { useTranslation } from 'react-i18next';
import { VipChangesPage, VipLevelsPage, VipMembersPage } from '../../features/vip/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's VIP ranks (decision 0046), one chunk: levels and benefits, members by level, level changes.

export function VipLevelsRoute() {
  const { t } = useTranslation('vip');
  usePageTitle(t('levels.title'));
  return (
    <RequirePermission permission="vip.read">
      <RequireBrand>{(brand) => <VipLevelsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function VipMembersRoute() {
  const { t } = useTranslation('vip');
  usePageTitle(t('members.title'));
  return (
    <RequirePermission permission="vip.read">
      <RequireBrand>{(brand) => <VipMembersPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function VipChangesRoute() {
  const { t } = useTranslation('vip');
  usePageTitle(t('changes.title'));
  return (
    <RequirePermission permission="vip.read">
      <RequireBrand>{(brand) => <VipChangesPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
