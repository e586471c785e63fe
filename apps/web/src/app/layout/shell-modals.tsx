import { NoticeModal } from '../../features/content/components/notice-modal';
import { AuthModals, MemberCentre } from '../feature-slots';
import { LogoutConfirm } from './logout-confirm';

/** Every product modal lives here once, so any page can open one through lib/modal-store. */
export function ShellModals() {
  return (
    <>
      <AuthModals.Component />
      <NoticeModal />
      <MemberCentre.Component />
      <LogoutConfirm />
    </>
  );
}
