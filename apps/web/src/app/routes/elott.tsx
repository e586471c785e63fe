import { useTranslation } from 'react-i18next';
import { VendorPage } from '../parts/vendor-page';

/**
 * /elott: e-lottery and lottery vendors (ELOTT and LOTT share this entry,
 * docs/product/site-shell-and-routes.md#routes).
 */
export function Component() {
  const { t } = useTranslation('shell');
  return (
    <VendorPage
      gameTypes={['ELOTT', 'LOTT']}
      icon="lottery"
      title={t('categories.ELOTT')}
      subtitle={t('pages.elottText')}
    />
  );
}
