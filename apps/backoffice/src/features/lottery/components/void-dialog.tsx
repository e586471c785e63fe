import { VoidLotteryDrawRequestSchema, type BoLotteryDraw } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormError, TextAreaField } from '../../../components/ui/field';
import { messageOf } from '../../../lib/form';
import { toast } from '../../../lib/toast-store';
import { useVoidLotteryDraw } from '../api/lottery';

/**
 * Voids a draw after the operator says why and confirms: every slip on it is refunded by the vendor, for every
 * brand, and a void never comes undone. Refused once a payout of the draw is written.
 */
export function VoidDialog({ brand, item, onClose }: { brand: string; item: BoLotteryDraw; onClose: () => void }) {
  const { t } = useTranslation('lottery');
  const voiding = useVoidLotteryDraw(brand);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit() {
    const request = VoidLotteryDrawRequestSchema.safeParse({ reason });
    if (!request.success) {
      setError(t('void.reasonRule'));
      return;
    }
    setError(undefined);
    try {
      const voided = await voiding.mutateAsync({ game: item.gameCode, drawNo: item.drawNo, ...request.data });
      toast.success(voided.voided ? t('void.done', { drawNo: item.drawNo, count: voided.refunds }) : t('void.already'));
      onClose();
    } catch (caught) {
      setFailure(messageOf(caught, t('errors.failed')));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('void.title', { drawNo: item.drawNo })}
      description={t('void.text', { count: item.slips })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button variant="danger" type="submit" form="void-draw" disabled={voiding.isPending}>
            {t('void.confirm')}
          </Button>
        </>
      }
    >
      <form
        id="void-draw"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextAreaField
          label={t('void.reason')}
          isRequired
          rows={3}
          value={reason}
          error={error}
          onChange={(event) => setReason(event.target.value)}
        />
        <FormError message={failure} />
      </form>
    </Dialog>
  );
}
