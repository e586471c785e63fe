import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { useBrand } from '../../lib/brand';
import { PageTitle } from '../../lib/page-title';

/**
 * /esports: the brand's e-sports list (docs/product/site-shell-and-routes.md#brand-configuration); the demo
 * brand's list is empty.
 */
export function Component() {
  const { t } = useTranslation('shell');
  const { brand } = useBrand();
  return (
    <>
      <PageTitle name={t('categories.ESPORTS')} />
      <PageHeader icon="esports" title={t('categories.ESPORTS')} subtitle={t('pages.esportsText')} />
      {brand.esportsList.length > 0 ? (
        <ul>
          {brand.esportsList.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : (
        <EmptyState icon="esports" title={t('pages.noEsports')} text={t('pages.noEsportsText')} />
      )}
    </>
  );
}
