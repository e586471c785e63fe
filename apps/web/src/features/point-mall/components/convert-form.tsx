import type { MemberPointConfig } from '@parlay/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useConvertPoints } from '../api/convert-points';
import { conversionValue, newRequestId, parsePoints, toPointsInput, type Formats } from '../lib/points';
import styles from '../point-mall.module.css';
import { isPasswordNotSet, PasswordField, SetPasswordButton } from './password-field';

interface ConvertFormProps {
  config: MemberPointConfig;
  balancePointsMinor: number;
  formats: Formats;
}

/**
 * Points to money at the brand's rate (`conversionMinorPerPoint` a point, rounded down), from the brand's minimum,
 * with the payment password. Checked here as the server checks; the server's refusal is shown in its words.
 */
export function ConvertForm({ config, balancePointsMinor, formats }: ConvertFormProps) {
  const { t } = useTranslation('member-point-mall');
  const ids = useId();
  const convert = useConvertPoints();
  const [points, setPoints] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ key: string; points?: number } | null>(null);
  const [done, setDone] = useState<{ pointsMinor: number; amountMinor: number } | null>(null);
  const [requestId, setRequestId] = useState(() => newRequestId('pc'));
  const rate = config.conversionMinorPerPoint;
  const pointsMinor = parsePoints(points);
  const gives = pointsMinor === null ? null : conversionValue(pointsMinor, rate);

  if (rate === 0) {
    return (
      <section className={styles.card} aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`} className={styles.subtitle}>
          {t('convert.title')}
        </h2>
        <p className={styles.muted}>{t('convert.off')}</p>
      </section>
    );
  }

  function check(): { key: string; points?: number } | null {
    if (pointsMinor === null) return { key: 'convert.errors.points' };
    if (pointsMinor < config.conversionMinPointsMinor) {
      return { key: 'convert.errors.min', points: config.conversionMinPointsMinor };
    }
    if (pointsMinor > balancePointsMinor) return { key: 'convert.errors.balance' };
    if (gives === 0) return { key: 'convert.errors.zero' };
    if (!/^\d{6}$/.test(password)) return { key: 'convert.errors.password' };
    return null;
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const found = check();
    setProblem(found);
    setDone(null);
    if (found || pointsMinor === null) return;
    convert.reset();
    convert.mutate(
      { pointsMinor, paymentPassword: password, requestId },
      {
        onSuccess: (result) => {
          setDone({ pointsMinor: result.record.pointsMinor, amountMinor: result.amountMinor });
          setPoints('');
          setPassword('');
          setRequestId(newRequestId('pc'));
        },
        onError: (error) => {
          // Refused for good: the next attempt is a new request.
          if (error instanceof ApiError) setRequestId(newRequestId('pc'));
        },
      },
    );
  }

  const refusal = convert.error instanceof ApiError ? convert.error : null;
  const shownProblem = problem
    ? t(problem.key, problem.points === undefined ? {} : { points: formats.points(problem.points) })
    : (refusal?.message ?? null);

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <div className={styles.cardHead}>
        <h2 id={`${ids}-title`} className={styles.subtitle}>
          {t('convert.title')}
        </h2>
        <span className={styles.rate} data-testid="conversion-rate">
          {t('convert.rate', { amount: formats.money(rate) })}
        </span>
      </div>
      {config.conversionMinPointsMinor > 0 && (
        <p className={styles.hint}>{t('convert.min', { points: formats.points(config.conversionMinPointsMinor) })}</p>
      )}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${ids}-points`}>
          {t('convert.points')}
        </label>
        <div className={styles.inputRow}>
          <input
            id={`${ids}-points`}
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={`${ids}-gives`}
            value={points}
            onChange={(event) => {
              setPoints(event.target.value);
              setProblem(null);
              convert.reset();
            }}
          />
          <Button
            variant="secondary"
            size="small"
            disabled={balancePointsMinor === 0}
            onClick={() => {
              setPoints(toPointsInput(balancePointsMinor));
              setProblem(null);
            }}
          >
            {t('convert.all')}
          </Button>
        </div>
        <span id={`${ids}-gives`} className={styles.hint} aria-live="polite">
          {t('convert.gives', { amount: formats.money(gives ?? 0) })}
        </span>
      </div>
      <PasswordField
        id={`${ids}-password`}
        label={t('convert.password')}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setProblem(null);
          // A new attempt: the last refusal no longer stands.
          convert.reset();
        }}
      />
      {shownProblem && (
        <p className={styles.error} role="alert">
          {shownProblem}
        </p>
      )}
      {!problem && isPasswordNotSet(refusal?.code) && <SetPasswordButton label={t('convert.setPassword')} />}
      {done && (
        <p className={styles.notice} role="status">
          {t('convert.done', { points: formats.points(done.pointsMinor), amount: formats.money(done.amountMinor) })}
        </p>
      )}
      <Button type="submit" className={styles.submit} disabled={convert.isPending}>
        {convert.isPending ? t('convert.busy') : t('convert.submit')}
      </Button>
    </form>
  );
}
