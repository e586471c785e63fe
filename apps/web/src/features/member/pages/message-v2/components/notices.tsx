import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { EmptyState } from '../../../../../components/ui/empty-state';
import { Pagination } from '../../../../../components/ui/pagination';
import { useNotices } from '../api/get-notices';
import styles from '../message-v2.module.css';

/** Notices a page: as the notice list (docs/product/constants.md, NOTICE_PAGE_SIZE). */
const NOTICES_PER_PAGE = 9;

/** A notice's HTML (sanitised on save by the server) as text: the list shows it plain. */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/** Platform information: the brand's notices, 9 a page, each opening in place. */
export function Notices() {
  const { t, i18n } = useTranslation('member-messages');
  const notices = useNotices();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);

  if (notices.isError) {
    return (
      <EmptyState
        icon="info"
        title={t('error.title')}
        action={
          <Button variant="secondary" onClick={() => void notices.refetch()}>
            {t('error.retry')}
          </Button>
        }
      />
    );
  }
  if (!notices.data) return <p className={styles.muted}>{t('loading')}</p>;
  if (notices.data.length === 0) return <EmptyState compact icon="info" title={t('notices.empty')} />;

  const pageCount = Math.max(1, Math.ceil(notices.data.length / NOTICES_PER_PAGE));
  const current = Math.min(page, pageCount);
  const rows = notices.data.slice((current - 1) * NOTICES_PER_PAGE, current * NOTICES_PER_PAGE);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div className={styles.mailbox}>
      <ul className={styles.list} aria-label={t('tabs.notices')}>
        {rows.map((notice) => {
          const isOpen = openId === notice.id;
          return (
            <li key={notice.id} className={styles.item}>
              <button
                type="button"
                className={styles.itemHead}
                aria-expanded={isOpen}
                aria-controls={`notice-${notice.id}`}
                onClick={() => setOpenId(isOpen ? null : notice.id)}
              >
                <span className={styles.itemTitle}>{notice.title}</span>
                <time className={styles.time} dateTime={notice.timestamp}>
                  {new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(notice.timestamp))}
                </time>
              </button>
              {isOpen && (
                <div id={`notice-${notice.id}`} className={styles.itemBody}>
                  <p className={styles.body}>{textOf(notice.content)}</p>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {pageCount > 1 && (
        <Pagination
          pageCount={pageCount}
          page={current}
          onPageChange={setPage}
          previousLabel={t('pages.previous')}
          nextLabel={t('pages.next')}
          label={t('pages.label')}
          pageLabel={(n) => t('pages.page', { page: n })}
        />
      )}
    </div>
  );
}
