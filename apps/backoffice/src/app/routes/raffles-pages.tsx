import { useTranslation } from 'react-i18next';
import { RafflesPage } from '../../features/raffles/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's raffles (docs/decisions/0055-raffles.md): the list and each draw with brand.read; adding, editing and
// switching off with brand.write (the page hides them without it; the server refuses them too).

export function RafflesRoute() {
  const { t } = useTranslation('raffles');
  usePageTitle(t('page.title'));
  return (
    <RequirePermission permission="brand.read">
      <RequireBrand>{(brand) => <RafflesPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
