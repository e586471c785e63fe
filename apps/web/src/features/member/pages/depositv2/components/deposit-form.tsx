import type { BonusOffer, DepositMethod, DepositOrder } from '@parlay/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { ApiError } from '../../../../../lib/api-client';
import { parseMajorToMinor, toDecimalString } from '../../../../../lib/format-money';
import { useCreateDeposit } from '../api/create-deposit';
import styles from '../depositv2.module.css';
import { bonusOf, feeOf, quickAmounts } from '../lib';
import { BonusChoice } from './bonus-choice';

interface DepositFormProps {
  methods: DepositMethod[];
  currency: string;
  exponent: number;
  format: (minor: number) => string;
  /** The deposit bonuses I may choose (none by default); sent as the deposit's promotionCode. */
  offers: BonusOffer[];
  formatPercent: (bp: number) => string;
  onCreated: (order: DepositOrder) => void;
}

/**
 * The method, the amount (typed in major units, or a quick amount) within the method's minimum and maximum, the fee
 * and what reaches the balance, and a deposit bonus when one is offered; checked here as the server checks it, then
 * sent.
 */
export function DepositForm({
  methods,
  currency,
  exponent,
  format,
  offers,
  formatPercent,
  onCreated,
}: DepositFormProps) {
  const { t } = useTranslation('member-cashier');
  const ids = useId();
  const create = useCreateDeposit();
  const [methodId, setMethodId] = useState<number | null>(methods[0]?.id ?? null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [promotionCode, setPromotionCode] = useState<string | null>(null);
  const offer = offers.find((entry) => entry.code === promotionCode) ?? null;
  const method = methods.find((entry) => entry.id === methodId) ?? null;
  const amountMinor = parseMajorToMinor(amount, exponent);
  const fee = method && amountMinor !== null ? feeOf(method, amountMinor) : 0;
  const limits = method ? { min: format(method.minAmountMinor), max: format(method.maxAmountMinor) } : null;

  function check(): string | null {
    if (!method || !limits) return t('errors.method');
    if (amountMinor === null || amountMinor < method.minAmountMinor || amountMinor > method.maxAmountMinor) {
      return exponent === 0
        ? t('errors.amount', limits)
        : t('errors.amountDecimals', { ...limits, decimals: exponent });
    }
    if (fee >= amountMinor) return t('errors.belowFee');
    if (offer && amountMinor - fee < offer.minDepositMinor) {
      return t('errors.bonusMin', { title: offer.title, min: format(offer.minDepositMinor) });
    }
    return null;
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const problem = check();
    setError(problem);
    if (problem || !method || amountMinor === null) return;
    create.mutate(
      { methodId: method.id, amountMinor, ...(offer ? { promotionCode: offer.code } : {}) },
      { onSuccess: onCreated },
    );
  }

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate aria-label={t('title')}>
      <fieldset className={styles.methods}>
        <legend className={styles.label}>{t('methods')}</legend>
        {methods.map((entry) => (
          <label key={entry.id} className={styles.method} data-checked={entry.id === methodId}>
            <input
              type="radio"
              name={`${ids}-method`}
              value={entry.id}
              checked={entry.id === methodId}
              onChange={() => {
                setMethodId(entry.id);
                setError(null);
              }}
            />
            <span className={styles.methodBody}>
              <span className={styles.methodName}>{entry.name}</span>
              <span className={styles.methodMeta}>
                {t(`kind.${entry.kind}`)} ·{' '}
                {t('limits', { min: format(entry.minAmountMinor), max: format(entry.maxAmountMinor) })}
              </span>
              <span className={styles.methodMeta}>
                {entry.feeFixedMinor === 0 && entry.feePerMille === 0
                  ? t('feeNone')
                  : t('fee', {
                      fee: [
                        entry.feeFixedMinor > 0 ? format(entry.feeFixedMinor) : null,
                        entry.feePerMille > 0 ? `${(entry.feePerMille / 10).toString()}%` : null,
                      ]
                        .filter(Boolean)
                        .join(' + '),
                    })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-amount`}>
          {t('amount', { currency })}
        </label>
        <input
          id={`${ids}-amount`}
          className={styles.input}
          inputMode={exponent === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={amount}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${ids}-range${error ? ` ${ids}-error` : ''}`}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(null);
          }}
        />
        {limits && (
          <span id={`${ids}-range`} className={styles.hint}>
            {t('range', limits)}
          </span>
        )}
      </div>

      {method && (
        <div className={styles.quick} role="group" aria-label={t('quick')}>
          {quickAmounts(method, exponent).map((value) => (
            <Button
              key={value}
              variant="secondary"
              size="small"
              aria-pressed={amountMinor === value}
              onClick={() => {
                setAmount(toDecimalString(value, exponent));
                setError(null);
              }}
            >
              {format(value)}
            </Button>
          ))}
        </div>
      )}

      {offers.length > 0 && (
        <BonusChoice
          offers={offers}
          value={promotionCode}
          onChange={(code) => {
            setPromotionCode(code);
            setError(null);
          }}
          format={format}
          formatPercent={formatPercent}
        />
      )}

      {method && amountMinor !== null && fee < amountMinor && (
        <p className={styles.receive} data-testid="deposit-receive">
          {t('receive', { amount: format(amountMinor - fee) })}
          {offer && amountMinor - fee >= offer.minDepositMinor && (
            <> {t('bonus.receive', { amount: format(bonusOf(offer, amountMinor - fee)) })}</>
          )}
        </p>
      )}
      {(error ?? create.isError) && (
        <p id={`${ids}-error`} className={styles.error} role="alert">
          {error ?? (create.error instanceof ApiError ? create.error.message : t('errors.failed'))}
        </p>
      )}
      <Button type="submit" disabled={create.isPending} className={styles.submit}>
        {create.isPending ? t('busy') : t('submit')}
      </Button>
    </form>
  );
}
