import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../features/content/components/content-page';
import { HelpCentre } from '../../features/content/components/help-centre';
import { PageTitle } from '../../lib/page-title';

/** /help: the help centre by category; #terms is the terms (docs/product/site-shell-and-routes.md#help-centre). */
export function Component() {
  const { t } = useTranslation('content');
  return (
    <ContentPage>
      <PageTitle name={t('help.title')} />
      <HelpCentre />
    </ContentPage>
  );
}

export default Component;
