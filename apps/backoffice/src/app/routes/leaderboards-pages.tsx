import { useTranslation } from 'react-i18next';
import { LeaderboardsPage } from '../../features/leaderboards/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's leaderboards (decision 0056): the list and each period's standings with brand.read; adding, editing and
// switching off with brand.write (the page hides them without it; the server refuses them too).

export function LeaderboardsRoute() {
  const { t } = useTranslation('leaderboards');
  usePageTitle(t('page.title'));
  return (
    <RequirePermission permission="brand.read">
      <RequireBrand>{(brand) => <LeaderboardsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
