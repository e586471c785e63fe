import {
  SELF_EXCLUSION_MAX_MONTHS,
  SELF_EXCLUSION_MIN_MONTHS,
  TIME_OUT_MAX_DAYS,
  TIME_OUT_MIN_DAYS,
} from '@parlay/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { Dialog } from '../../../../../components/ui/dialog';
import { ApiError } from '../../../../../lib/api-client';
import { useMemberCentreStore } from '../../../../../lib/member-centre-store';
import { noteSessionEnd } from '../../../../../lib/session-end';
import { useSessionStore } from '../../../../../lib/session-store';
import { useTakeBreak, type BreakRequest } from '../api/take-break';
import { useLimitFormat } from '../lib';
import styles from '../responsible-gaming.module.css';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const DAYS = [...range(TIME_OUT_MIN_DAYS, 7), 14, 21, 28, 35, TIME_OUT_MAX_DAYS];
const MONTHS = [SELF_EXCLUSION_MIN_MONTHS, 9, 12, 18, 24, 36, 48, SELF_EXCLUSION_MAX_MONTHS];

/** When a break asked for now would end, for the dialog (the server sets the real end). */
function endOf(request: BreakRequest): string {
  const end = new Date();
  if (request.kind === 'timeOut') end.setTime(end.getTime() + request.days * 24 * 60 * 60_000);
  else end.setUTCMonth(end.getUTCMonth() + request.months);
  return end.toISOString();
}

/**
 * A time-out (1 day to 6 weeks) and self-exclusion (6 months to 5 years): a dialog says what happens and that it
 * cannot be undone early; on yes every session ends, this one too, and the site signs out.
 */
export function BreaksCard() {
  const { t } = useTranslation('member-protection');
  const format = useLimitFormat();
  const id = useId();
  const [days, setDays] = useState(1);
  const [months, setMonths] = useState(SELF_EXCLUSION_MIN_MONTHS);
  const [asking, setAsking] = useState<BreakRequest | null>(null);
  const [error, setError] = useState('');
  const take = useTakeBreak();

  const lengthOf = (request: BreakRequest) =>
    request.kind === 'timeOut'
      ? t('breaks.daysOption', { count: request.days })
      : t('breaks.monthsOption', { count: request.months });
  const confirm = () => {
    if (!asking) return;
    take.mutate(asking, {
      onSuccess: () => {
        const reason = asking.kind;
        setAsking(null);
        useMemberCentreStore.getState().closeMemberCentre();
        // Told why, as when the server's socket closes first: whichever comes first signs out with the reason.
        noteSessionEnd({ reason });
        useSessionStore.getState().endSession();
      },
      onError: (cause) => {
        setAsking(null);
        setError(cause instanceof ApiError ? cause.message : String(cause));
      },
    });
  };

  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.cardTitle}>
        {t('breaks.title')}
      </h3>
      <div className={styles.breaks}>
        <div className={styles.break}>
          <div className={styles.limitName}>
            <span>{t('breaks.timeOut')}</span>
            <span className={styles.hint}>{t('breaks.timeOutHint')}</span>
          </div>
          <div className={styles.form}>
            <label htmlFor={`${id}-days`} className={styles.srOnly}>
              {t('breaks.days')}
            </label>
            <select
              id={`${id}-days`}
              className={styles.input}
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
            >
              {DAYS.map((count) => (
                <option key={count} value={count}>
                  {t('breaks.daysOption', { count })}
                </option>
              ))}
            </select>
            <Button variant="secondary" onClick={() => setAsking({ kind: 'timeOut', days })}>
              {t('breaks.start')}
            </Button>
          </div>
        </div>
        <div className={styles.break}>
          <div className={styles.limitName}>
            <span>{t('breaks.selfExclusion')}</span>
            <span className={styles.hint}>{t('breaks.selfExclusionHint')}</span>
          </div>
          <div className={styles.form}>
            <label htmlFor={`${id}-months`} className={styles.srOnly}>
              {t('breaks.months')}
            </label>
            <select
              id={`${id}-months`}
              className={styles.input}
              value={months}
              onChange={(event) => setMonths(Number(event.target.value))}
            >
              {MONTHS.map((count) => (
                <option key={count} value={count}>
                  {t('breaks.monthsOption', { count })}
                </option>
              ))}
            </select>
            <Button variant="secondary" onClick={() => setAsking({ kind: 'selfExclusion', months })}>
              {t('breaks.start')}
            </Button>
          </div>
        </div>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        name="protection-break"
        title={
          asking
            ? t(asking.kind === 'timeOut' ? 'breaks.confirmTimeOut' : 'breaks.confirmSelfExclusion', {
                length: lengthOf(asking),
              })
            : ''
        }
        buttons={[
          { label: t('breaks.back'), variant: 'secondary', onClick: () => setAsking(null) },
          { label: t('breaks.confirm'), variant: 'primary', onClick: confirm, disabled: take.isPending },
        ]}
      >
        {asking && (
          <>
            <p>{t('breaks.confirmText', { until: format.time(endOf(asking)) })}</p>
            <p>{t('breaks.confirmMarketing')}</p>
          </>
        )}
      </Dialog>
    </section>
  );
}
