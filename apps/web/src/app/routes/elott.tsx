import { useTranslation } from 'react-i18next';
import { VendorPage } from '../parts/vendor-page';

/** /elott: e-lottery and lottery vendors (ELOTT and LOTT share this entry, spec 01 §2). */
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
