import { useTranslation } from 'react-i18next';
import { MissionsPage } from '../../features/missions/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's missions (decision 0054): the list and this period's counts with brand.read; adding, editing and switching
// off with brand.write (the page hides them without it; the server refuses them too).

export function MissionsRoute() {
  const { t } = useTranslation('missions');
  usePageTitle(t('page.title'));
  return (
    <RequirePermission permission="brand.read">
      <RequireBrand>{(brand) => <MissionsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
