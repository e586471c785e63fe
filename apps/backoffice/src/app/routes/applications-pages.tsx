import { useTranslation } from 'react-i18next';
import { ApplicationsPage } from '../../features/applications/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's members' applications to its application promotions (decision 0052): the list and images with
// players.read, the decisions with players.money (the page hides them without it; the server refuses them too).

export function ApplicationsRoute() {
  const { t } = useTranslation('applications');
  usePageTitle(t('page.title'));
  return (
    <RequirePermission permission="players.read">
      <RequireBrand>{(brand) => <ApplicationsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
