import type { SettlementRun } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatMoney } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { toast } from '../../../lib/toast-store';
import { usePaySettlementRun } from '../api/agent-settlements';

/**
 * The confirmation of "Pay pending now" (brand.write): the run's pending lines tried again at once, each paid once by
 * its key when its payer now has the money, the others left pending; the server records it in the audit trail. The
 * result, or the refusal, shows as a toast in the operator's language.
 */
export function PayPendingDialog({
  brand,
  run,
  currency,
  currencyExponent,
  onClose,
}: {
  brand: string;
  run: SettlementRun;
  currency: string;
  currencyExponent: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('agentSettlements');
  const pay = usePaySettlementRun(brand);

  async function confirm() {
    try {
      const result = await pay.mutateAsync(run.id);
      // Nothing paid is no failure of the call, but nothing happened either: the operator reads it as a warning.
      if (result.paid > 0) toast.success(t('pay.done', { count: result.paid, pending: result.stillPending }));
      else if (result.stillPending > 0) toast.error(t('pay.noneDone', { count: result.stillPending }));
      // The settlement job (every 30 s) paid them between the page's load and the click.
      else toast.success(t('pay.nothingLeft'));
    } catch (error) {
      toast.error(messageOf(error, t('pay.failed')));
      throw error;
    }
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('pay.title', { id: run.id })}
      description={t('pay.description', {
        count: run.pendingLines,
        amount: formatMoney(run.pendingMinor, currency, currencyExponent),
      })}
      confirmLabel={t('pay.confirm')}
      onConfirm={confirm}
    />
  );
}
