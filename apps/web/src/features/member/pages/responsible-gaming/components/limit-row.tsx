import type { ProtectionLimit } from '@parlay/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { ApiError } from '../../../../../lib/api-client';
import { useSetLimit } from '../api/set-limit';
import { findLimit, isMoneyLimit, parseLimitInput, useLimitFormat } from '../lib';
import styles from '../responsible-gaming.module.css';

/**
 * One limit: its value in force, its use this period, a raise or removal waiting with its time, and a form to
 * change it. What applies when is the server's answer, shown after the save.
 */
export function LimitRow({ limit, name, hint }: { limit: ProtectionLimit; name: string; hint?: string }) {
  const { t } = useTranslation('member-protection');
  const format = useLimitFormat();
  const id = useId();
  const save = useSetLimit();
  const [isEditing, setEditing] = useState(false);
  const [text, setText] = useState('');
  // What the last save said, kept as its parts so it reads in the language chosen after.
  const [notice, setNotice] = useState<{ pendingAt: string | null } | null>(null);
  const [error, setError] = useState('');

  const submit = (value: number | null) => {
    setError('');
    save.mutate(
      { key: limit.key, value },
      {
        onSuccess: (settings) => {
          const after = findLimit(settings.limits, limit.key);
          setNotice({ pendingAt: after?.pending?.effectiveAt ?? null });
          setEditing(false);
          setText('');
        },
        onError: (cause) => setError(cause instanceof ApiError ? cause.message : String(cause)),
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseLimitInput(limit.key, text, format.exponent);
    if (value !== null) submit(value);
  };

  const money = isMoneyLimit(limit.key);
  const used = limit.usedMinor;
  return (
    <div className={styles.limit} data-limit={limit.key}>
      <div className={styles.limitHead}>
        <div className={styles.limitName}>
          <span>{name}</span>
          {hint && <span className={styles.hint}>{hint}</span>}
        </div>
        <strong className={styles.limitValue}>
          {limit.value === null ? t('limit.none') : format.value(limit.key, limit.value)}
        </strong>
      </div>
      {money && used !== null && (
        <p className={styles.usage}>
          {limit.value === null
            ? t('limit.usedNoLimit', { used: format.value(limit.key, Math.max(0, used)) })
            : t('limit.used', {
                used: format.value(limit.key, Math.max(0, used)),
                limit: format.value(limit.key, limit.value),
              })}
        </p>
      )}
      {limit.value !== null && money && used !== null && (
        <div
          className={styles.meter}
          role="presentation"
          style={{ '--used': `${Math.min(100, Math.max(0, (used / limit.value) * 100))}%` } as React.CSSProperties}
        />
      )}
      {limit.pending && (
        <p className={styles.pending} data-pending>
          {limit.pending.value === null
            ? t('limit.pendingRemove', { time: format.time(limit.pending.effectiveAt) })
            : t('limit.pendingRaise', {
                value: format.value(limit.key, limit.pending.value),
                time: format.time(limit.pending.effectiveAt),
              })}
        </p>
      )}
      {isEditing ? (
        <form className={styles.form} onSubmit={onSubmit}>
          <label htmlFor={`${id}-value`} className={styles.srOnly}>
            {t('limit.amount', { name })}
          </label>
          <input
            id={`${id}-value`}
            className={styles.input}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            placeholder={money ? undefined : t('time.unit')}
            value={text}
            onChange={(event) => setText(event.target.value.replace(/\D/g, '').slice(0, 13))}
          />
          <Button type="submit" disabled={save.isPending || parseLimitInput(limit.key, text, format.exponent) === null}>
            {t('limit.save')}
          </Button>
          {limit.value !== null && (
            <Button type="button" variant="secondary" disabled={save.isPending} onClick={() => submit(null)}>
              {t('limit.remove')}
            </Button>
          )}
          <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
            {t('limit.cancel')}
          </Button>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => {
              setNotice(null);
              setEditing(true);
            }}
          >
            {limit.value === null ? t('limit.set') : t('limit.edit')}
          </Button>
        </div>
      )}
      {(notice || error) && (
        <p className={error ? styles.error : styles.notice} role={error ? 'alert' : 'status'}>
          {error ||
            (notice?.pendingAt ? t('limit.savedPending', { time: format.time(notice.pendingAt) }) : t('limit.saved'))}
        </p>
      )}
    </div>
  );
}
