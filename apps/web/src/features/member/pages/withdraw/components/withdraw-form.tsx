import type { WithdrawalOverview } from '@parlay/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { ApiError } from '../../../../../lib/api-client';
import { parseMajorToMinor } from '../../../../../lib/format-money';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import styles from '../withdraw.module.css';
import { TurnoverProgress } from './turnover-progress';

function newRequestId(): string {
  return `w-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

interface WithdrawFormProps {
  overview: WithdrawalOverview;
  format: (minor: number) => string;
}

/**
 * The request: the account, the amount within the brand's minimum and maximum and the balance, the payment password
 * where the brand asks for it; the day's count and the turnover progress above. Checked here as the server checks.
 */
export function WithdrawForm({ overview, format }: WithdrawFormProps) {
  const { t } = useTranslation('member-withdraw');
  const ids = useId();
  const create = useCreateWithdrawal();
  const { rules, bankAccounts, currency, currencyExponent: exponent } = overview;
  const [accountId, setAccountId] = useState<number | null>(bankAccounts[0]?.id ?? null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The amount just requested: its notice is written at render, so it follows a change of language.
  const [doneMinor, setDoneMinor] = useState<number | null>(null);
  // One key per attempt: a retry of the same attempt after a lost answer holds nothing more.
  const [requestId, setRequestId] = useState(newRequestId);
  const account = bankAccounts.find((entry) => entry.id === accountId) ?? bankAccounts[0] ?? null;
  const amountMinor = parseMajorToMinor(amount, exponent);

  function check(): string | null {
    if (!account) return t('form.errors.account');
    if (rules.usedToday >= rules.dailyCount) return t('form.errors.count');
    if (amountMinor === null || amountMinor < rules.minMinor || amountMinor > rules.maxMinor) {
      return t('form.errors.amount', { min: format(rules.minMinor), max: format(rules.maxMinor) });
    }
    if (amountMinor > overview.balanceMinor) return t('form.errors.balance');
    if (rules.paymentPasswordRequired && !/^\d{6}$/.test(password)) return t('form.errors.password');
    return null;
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const found = check();
    setProblem(found);
    setDoneMinor(null);
    if (found || !account || amountMinor === null) return;
    create.mutate(
      {
        bankAccountId: account.id,
        amountMinor,
        requestId,
        ...(rules.paymentPasswordRequired ? { paymentPassword: password } : {}),
      },
      {
        onSuccess: (withdrawal) => {
          setDoneMinor(withdrawal.amountMinor);
          setAmount('');
          setPassword('');
          setRequestId(newRequestId());
        },
        onError: (error) => {
          // Refused for good: the next attempt is a new request.
          if (error instanceof ApiError) setRequestId(newRequestId());
        },
      },
    );
  }

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <div className={styles.cardHead}>
        <h3 id={`${ids}-title`} className={styles.subtitle}>
          {t('form.title')}
        </h3>
        <span className={styles.muted}>{t('form.count', { used: rules.usedToday, max: rules.dailyCount })}</span>
      </div>
      <TurnoverProgress turnover={overview.turnover} format={format} />
      {bankAccounts.length > 0 && (
        <label className={styles.field}>
          <span className={styles.label}>{t('form.account')}</span>
          <select
            className={styles.input}
            value={account?.id ?? ''}
            onChange={(event) => setAccountId(Number(event.target.value))}
          >
            {bankAccounts.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.bankName} {entry.accountNumberMasked}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-amount`}>
          {t('form.amount', { currency })}
        </label>
        <input
          id={`${ids}-amount`}
          className={styles.input}
          inputMode={exponent === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          aria-describedby={`${ids}-range`}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setProblem(null);
          }}
        />
        <span id={`${ids}-range`} className={styles.hint}>
          {t('form.range', { min: format(rules.minMinor), max: format(rules.maxMinor) })}
        </span>
      </div>
      {rules.paymentPasswordRequired &&
        (overview.paymentPasswordSet ? (
          <label className={styles.field}>
            <span className={styles.label}>{t('form.password')}</span>
            <input
              className={styles.input}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setProblem(null);
              }}
            />
          </label>
        ) : (
          <p className={styles.error}>{t('form.passwordNotSet')}</p>
        ))}
      {(problem ?? (create.error instanceof ApiError ? create.error.message : null)) && (
        <p className={styles.error} role="alert">
          {problem ?? (create.error as ApiError).message}
        </p>
      )}
      {doneMinor !== null && (
        <p className={styles.notice} role="status">
          {t('form.done', { amount: format(doneMinor) })}
        </p>
      )}
      <p className={styles.hint}>{t('form.noReverse')}</p>
      <Button type="submit" className={styles.submit} disabled={create.isPending || bankAccounts.length === 0}>
        {create.isPending ? t('form.busy') : t('form.submit')}
      </Button>
    </form>
  );
}
