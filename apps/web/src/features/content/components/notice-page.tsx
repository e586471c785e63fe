import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand';
import { selectNotices, useAnnouncements } from '../api/get-announcements';
import { ContentStatus } from './content-status';
import { NoticeBrowser } from './notice-browser';
import styles from './notice-page.module.css';

/** The full notice list of /noticePage: the notice modal's list and detail, as a page. */
export function NoticePage() {
  const { t } = useTranslation('content');
  const { brand } = useBrand();
  const announcements = useAnnouncements();
  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('notices.pageTitle')}</h1>
        <p className={styles.intro}>{t('notices.pageIntro')}</p>
      </header>
      {announcements.data ? (
        <NoticeBrowser
          notices={selectNotices(announcements.data)}
          timeZone={brand.timeZone}
          showEnds
          headingLevel={2}
        />
      ) : (
        <ContentStatus query={announcements} />
      )}
    </div>
  );
}
