import { PAYMENT_PASSWORD_LENGTH, TransferUplineRequestSchema, type UplineOverview } from '@parlay/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { ApiError } from '../../../../../lib/api-client';
import { parseMajorToMinor } from '../../../../../lib/format-money';
import { useMemberCentreStore } from '../../../../../lib/member-centre-store';
import { useTransferUpline } from '../api/transfer-upline';
import styles from '../transfer-upline.module.css';

interface UplineTransferFormProps {
  overview: UplineOverview & { upline: NonNullable<UplineOverview['upline']> };
  exponent: number;
  format: (minor: number) => string;
}

function newRequestId(): string {
  return `web-${crypto.randomUUID()}`;
}

/**
 * The amount (major units) and the payment password. Checked here against the limits and the balance shown, and by
 * the server again. Each attempt has its requestId; one that got no answer is sent again with the same id, so the
 * money moves once.
 */
export function UplineTransferForm({ overview, exponent, format }: UplineTransferFormProps) {
  const { t } = useTranslation('member-transfers');
  const ids = useId();
  const transfer = useTransferUpline();
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<{ field: 'amount' | 'password'; text: string } | null>(null);
  const pending = useRef<{ content: string; requestId: string } | null>(null);
  const { limits, sentTodayMinor, balanceMinor } = overview;
  const leftToday = Math.max(0, limits.dailyMaxMinor - sentTodayMinor);

  function check(amountMinor: number | null): string | null {
    if (amountMinor === null)
      return exponent === 0 ? t('errors.amountWhole') : t('errors.amount', { decimals: exponent });
    if (amountMinor < limits.minMinor) return t('errors.min', { amount: format(limits.minMinor) });
    if (amountMinor > limits.maxMinor) return t('errors.max', { amount: format(limits.maxMinor) });
    if (amountMinor > leftToday) return t('errors.daily', { amount: format(leftToday) });
    if (amountMinor > balanceMinor) return t('errors.balance', { amount: format(balanceMinor) });
    return null;
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const amountMinor = parseMajorToMinor(amount, exponent);
    const amountError = check(amountMinor);
    if (amountError) {
      setFieldError({ field: 'amount', text: amountError });
      return;
    }
    if (!new RegExp(`^\\d{${PAYMENT_PASSWORD_LENGTH}}$`).test(password)) {
      setFieldError({ field: 'password', text: t('errors.password', { length: PAYMENT_PASSWORD_LENGTH }) });
      return;
    }
    setFieldError(null);
    const content = String(amountMinor);
    if (pending.current?.content !== content) pending.current = { content, requestId: newRequestId() };
    const body = { amountMinor: amountMinor ?? 0, paymentPassword: password, requestId: pending.current.requestId };
    if (!TransferUplineRequestSchema.safeParse(body).success) return;
    transfer.mutate(body, {
      onSuccess: () => {
        pending.current = null;
        setAmount('');
        setPassword('');
      },
      onError: (error) => {
        // A refusal (4xx) moved nothing: the next attempt is a new request. No answer may have moved the money.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) pending.current = null;
      },
    });
  }

  const serverError = transfer.error instanceof ApiError ? transfer.error : null;
  const result = transfer.data;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.subtitle}>
        {t('form.title')}
      </h3>
      <div className={styles.fields}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-amount`}>
            {t('form.amount', { currency: overview.currency })}
          </label>
          <input
            id={`${ids}-amount`}
            className={styles.input}
            inputMode={exponent === 0 ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={fieldError?.field === 'amount' ? true : undefined}
            aria-describedby={`${ids}-range${fieldError?.field === 'amount' ? ` ${ids}-amount-error` : ''}`}
          />
          <span id={`${ids}-range`} className={styles.hint}>
            {t('form.range', { min: format(limits.minMinor), max: format(limits.maxMinor) })}
          </span>
          {fieldError?.field === 'amount' && (
            <span id={`${ids}-amount-error`} className={styles.fieldError}>
              {fieldError.text}
            </span>
          )}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-password`}>
            {t('form.password')}
          </label>
          <input
            id={`${ids}-password`}
            className={styles.input}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={PAYMENT_PASSWORD_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={fieldError?.field === 'password' ? true : undefined}
            aria-describedby={fieldError?.field === 'password' ? `${ids}-password-error` : undefined}
          />
          {fieldError?.field === 'password' && (
            <span id={`${ids}-password-error`} className={styles.fieldError}>
              {fieldError.text}
            </span>
          )}
        </div>
      </div>
      <Button type="submit" disabled={transfer.isPending}>
        {transfer.isPending ? t('form.busy') : t('form.submit')}
      </Button>
      {serverError && (
        <div className={styles.error} role="alert">
          <span>{serverError.message}</span>
          {serverError.code === 'PAYMENT_PASSWORD_NOT_SET' && (
            <Button variant="secondary" size="small" onClick={() => openMemberCentre('securityCenter')}>
              {t('form.setPassword')}
            </Button>
          )}
        </div>
      )}
      {transfer.isError && !serverError && (
        <p className={styles.error} role="alert">
          {t('errors.failed')}
        </p>
      )}
      {result && !transfer.isError && (
        <div className={styles.result} role="status">
          <strong>{t('result.title')}</strong>
          <span>{t('result.sent', { amount: format(result.amountMinor), account: result.uplineAccount })}</span>
          <span>{t('result.balance', { amount: format(result.balanceMinor) })}</span>
          <span className={styles.hint}>{t('result.number', { number: result.transferNo })}</span>
        </div>
      )}
    </form>
  );
}
