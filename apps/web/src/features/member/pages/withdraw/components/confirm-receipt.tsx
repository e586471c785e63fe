import { WITHDRAWAL_PROOF_LIMITS, type Withdrawal, type WithdrawalConfirmation } from '@parlay/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { ApiError } from '../../../../../lib/api-client';
import { parseMajorToMinor } from '../../../../../lib/format-money';
import { useConfirmWithdrawal, useUploadProof } from '../api/confirm-withdrawal';
import styles from '../withdraw.module.css';

interface ConfirmReceiptProps {
  withdrawal: Withdrawal;
  currency: string;
  exponent: number;
  onClose: () => void;
}

const TYPES = ['image/png', 'image/jpeg'];

/**
 * The member's word on a paid withdrawal: received in full; partly received, with the amount that did not arrive;
 * not received, with proof images (PNG or JPEG, at most 5 MB each, at most 3), each uploaded as it is chosen.
 */
export function ConfirmReceipt({ withdrawal, currency, exponent, onClose }: ConfirmReceiptProps) {
  const { t } = useTranslation('member-withdraw');
  const ids = useId();
  const confirm = useConfirmWithdrawal();
  const upload = useUploadProof();
  const [outcome, setOutcome] = useState<WithdrawalConfirmation>('received');
  const [missing, setMissing] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const proofs = withdrawal.proofCount;
  const missingMinor = parseMajorToMinor(missing, exponent);

  function onFile(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!TYPES.includes(file.type) || file.size > WITHDRAWAL_PROOF_LIMITS.maxBytes) {
      setProblem(t('confirm.errors.file'));
      return;
    }
    setProblem(null);
    upload.mutate({ withdrawalId: withdrawal.id, file });
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    let found: string | null = null;
    if (
      outcome === 'partlyReceived' &&
      (missingMinor === null || missingMinor <= 0 || missingMinor >= withdrawal.amountMinor)
    ) {
      found = t('confirm.errors.missing');
    }
    if (outcome === 'notReceived' && proofs === 0) found = t('confirm.errors.proof');
    setProblem(found);
    if (found) return;
    confirm.mutate(
      {
        withdrawalId: withdrawal.id,
        body: {
          outcome,
          ...(outcome === 'partlyReceived' && missingMinor !== null ? { missingMinor } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      },
      { onSuccess: onClose },
    );
  }

  const serverError =
    (confirm.error instanceof ApiError && confirm.error.message) ||
    (upload.error instanceof ApiError && upload.error.message);
  return (
    <form
      className={styles.confirm}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${ids}-title`}
      data-testid="confirm-receipt"
    >
      <h4 id={`${ids}-title`} className={styles.subtitle}>
        {t('confirm.title')}
      </h4>
      <fieldset className={styles.outcomes}>
        {(['received', 'partlyReceived', 'notReceived'] as const).map((value) => (
          <label key={value} className={styles.outcome} data-checked={outcome === value}>
            <input
              type="radio"
              name={`${ids}-outcome`}
              value={value}
              checked={outcome === value}
              onChange={() => {
                setOutcome(value);
                setProblem(null);
              }}
            />
            {t(
              value === 'received'
                ? 'confirm.received'
                : value === 'partlyReceived'
                  ? 'confirm.partly'
                  : 'confirm.notReceived',
            )}
          </label>
        ))}
      </fieldset>
      {outcome === 'partlyReceived' && (
        <label className={styles.field}>
          <span className={styles.label}>{t('confirm.missing', { currency })}</span>
          <input
            className={styles.input}
            inputMode={exponent === 0 ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={missing}
            onChange={(event) => setMissing(event.target.value)}
          />
        </label>
      )}
      {outcome !== 'received' && (
        <div className={styles.field}>
          <span className={styles.label}>{t('confirm.proofs')}</span>
          <div className={styles.actions}>
            <label
              className={styles.upload}
              data-disabled={proofs >= WITHDRAWAL_PROOF_LIMITS.maxFiles || upload.isPending}
            >
              <input
                type="file"
                accept="image/png,image/jpeg"
                disabled={proofs >= WITHDRAWAL_PROOF_LIMITS.maxFiles || upload.isPending}
                onChange={onFile}
              />
              {upload.isPending ? t('confirm.uploading') : t('confirm.upload')}
            </label>
            <span className={styles.muted} data-testid="proof-count">
              {t('confirm.proofCount', { count: proofs })}
            </span>
          </div>
        </div>
      )}
      {outcome !== 'received' && (
        <label className={styles.field}>
          <span className={styles.label}>{t('confirm.note')}</span>
          <input
            className={styles.input}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
      )}
      {(problem ?? serverError) && (
        <p className={styles.error} role="alert">
          {problem ?? serverError}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={confirm.isPending}>
          {t('confirm.send')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
      </div>
    </form>
  );
}
