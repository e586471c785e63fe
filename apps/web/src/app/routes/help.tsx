import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../features/content/components/content-page';
import { HelpCentre } from '../../features/content/components/help-centre';
import { FeedbackForm } from '../../features/member/pages/message-v2/components/feedback-form';
import { SupportChatInvite } from '../../features/support/components/support-chat-invite';
import { PageTitle } from '../../lib/page-title';

/**
 * /help: the help centre by category; #terms is the terms (docs/product/site-shell-and-routes.md#help-centre). Then a
 * way to a person, the support chat (docs/product/site-shell-and-routes.md#support-chat). Its end, #feedback, is the
 * feedback form, for a visitor as for a member (docs/product/member-centre.md#feedback).
 */
export function Component() {
  const { t } = useTranslation('content');
  return (
    <ContentPage>
      <PageTitle name={t('help.title')} />
      <HelpCentre />
      <SupportChatInvite />
      <section id="feedback">
        <FeedbackForm headingLevel={2} />
      </section>
    </ContentPage>
  );
}

export default Component;
