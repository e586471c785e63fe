import type { MemberBonus } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../../components/ui/dialog';
import styles from '../bonus-details.module.css';

interface ForfeitDialogProps {
  /** The bonus asked about; null: closed. */
  bonus: MemberBonus | null;
  isPending: boolean;
  format: (minor: number) => string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Says what a forfeit takes back before it is sent: the bonus amount from the balance (all of the balance when it
 * holds less), and that the bonus's wagering and its hold on withdrawals end; it cannot be undone.
 */
export function ForfeitDialog({ bonus, isPending, format, onConfirm, onCancel }: ForfeitDialogProps) {
  const { t } = useTranslation('member-bonuses');
  return (
    <Dialog
      open={bonus !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      name="bonus-forfeit"
      title={bonus ? t('forfeit.title', { title: bonus.title }) : ''}
      buttons={[
        { label: t('forfeit.keep'), variant: 'secondary', onClick: onCancel },
        {
          label: isPending ? t('forfeit.busy') : t('forfeit.confirm'),
          variant: 'primary',
          onClick: onConfirm,
          disabled: isPending,
        },
      ]}
    >
      {bonus && (
        <div className={styles.dialogText}>
          <p>{t('forfeit.takesBack', { amount: format(bonus.amountMinor) })}</p>
          <p>{t('forfeit.ends')}</p>
          <p>{t('forfeit.final')}</p>
        </div>
      )}
    </Dialog>
  );
}
