import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Pagination } from '../../../../components/ui/pagination';
import { useBrand } from '../../../../lib/brand';
import { formatNoticeTime } from '../../../../lib/format-notice-time';
import { SanitizedHtml } from '../../../../components/ui/sanitized-html';
import { useAgentAnnouncements, useReadAgentAnnouncement } from './api/agent-announcements';
import styles from './agent-announcement.module.css';

/**
 * agentAnnouncement (docs/product/agent-centre.md#announcements): the operator's announcements to agents, newest
 * first, 9 a page; each opens in place with its HTML (sanitised again here), and opening an unread one marks it read.
 */
export default function AgentAnnouncementPage() {
  const { t } = useTranslation('member-agent');
  const { brand } = useBrand();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useAgentAnnouncements(page);
  const markRead = useReadAgentAnnouncement();

  const header = (
    <header className={styles.header}>
      <h2 className={styles.title}>{t('announcements.title')}</h2>
      <p className={styles.intro}>
        {list.data && list.data.unread > 0
          ? t('announcements.introUnread', { count: list.data.unread })
          : t('announcements.intro')}
      </p>
    </header>
  );
  if (list.isError) {
    return (
      <div className={styles.page}>
        {header}
        <div className={styles.error} role="alert">
          <p>{list.error.message}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (!list.data) {
    return (
      <div className={styles.page}>
        {header}
        <p className={styles.muted} aria-busy="true">
          {t('loading')}
        </p>
      </div>
    );
  }

  const { items, total, pageSize } = list.data;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const open = (id: number, read: boolean) => {
    setOpenId(openId === id ? null : id);
    if (!read && !markRead.isPending) markRead.mutate(id);
  };
  return (
    <div className={styles.page}>
      {header}
      {items.length === 0 ? (
        <EmptyState compact icon="info" title={t('announcements.empty')} />
      ) : (
        <ul className={styles.list} aria-label={t('announcements.listLabel')}>
          {items.map((notice) => {
            const isOpen = openId === notice.id;
            return (
              <li
                key={notice.id}
                className={styles.item}
                data-unread={!notice.read || undefined}
                data-testid="agent-announcement"
              >
                <button
                  type="button"
                  className={styles.itemHead}
                  aria-expanded={isOpen}
                  aria-controls={`agent-announcement-${notice.id}`}
                  onClick={() => open(notice.id, notice.read)}
                >
                  <span className={styles.dot} aria-hidden="true" />
                  <span className={styles.itemTitle}>
                    {!notice.read && <span className="visually-hidden">{t('announcements.unread')} </span>}
                    {notice.title}
                  </span>
                  <time className={styles.time} dateTime={notice.timestamp}>
                    {formatNoticeTime(notice.timestamp, brand.timeZone)}
                  </time>
                </button>
                {isOpen && (
                  <div id={`agent-announcement-${notice.id}`} className={styles.itemBody}>
                    <SanitizedHtml html={notice.content} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {pageCount > 1 && (
        <Pagination
          pageCount={pageCount}
          page={Math.min(page, pageCount)}
          onPageChange={(next) => {
            setPage(next);
            setOpenId(null);
          }}
          previousLabel={t('announcements.previous')}
          nextLabel={t('announcements.next')}
          label={t('announcements.pages')}
          pageLabel={(n) => t('announcements.page', { page: n })}
        />
      )}
    </div>
  );
}
