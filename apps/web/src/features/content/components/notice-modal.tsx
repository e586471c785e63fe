import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/dialog';
import { useBrand } from '../../../lib/brand';
import { useModal } from '../../../lib/modal-store';
import { selectNotices, useAnnouncements } from '../api/get-announcements';
import { ContentStatus } from './content-status';
import { NoticeBrowser } from './notice-browser';

/**
 * The notice modal (noticeModal, docs/product/site-shell-and-routes.md#notice-modal): 9 notices a page, opened on the
 * page and item of the notice the player chose.
 */
export function NoticeModal() {
  const { t } = useTranslation('content');
  const { isOpen, payload, onOpenChange } = useModal('noticeModal');
  return (
    <Modal
      open={isOpen}
      onOpenChange={onOpenChange}
      title={t('notices.title')}
      name="noticeModal"
      width={880}
      height={560}
    >
      {isOpen && <NoticeModalBody noticeId={payload.noticeId} />}
    </Modal>
  );
}

function NoticeModalBody({ noticeId }: { noticeId: number | undefined }) {
  const { brand } = useBrand();
  const announcements = useAnnouncements();
  if (!announcements.data) return <ContentStatus query={announcements} />;
  return (
    <NoticeBrowser
      key={noticeId ?? 'list'}
      notices={selectNotices(announcements.data)}
      initialNoticeId={noticeId}
      timeZone={brand.timeZone}
    />
  );
}
