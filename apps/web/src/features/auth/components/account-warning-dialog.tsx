import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { useAccountGateStore } from '../../../lib/account-gate';

/** The warning a trial (type 4) account meets on a protected action (docs/product/accounts.md#protected-actions). */
export function AccountWarningDialog() {
  const { t } = useTranslation('auth');
  const isOpen = useAccountGateStore((state) => state.isTrueAccountWarningOpen);
  const setOpen = useAccountGateStore((state) => state.setTrueAccountWarningOpen);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={setOpen}
      title={t('common.warning')}
      name="needTrueAccount"
      buttons={[{ label: t('in_increase_submit'), onClick: () => setOpen(false) }]}
    >
      {t('in_need_true_account')}
    </Dialog>
  );
}
