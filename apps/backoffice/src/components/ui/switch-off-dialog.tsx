import { useTranslation } from 'react-i18next';
import { messageOf } from '../../lib/form';
import { toast } from '../../lib/toast-store';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before a list's record is switched off (a mission, a leaderboard, a raffle), then says how it went. Its texts
 * are the feature's namespace's: switchOff.title and .text, actions.switchOff, page.switchedOff and errors.failed.
 */
export function SwitchOffDialog<T extends { code: string }>({
  ns,
  item,
  onClose,
  switchOff,
}: {
  ns: string;
  /** The record asked about; null keeps the dialog closed. */
  item: T | null;
  onClose: () => void;
  /** Switches it off with the version the page read. */
  switchOff: (item: T) => Promise<unknown>;
}) {
  const { t } = useTranslation(ns);

  async function confirm(target: T) {
    try {
      await switchOff(target);
      toast.success(t('page.switchedOff', { code: target.code }));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
      // The dialog stays open: the operator may try again.
      throw error;
    }
  }

  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={item && t('switchOff.title', { code: item.code })}
      description={t('switchOff.text')}
      confirmLabel={t('actions.switchOff')}
      onConfirm={() => (item ? confirm(item) : Promise.resolve())}
    />
  );
}
