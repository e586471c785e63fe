import { useTranslation } from 'react-i18next';
import { MemberBonusesPage, PromotionsPage } from '../../features/bonuses/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's bonuses (decision 0050), one chunk: its promotions and their rules, its members' bonuses and progress.

export function PromotionsRoute() {
  const { t } = useTranslation('bonuses');
  usePageTitle(t('promotions.title'));
  return (
    <RequirePermission permission="brand.read">
      <RequireBrand>{(brand) => <PromotionsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function MemberBonusesRoute() {
  const { t } = useTranslation('bonuses');
  usePageTitle(t('members.title'));
  return (
    <RequirePermission permission="players.read">
      <RequireBrand>{(brand) => <MemberBonusesPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
