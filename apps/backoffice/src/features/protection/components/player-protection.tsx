import {
  PROTECTION_LIMITS,
  SELF_EXCLUSION_MAX_MONTHS,
  SELF_EXCLUSION_MIN_MONTHS,
  TIME_OUT_MAX_DAYS,
  TIME_OUT_MIN_DAYS,
  type PlayerProtection as Protection,
  type PlayerProtectionBlockRequest,
  type ProtectionHistoryItem,
  type ProtectionLimit,
} from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { formatMoney, formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useBlockPlayer } from '../api/block-player';
import { usePlayerProtection, type PlayerRef } from '../api/get-player-protection';
import styles from './player-protection.module.css';

const isTime = (key: string) => key === 'sessionMinutes' || key === 'realityCheckMinutes';
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * A player's responsible-gaming settings on their page (decision 0042): each limit with its use and pending change,
 * the time-out or self-exclusion in force, and every change by the player, the system or an operator, newest first.
 * players.write adds a time-out or self-exclusion, which signs the player out and never shortens one in force.
 */
export function PlayerProtection({ brand, playerId }: PlayerRef) {
  const { t } = useTranslation('protection');
  const [isOpen, setOpen] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="player-protection-title">
      <div className={styles.head}>
        <h2 id="player-protection-title" className={styles.title}>
          {t('title')}
        </h2>
        <Button variant="ghost" aria-expanded={isOpen} onClick={() => setOpen(!isOpen)}>
          {isOpen ? t('hide') : t('show')}
        </Button>
      </div>
      {isOpen && <ProtectionDetail brand={brand} playerId={playerId} />}
    </section>
  );
}

/** The settings, the block form (players.write) and the history, read once the section is opened. */
function ProtectionDetail({ brand, playerId }: PlayerRef) {
  const { t } = useTranslation('protection');
  const canWrite = useCan('players.write');
  const query = usePlayerProtection({ brand, playerId });
  const block = useBlockPlayer({ brand, playerId });
  const [kind, setKind] = useState<'timeOut' | 'selfExclusion'>('timeOut');
  const [length, setLength] = useState(TIME_OUT_MIN_DAYS);
  const [asking, setAsking] = useState<PlayerProtectionBlockRequest | null>(null);

  if (query.isPending) return null;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const data: Protection = query.data;
  const value = (key: string, amount: number | null) =>
    amount === null
      ? t('none')
      : isTime(key)
        ? t('minutes', { count: amount })
        : formatMoney(amount, data.currency, data.currencyExponent);
  const lengths =
    kind === 'timeOut'
      ? range(TIME_OUT_MIN_DAYS, TIME_OUT_MAX_DAYS)
      : range(SELF_EXCLUSION_MIN_MONTHS, SELF_EXCLUSION_MAX_MONTHS);
  const historyValue = (item: ProtectionHistoryItem, amount: number | null) =>
    item.action === 'blocked'
      ? amount === null
        ? '—'
        : t(item.key === 'timeOut' ? 'days' : 'months', { count: amount })
      : value(item.key, amount);

  return (
    <>
      <div className={styles.head}>
        {data.settings.block ? (
          <Badge tone="warn">
            {t(`block.${data.settings.block.kind}`, { until: formatTime(data.settings.block.until) })}
          </Badge>
        ) : (
          <Badge tone="ok">{t('block.none')}</Badge>
        )}
      </div>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('limits.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('limits.limit')}</th>
            <th scope="col">{t('limits.value')}</th>
            <th scope="col">{t('limits.used')}</th>
            <th scope="col">{t('limits.pending')}</th>
          </tr>
        </thead>
        <tbody>
          {PROTECTION_LIMITS.map((key) => {
            const limit = data.settings.limits.find((item) => item.key === key) as ProtectionLimit;
            return (
              <tr key={key}>
                <th scope="row">{t(`keys.${key}`)}</th>
                <td>{value(key, limit.value)}</td>
                <td>{limit.usedMinor === null ? '—' : value(key, limit.usedMinor)}</td>
                <td>
                  {limit.pending
                    ? t('limits.pendingAt', {
                        value: value(key, limit.pending.value),
                        at: formatTime(limit.pending.effectiveAt),
                      })
                    : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      {canWrite && (
        <form
          className={styles.block}
          onSubmit={(event) => {
            event.preventDefault();
            setAsking(kind === 'timeOut' ? { kind, days: length } : { kind, months: length });
          }}
        >
          <SelectField
            label={t('block.kind')}
            value={kind}
            onChange={(event) => {
              const next = event.target.value as 'timeOut' | 'selfExclusion';
              setKind(next);
              setLength(next === 'timeOut' ? TIME_OUT_MIN_DAYS : SELF_EXCLUSION_MIN_MONTHS);
            }}
          >
            <option value="timeOut">{t('block.kindTimeOut')}</option>
            <option value="selfExclusion">{t('block.kindSelfExclusion')}</option>
          </SelectField>
          <SelectField
            label={kind === 'timeOut' ? t('block.daysLabel') : t('block.monthsLabel')}
            value={length}
            onChange={(event) => setLength(Number(event.target.value))}
          >
            {lengths.map((count) => (
              <option key={count} value={count}>
                {t(kind === 'timeOut' ? 'days' : 'months', { count })}
              </option>
            ))}
          </SelectField>
          <Button type="submit" variant="danger">
            {t('block.add')}
          </Button>
        </form>
      )}

      <h3 className={styles.subtitle}>{t('history.title')}</h3>
      {data.history.length === 0 ? (
        <p className={styles.muted}>{t('history.empty')}</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">{t('history.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.at')}</th>
              <th scope="col">{t('history.change')}</th>
              <th scope="col">{t('history.before')}</th>
              <th scope="col">{t('history.after')}</th>
              <th scope="col">{t('history.effectiveAt')}</th>
              <th scope="col">{t('history.by')}</th>
            </tr>
          </thead>
          <tbody>
            {data.history.map((item) => (
              <tr key={item.id}>
                <td className={styles.nowrap}>{formatTime(item.at)}</td>
                <td>
                  {t(`keys.${item.key}`, { defaultValue: item.key })} · {t(`actions.${item.action}`)}
                </td>
                <td>{historyValue(item, item.before)}</td>
                <td>{historyValue(item, item.after)}</td>
                <td className={styles.nowrap}>{formatTime(item.effectiveAt)}</td>
                <td className="mono">{item.actor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={
          asking?.kind === 'selfExclusion'
            ? t('block.confirmSelfExclusion', { count: asking.months })
            : t('block.confirmTimeOut', { count: asking?.kind === 'timeOut' ? asking.days : 0 })
        }
        description={t('block.confirmText')}
        confirmLabel={t('block.add')}
        onConfirm={async () => {
          if (!asking) return;
          try {
            const done = await block.mutateAsync(asking);
            toast.success(t('block.done', { until: formatTime(done.until) }));
          } catch (error) {
            toast.error(messageOf(error, t('block.failed')));
            throw error;
          }
        }}
      />
    </>
  );
}
