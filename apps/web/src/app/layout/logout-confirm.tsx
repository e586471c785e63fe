import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog';
import { logout } from '../../features/navigation/api/logout';
import { useSafeNavigate } from '../../hooks/use-safe-navigate';
import { useMemberCentreStore } from '../../lib/member-centre-store';
import { useModalStore } from '../../lib/modal-store';
import { useSessionStore } from '../../lib/session-store';
import { useUiStore } from '../../lib/ui-store';

/**
 * Logout (docs/product/site-shell-and-routes.md#logout): confirm, show a loader, send the logout, clear
 * session storage (the brand's merchant stays), go to '/', and reset the signed-in state. A failed request
 * still signs out here.
 */
export function LogoutConfirm() {
  const { t } = useTranslation('shell');
  const isOpen = useUiStore((state) => state.isLogoutConfirmOpen);
  const setOpen = useUiStore((state) => state.setLogoutConfirmOpen);
  const endSession = useSessionStore((state) => state.endSession);
  const queryClient = useQueryClient();
  const navigate = useSafeNavigate();
  const [isPending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await logout();
    } catch {
      // The token is dropped here either way; the server expires it on its own.
    } finally {
      endSession();
      useModalStore.getState().closeModal();
      useMemberCentreStore.getState().closeMemberCentre();
      queryClient.removeQueries({ queryKey: ['navigation', 'member-info'] });
      setPending(false);
      setOpen(false);
      navigate('/');
    }
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => !isPending && setOpen(open)}
      title={t('logout.title')}
      name="logoutConfirm"
      buttons={[
        { label: t('common:cancel'), variant: 'secondary', disabled: isPending },
        {
          label: isPending ? t('logout.pending') : t('common:confirm'),
          onClick: () => void confirm(),
          disabled: isPending,
        },
      ]}
    >
      {t('logout.question')}
    </Dialog>
  );
}
