import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../features/content/components/content-page';
import { HelpCentre } from '../../features/content/components/help-centre';
import { SupportChatInvite } from '../../features/support/components/support-chat-invite';
import { PageTitle } from '../../lib/page-title';

/**
 * /helpmc: the help centre with no header, menus or footer, for embedding in apps
 * (docs/product/site-shell-and-routes.md#help-centre).
 */
export function Component() {
  const { t } = useTranslation('content');
  return (
    <ContentPage bare>
      <PageTitle name={t('help.title')} />
      <HelpCentre />
      <SupportChatInvite />
    </ContentPage>
  );
}

export default Component;
