import type { MemberBonus } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../../components/ui/dialog';
import styles from '../bonus-details.module.css';

interface ForfeitDialogProps {
  /** The bonus asked about; null: closed. */
  bonus: MemberBonus | null;
  /** The member's bonus balance, which a forfeit of a separate bonus takes back from. */
  bonusBalanceMinor: number;
  /** Whether the bonus is the member's last separate one still being wagered; null: not known. */
  lastSeparate: boolean | null;
  isPending: boolean;
  format: (minor: number) => string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Says what a forfeit takes back before it is sent: the bonus amount from the balance (all of the balance when it
 * holds less), and that the bonus's wagering and its hold on withdrawals end; it cannot be undone. A bonus paid into
 * the bonus balance (decision 0063) takes back from there: its amount, or the whole bonus balance with its winnings
 * when it is the last bonus still being wagered.
 */
export function ForfeitDialog({
  bonus,
  bonusBalanceMinor,
  lastSeparate,
  isPending,
  format,
  onConfirm,
  onCancel,
}: ForfeitDialogProps) {
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
          {bonus.balanceMode === 'separate' ? (
            <>
              <p>
                {lastSeparate === true
                  ? t('forfeit.separate.takesAll', { balance: format(bonusBalanceMinor) })
                  : t('forfeit.separate.takesBack', { amount: format(bonus.amountMinor) })}
              </p>
              {lastSeparate === null && <p>{t('forfeit.separate.ifLast', { balance: format(bonusBalanceMinor) })}</p>}
              <p>{t('forfeit.separate.ends')}</p>
            </>
          ) : (
            <>
              <p>{t('forfeit.takesBack', { amount: format(bonus.amountMinor) })}</p>
              <p>{t('forfeit.ends')}</p>
            </>
          )}
          <p>{t('forfeit.final')}</p>
        </div>
      )}
    </Dialog>
  );
}
