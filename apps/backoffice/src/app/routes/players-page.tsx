import { useTranslation } from 'react-i18next';
import { PlayersSearch } from '../../features/players/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

export function PlayersPage() {
  const { t } = useTranslation('players');
  usePageTitle(t('list.title'));
  return (
    <RequirePermission permission="players.read">
      <RequireBrand>{(brand) => <PlayersSearch brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
