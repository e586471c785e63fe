import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-messages.json';
import { useUnreadCount } from './api/get-unread-count';
import { FeedbackForm } from './components/feedback-form';
import { Mailbox } from './components/mailbox';
import { Notices } from './components/notices';
import styles from './message-v2.module.css';

// The Korean texts of this page come with its chunk (decision 0008).
addKoreanTexts('member-messages', texts);

const TABS = ['mailbox', 'notices', 'feedback'] as const;
type Tab = (typeof TABS)[number];

/**
 * messageV2, platform information (docs/product/member-centre.md#messages): my mailbox, the brand's notices, and
 * the feedback form. The unread count follows the member's socket.
 */
export default function MessagesPage() {
  const { t } = useTranslation('member-messages');
  const [tab, setTab] = useState<Tab>('mailbox');
  const unread = useUnreadCount();

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('title')}</h2>
      </header>
      <div role="tablist" aria-label={t('title')} className={styles.tabs}>
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`messages-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`messages-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(key)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next =
                TABS[(TABS.indexOf(key) + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
              setTab(next);
              document.getElementById(`messages-tab-${next}`)?.focus();
            }}
          >
            {t(`tabs.${key}`)}
            {key === 'mailbox' && unread !== undefined && unread > 0 && (
              <span className={styles.badge} aria-label={t('unread', { count: unread })}>
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </button>
        ))}
      </div>
      <section
        role="tabpanel"
        id={`messages-panel-${tab}`}
        aria-labelledby={`messages-tab-${tab}`}
        className={styles.panel}
      >
        {tab === 'mailbox' && <Mailbox unreadCount={unread} />}
        {tab === 'notices' && <Notices />}
        {tab === 'feedback' && <FeedbackForm />}
      </section>
    </div>
  );
}
