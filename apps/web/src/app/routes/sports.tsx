import { useTranslation } from 'react-i18next';
import { VendorPage } from '../parts/vendor-page';

/**
 * /sports: the sports vendors; a vendor opens its sportsbook directly
 * (docs/product/games-and-wallet.md#opening-a-vendor).
 */
export function Component() {
  const { t } = useTranslation('shell');
  return (
    <VendorPage gameTypes={['SPORTS']} icon="sports" title={t('categories.SPORTS')} subtitle={t('pages.sportsText')} />
  );
}
