import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../features/content/components/content-page';
import { NoticePage } from '../../features/content/components/notice-page';
import { PageTitle } from '../../lib/page-title';

/** /noticePage: every notice, 9 a page, with the selected one beside the list. */
export function Component() {
  const { t } = useTranslation('content');
  return (
    <ContentPage>
      <PageTitle name={t('notices.pageTitle')} />
      <NoticePage />
    </ContentPage>
  );
}

export default Component;
