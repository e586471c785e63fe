import { PlayerAdjustmentRequestSchema, type PlayerAdjustmentRequest, type PlayerProfile } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormError, TextAreaField, TextField } from '../../../components/ui/field';
import { messageOf, ruleOf, useSchemaForm } from '../../../lib/form';
import { toast } from '../../../lib/toast-store';
import { useAdjustPlayerBalance } from '../api/adjust-player-balance';
import { usePlayerBalances } from '../api/get-player-balances';
import type { PlayerRef } from '../api/query-keys';
import { formatMinor, parseMajor } from '../lib/money';
import styles from './players.module.css';

/**
 * An idempotency key for one adjustment: made when the dialog opens, so a retry after a lost answer moves
 * nothing twice. getRandomValues, not randomUUID: a back office served over plain HTTP on a private network has
 * no secure context.
 */
export function newAdjustmentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `bo-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The form in the operator's terms: a direction and an amount in major units; the request is built from it. */
function formSchema(exponent: number) {
  return z.object({
    direction: z.enum(['credit', 'debit']),
    amount: z.string().refine((text) => (parseMajor(text, exponent) ?? 0) > 0),
    reason: PlayerAdjustmentRequestSchema.shape.reason,
  });
}

/**
 * A credit or debit of the player, as `npm run admin -- wallet adjust` makes it: an amount, a reason for the audit
 * trail, and a key made at opening. A second step shows the amount and the balance after it before anything moves.
 */
export function AdjustBalanceDialog({
  playerRef,
  player,
  onClose,
}: {
  playerRef: PlayerRef;
  player: PlayerProfile;
  onClose: () => void;
}) {
  const { t } = useTranslation('players');
  const [idempotencyKey] = useState(newAdjustmentKey);
  const [request, setRequest] = useState<PlayerAdjustmentRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const adjust = useAdjustPlayerBalance(playerRef);
  const balances = usePlayerBalances(playerRef);
  const exponent = player.currencyExponent;
  const money = (minor: number, signed = false) => formatMinor(minor, player.currency, exponent, { signed });
  const form = useSchemaForm(formSchema(exponent), { direction: 'credit', amount: '', reason: '' });
  const errors = form.formState.errors;
  const direction = form.watch('direction');

  const onReview = form.handleSubmit((values) => {
    const minor = parseMajor(values.amount, exponent) ?? 0;
    const next = PlayerAdjustmentRequestSchema.safeParse({
      amountMinor: values.direction === 'credit' ? minor : -minor,
      reason: values.reason,
      idempotencyKey,
    });
    if (!next.success) {
      setFailure(t('rules.amount'));
      return;
    }
    setFailure(null);
    setRequest(next.data);
  });

  async function onConfirm(confirmed: PlayerAdjustmentRequest) {
    setFailure(null);
    try {
      const result = await adjust.mutateAsync(confirmed);
      if (result.applied) {
        toast.success(
          t('adjust.done', {
            amount: money(confirmed.amountMinor, true),
            account: player.account,
            balance: money(result.balanceMinor),
          }),
        );
      } else {
        toast.success(t('adjust.repeated', { balance: money(result.balanceMinor) }));
      }
      onClose();
    } catch (error) {
      // The key stays: trying again cannot move the money twice.
      setFailure(messageOf(error, t('errors.failed')));
    }
  }

  const balance = balances.data?.sumBalance;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('adjust.title', { account: player.account })}
      description={request ? t('adjust.confirmLead') : t('adjust.lead')}
      width={520}
      footer={
        request ? (
          <>
            <Button variant="secondary" disabled={adjust.isPending} onClick={() => setRequest(null)}>
              {t('adjust.back')}
            </Button>
            <Button
              variant={request.amountMinor < 0 ? 'danger' : 'primary'}
              disabled={adjust.isPending}
              onClick={() => void onConfirm(request)}
            >
              {request.amountMinor < 0
                ? t('adjust.confirmDebit', { amount: money(-request.amountMinor) })
                : t('adjust.confirmCredit', { amount: money(request.amountMinor) })}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" form="adjust-balance">
              {t('adjust.review')}
            </Button>
          </>
        )
      }
    >
      {request ? (
        <div className={styles.review}>
          <p className={request.amountMinor < 0 ? styles.reviewDebit : styles.reviewCredit} data-testid="adjust-amount">
            {money(request.amountMinor, true)}
          </p>
          <dl className={styles.reviewFacts}>
            <div className={styles.fact}>
              <dt>{t('adjust.player')}</dt>
              <dd>
                {player.account} <span className={styles.note}>#{player.id}</span>
              </dd>
            </div>
            {balance !== undefined && (
              <>
                <div className={styles.fact}>
                  <dt>{t('adjust.balanceNow')}</dt>
                  <dd>{money(balance)}</dd>
                </div>
                <div className={styles.fact}>
                  <dt>{t('adjust.balanceAfter')}</dt>
                  <dd>{money(balance + request.amountMinor)}</dd>
                </div>
              </>
            )}
            <div className={styles.fact}>
              <dt>{t('adjust.reason')}</dt>
              <dd className={styles.preWrap}>{request.reason}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('adjust.key')}</dt>
              <dd className="mono">{request.idempotencyKey}</dd>
            </div>
          </dl>
          <FormError message={failure} />
        </div>
      ) : (
        <form id="adjust-balance" className={styles.form} onSubmit={(event) => void onReview(event)} noValidate>
          <fieldset className={styles.directions}>
            <legend className={styles.legend}>{t('adjust.direction')}</legend>
            {(['credit', 'debit'] as const).map((value) => (
              <label key={value} className={styles.direction} data-checked={direction === value}>
                <input type="radio" value={value} {...form.register('direction')} />
                <span>{t(`adjust.${value}`)}</span>
              </label>
            ))}
          </fieldset>
          <TextField
            label={t('adjust.amount', { currency: player.currency })}
            inputMode="decimal"
            autoComplete="off"
            isRequired
            hint={balance !== undefined ? t('adjust.balanceHint', { balance: money(balance) }) : undefined}
            error={ruleOf(errors.amount, exponent > 0 ? t('rules.amountDecimals', { exponent }) : t('rules.amount'))}
            {...form.register('amount')}
          />
          <TextAreaField
            label={t('adjust.reason')}
            isRequired
            maxLength={500}
            hint={t('adjust.reasonHint')}
            error={ruleOf(errors.reason, t('rules.reason'))}
            {...form.register('reason')}
          />
          <FormError message={failure} />
        </form>
      )}
    </Dialog>
  );
}
