import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { addKoreanTexts } from '../../../i18n';
import texts from '../../../i18n/locales/ko/support.json';
import { openSupportChat } from '../open-support-chat';
import styles from './support-chat-invite.module.css';

addKoreanTexts('support', texts);

/** The help page's way out (docs/product/site-shell-and-routes.md#support-chat): a person, not another page. */
export function SupportChatInvite() {
  const { t } = useTranslation('support');
  return (
    <section className={styles.invite} aria-labelledby="support-invite-heading">
      <div>
        <h2 id="support-invite-heading" className={styles.heading}>
          {t('helpHeading')}
        </h2>
        <p className={styles.intro}>{t('helpIntro')}</p>
      </div>
      <Button onClick={() => void openSupportChat()}>{t('helpAction')}</Button>
    </section>
  );
}
