import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../features/content/components/content-page';
import { JoinUs } from '../../features/content/components/join-us';
import { PageTitle } from '../../lib/page-title';

/** /join: the join-us (affiliate) page. */
export function Component() {
  const { t } = useTranslation('guides');
  return (
    <ContentPage>
      <PageTitle name={t('join.title')} />
      <JoinUs />
    </ContentPage>
  );
}

export default Component;
