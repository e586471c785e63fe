import { SetPromotionCapRequestSchema, type BrandOfferVendor } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormError, TextField } from '../../../components/ui/field';
import { messageOf } from '../../../lib/form';
import { toast } from '../../../lib/toast-store';
import { useSetPromotionCap } from '../api/set-promotion-cap';
import { formatMoney, minorToInput, parseMajor } from '../../../lib/money';
import styles from './games.module.css';

/** The brand's daily cap on a vendor's promotion and tournament credits (decision 0027), in its currency. */
export function PromotionCapDialog({
  brand,
  vendor,
  currency,
  onOpenChange,
}: {
  brand: string;
  vendor: BrandOfferVendor;
  currency: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('games');
  const change = useSetPromotionCap(brand);
  const [text, setText] = useState(minorToInput(vendor.promotionCapMinor, currency));
  const [rule, setRule] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  async function save() {
    const capMinor = parseMajor(text, currency);
    const request = SetPromotionCapRequestSchema.safeParse({ version: vendor.version, capMinor });
    if (capMinor === null || !request.success) {
      setRule(t('cap.rule'));
      return;
    }
    setRule(undefined);
    try {
      const saved = await change.mutateAsync({ brand, vendor: vendor.code, ...request.data });
      toast.success(
        saved.promotionCapMinor > 0
          ? t('cap.saved', { name: vendor.name, amount: formatMoney(saved.promotionCapMinor, currency) })
          : t('cap.savedNone', { name: vendor.name }),
      );
      onOpenChange(false);
    } catch (error) {
      setFailure(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t('cap.title', { name: vendor.name })}
      description={t('cap.text')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="promotion-cap" disabled={change.isPending}>
            {t('cap.save')}
          </Button>
        </>
      }
    >
      <form
        id="promotion-cap"
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          label={t('cap.amount', { currency })}
          inputMode="decimal"
          value={text}
          error={rule}
          hint={t('cap.hint')}
          onChange={(event) => setText(event.target.value)}
        />
        <FormError message={failure} />
      </form>
    </Dialog>
  );
}
