import type { Announcement } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { Pagination } from '../../../components/ui/pagination';
import { formatNoticeTime } from '../../../lib/format-notice-time';
import styles from './notice-browser.module.css';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';

/** Notices per page (docs/product/site-shell-and-routes.md#notice-modal). */
export const NOTICE_PAGE_SIZE = 9;
/** Pagination of the notice list (docs/product/site-shell-and-routes.md#notice-modal). */
export const NOTICE_PAGE_RANGE = 3;
export const NOTICE_MARGIN_PAGES = 1;

export interface NoticeBrowserProps {
  notices: Announcement[];
  /** The notice to open on: the list starts on its page with it selected. */
  initialNoticeId?: number;
  timeZone?: string;
  /** Show the first/last page buttons as well (optional: docs/product/site-shell-and-routes.md#notice-modal). */
  showEnds?: boolean;
  /** Heading level of the selected notice's title: 2 on a page, 3 inside a titled modal. */
  headingLevel?: 2 | 3;
}

/** Wide enough that the list and the selected notice sit side by side. */
const SIDE_BY_SIDE = '(min-width: 768px)';

function findStart(notices: Announcement[], noticeId: number | undefined) {
  const index = noticeId === undefined ? -1 : notices.findIndex((notice) => notice.id === noticeId);
  if (index >= 0) return { page: Math.floor(index / NOTICE_PAGE_SIZE) + 1, selectedId: noticeId ?? null };
  // Side by side, an empty reading pane wastes the screen: start on the newest notice instead.
  const isWide = typeof window.matchMedia === 'function' && window.matchMedia(SIDE_BY_SIDE).matches;
  return { page: 1, selectedId: isWide ? (notices[0]?.id ?? null) : null };
}

/**
 * The notice list (9 a page) beside the selected notice's title, time and content. On a narrow
 * screen the list and the notice take turns, with a way back to the list.
 */
export function NoticeBrowser({
  notices,
  initialNoticeId,
  timeZone,
  showEnds = false,
  headingLevel = 3,
}: NoticeBrowserProps) {
  const { t } = useTranslation('content');
  const [start] = useState(() => findStart(notices, initialNoticeId));
  const [page, setPage] = useState(start.page);
  const [selectedId, setSelectedId] = useState<number | null>(start.selectedId);

  const pageCount = Math.max(1, Math.ceil(notices.length / NOTICE_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const rows = notices.slice((currentPage - 1) * NOTICE_PAGE_SIZE, currentPage * NOTICE_PAGE_SIZE);
  const selected = notices.find((notice) => notice.id === selectedId) ?? null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  if (notices.length === 0) {
    return (
      <div className={styles.empty}>
        <Icon name="mail" size={32} />
        <p>{t('notices.empty')}</p>
      </div>
    );
  }

  return (
    <div className={styles.container}>
      <div className={styles.root} data-view={selected ? 'detail' : 'list'}>
        <div className={styles.listPane}>
          <ol className={styles.list} aria-label={t('notices.listLabel', { page: currentPage, pages: pageCount })}>
            {rows.map((notice) => (
              <li key={notice.id}>
                <button
                  type="button"
                  className={styles.row}
                  aria-current={notice.id === selectedId ? 'true' : undefined}
                  onClick={() => setSelectedId(notice.id)}
                >
                  <span className={styles.rowTitle}>{notice.title}</span>
                  <time className={styles.rowTime} dateTime={notice.timestamp}>
                    {formatNoticeTime(notice.timestamp, timeZone).slice(0, 10)}
                  </time>
                </button>
              </li>
            ))}
          </ol>
          {pageCount > 1 && (
            <Pagination
              className={styles.pagination}
              pageCount={pageCount}
              page={currentPage}
              onPageChange={setPage}
              pageRange={NOTICE_PAGE_RANGE}
              marginPages={NOTICE_MARGIN_PAGES}
              previousLabel={t('pagination.previous')}
              nextLabel={t('pagination.next')}
              firstLabel={showEnds ? t('pagination.first') : undefined}
              lastLabel={showEnds ? t('pagination.last') : undefined}
              label={t('notices.pagesLabel')}
              pageLabel={(number) => t('pagination.page', { page: number })}
            />
          )}
        </div>
        <article className={styles.detailPane} aria-live="polite">
          {selected ? (
            <>
              <button type="button" className={styles.back} onClick={() => setSelectedId(null)}>
                <Icon name="chevronRight" size={16} className={styles.backIcon} />
                {t('notices.backToList')}
              </button>
              <Heading className={styles.detailTitle}>{selected.title}</Heading>
              <time className={styles.detailTime} dateTime={selected.timestamp}>
                {formatNoticeTime(selected.timestamp, timeZone)}
              </time>
              <SanitizedHtml className={styles.detailBody} html={selected.content} />
            </>
          ) : (
            <p className={styles.hint}>{t('notices.selectHint')}</p>
          )}
        </article>
      </div>
    </div>
  );
}
