import { zodResolver } from '@hookform/resolvers/zod';
import { MAIN_WALLET, WalletTransferBodySchema, type MerchantWallet } from '@parlay/contract';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../../../components/ui/button';
import { ApiError } from '../../../../../lib/api-client';
import { parseMajorToMinor, toDecimalString } from '../../../../../lib/format-money';
import { useTransferWallet } from '../api/transfer-wallet';
import { isRefusal, newRequestId } from '../lib/request-id';
import styles from '../transfer-fund.module.css';

type Wallet = MerchantWallet['wallets'][number];

interface TransferFormProps {
  wallets: Wallet[];
  currency: string;
  exponent: number;
  format: (minor: number) => string;
}

/**
 * The transfer between the main wallet and a vendor's: a direction, the vendor wallet and an amount in major units,
 * checked by the contract's WalletTransferBodySchema, and against the source's balance, before it is sent. Each
 * attempt has its requestId; one that got no answer is sent again with the same, so it moves the money once.
 */
export function TransferForm({ wallets, currency, exponent, format }: TransferFormProps) {
  const { t } = useTranslation('member-wallet');
  const transfer = useTransferWallet();
  const ids = useId();
  const main = wallets.find((wallet) => wallet.walletCode === MAIN_WALLET);
  const vendors = wallets.filter((wallet) => wallet.walletCode !== MAIN_WALLET);
  const balanceOf = (code: string) => wallets.find((wallet) => wallet.walletCode === code)?.balanceMinor ?? 0;
  const firstOpen = vendors.find((wallet) => wallet.acceptsTransfers !== false) ?? vendors[0];
  // The request last sent and its id: the same content after no answer keeps the id.
  const pending = useRef<{ content: string; requestId: string } | null>(null);
  // What the last transfer moved, put in words at each render (the language may change meanwhile).
  const [done, setDone] = useState<{ amountMinor: number; from: string; to: string } | null>(null);

  const schema = useMemo(
    () =>
      z
        .object({ direction: z.enum(['intoVendor', 'toMain']), vendor: z.string(), amount: z.string() })
        .superRefine((values, context) => {
          if (!values.vendor) {
            context.addIssue({ code: 'custom', path: ['vendor'], message: 'errors.vendor' });
            return;
          }
          const into = values.direction === 'intoVendor';
          const target = wallets.find((wallet) => wallet.walletCode === values.vendor);
          if (into && target?.acceptsTransfers === false) {
            context.addIssue({ code: 'custom', path: ['vendor'], message: 'errors.maintenance' });
          }
          const amountMinor = parseMajorToMinor(values.amount, exponent);
          const body = {
            fromWallet: into ? MAIN_WALLET : values.vendor,
            toWallet: into ? values.vendor : MAIN_WALLET,
            amountMinor: amountMinor ?? 0,
            requestId: 'checked-before-sending',
          };
          if (amountMinor === null || !WalletTransferBodySchema.safeParse(body).success) {
            const message = exponent === 0 ? 'errors.amountWhole' : 'errors.amount';
            context.addIssue({ code: 'custom', path: ['amount'], message });
          }
        }),
    [wallets, exponent],
  );
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { direction: 'intoVendor', vendor: firstOpen?.walletCode ?? '', amount: '' },
  });
  const errors = form.formState.errors;
  const [direction, vendor] = useWatch({ control: form.control, name: ['direction', 'vendor'] });
  const source = direction === 'intoVendor' ? MAIN_WALLET : vendor;
  const nameOf = (code: string) =>
    code === MAIN_WALLET
      ? t('mainWallet')
      : (wallets.find((wallet) => wallet.walletCode === code)?.displayName ?? code);
  // The schema's messages are keys, put in words here, in the language of this render.
  const errorText = (key: string | undefined) =>
    key === 'errors.insufficient'
      ? t(key, { amount: format(balanceOf(source)) })
      : key === 'errors.amount'
        ? t(key, { decimals: exponent })
        : t(key ?? 'errors.failed');

  function onValid(values: z.infer<typeof schema>) {
    const into = values.direction === 'intoVendor';
    const amountMinor = parseMajorToMinor(values.amount, exponent) ?? 0;
    const fromWallet = into ? MAIN_WALLET : values.vendor;
    const toWallet = into ? values.vendor : MAIN_WALLET;
    // Against the balances shown now (the schema checks the shape): they change after every transfer.
    const available = balanceOf(fromWallet);
    if (amountMinor > available) {
      form.setError('amount', { message: 'errors.insufficient' });
      return;
    }
    const content = `${fromWallet}>${toWallet}:${amountMinor}`;
    if (pending.current?.content !== content) pending.current = { content, requestId: newRequestId() };
    setDone(null);
    transfer.mutate(
      { fromWallet, toWallet, amountMinor, requestId: pending.current.requestId },
      {
        onSuccess: () => {
          pending.current = null;
          setDone({ amountMinor, from: fromWallet, to: toWallet });
          form.reset({ ...values, amount: '' });
        },
        onError: (error) => {
          // A refusal (4xx) moved nothing: a new attempt gets a new id. No answer, or a 5xx, may have moved the
          // money: the retry keeps the id, so it moves it once.
          if (isRefusal(error)) pending.current = null;
        },
      },
    );
  }

  if (!main || vendors.length === 0) return null;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      noValidate
      aria-labelledby={`${ids}-title`}
    >
      <h3 id={`${ids}-title`} className={styles.subtitle}>
        {t('form.title')}
      </h3>
      <fieldset className={styles.directions}>
        <legend className={styles.label}>{t('form.direction')}</legend>
        {(['intoVendor', 'toMain'] as const).map((value) => (
          <label key={value} className={styles.choice}>
            <input type="radio" value={value} {...form.register('direction')} />
            <span>{t(`form.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className={styles.fields}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-vendor`}>
            {t('form.vendor')}
          </label>
          <select
            id={`${ids}-vendor`}
            className={styles.input}
            aria-invalid={errors.vendor ? true : undefined}
            aria-describedby={errors.vendor ? `${ids}-vendor-error` : undefined}
            {...form.register('vendor')}
          >
            {vendors.map((wallet) => (
              <option key={wallet.walletCode} value={wallet.walletCode}>
                {wallet.acceptsTransfers === false ? `${wallet.displayName} (${t('maintenance')})` : wallet.displayName}
              </option>
            ))}
          </select>
          {errors.vendor && (
            <span id={`${ids}-vendor-error`} className={styles.fieldError}>
              {errorText(errors.vendor.message)}
            </span>
          )}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-amount`}>
            {t('form.amount', { currency })}
          </label>
          <span className={styles.amountRow}>
            <input
              id={`${ids}-amount`}
              className={styles.input}
              inputMode={exponent === 0 ? 'numeric' : 'decimal'}
              autoComplete="off"
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={`${ids}-available${errors.amount ? ` ${ids}-amount-error` : ''}`}
              {...form.register('amount')}
            />
            <Button
              type="button"
              variant="secondary"
              size="small"
              onClick={() =>
                form.setValue('amount', toDecimalString(balanceOf(source), exponent), { shouldValidate: true })
              }
            >
              {t('form.all')}
            </Button>
          </span>
          <span id={`${ids}-available`} className={styles.hint}>
            {t('form.available', { amount: format(balanceOf(source)) })}
          </span>
          {errors.amount && (
            <span id={`${ids}-amount-error`} className={styles.fieldError}>
              {errorText(errors.amount.message)}
            </span>
          )}
        </div>
      </div>
      <Button type="submit" disabled={transfer.isPending}>
        {transfer.isPending ? t('form.busy') : t('form.submit')}
      </Button>
      {transfer.isError && (
        <p className={styles.error} role="alert">
          {transfer.error instanceof ApiError ? transfer.error.message : t('errors.failed')}
        </p>
      )}
      {done && !transfer.isError && (
        <p className={styles.success} role="status">
          {t('form.done', { amount: format(done.amountMinor), from: nameOf(done.from), to: nameOf(done.to) })}
        </p>
      )}
    </form>
  );
}
