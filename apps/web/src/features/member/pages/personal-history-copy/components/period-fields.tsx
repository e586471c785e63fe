import { MEMBER_PERIOD_MAX_DAYS } from '@parlay/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../../components/ui/icon';
import { addDays, daysOf, isReadablePeriod, lastDays, type Period } from '../lib/period';
import styles from './period-fields.module.css';

/**
 * A period of the brand's days: the last 7 or 30 days, the same length before or after the one shown (the
 * product's previous and next 7 and 30 days), or any two days. Never past today: nothing was played there.
 */
export function PeriodFields({
  value,
  today,
  onChange,
}: {
  value: Period;
  today: string;
  onChange: (period: Period) => void;
}) {
  const { t } = useTranslation('member-history');
  const id = useId();
  const readable = isReadablePeriod(value);
  const days = readable ? daysOf(value) : 7;
  const isLast = (n: number) => value.to === today && value.from === addDays(today, 1 - n);
  const next = { from: addDays(value.to, 1), to: addDays(value.to, days) };
  const canGoNext = readable && value.to < today;

  return (
    <div className={styles.period}>
      <div className={styles.presets} role="group" aria-label={t('filters.label')}>
        {[7, 30].map((n) => (
          <button
            key={n}
            type="button"
            className={styles.chip}
            aria-pressed={isLast(n)}
            onClick={() => onChange(lastDays(n, today))}
          >
            {t(n === 7 ? 'filters.last7' : 'filters.last30')}
          </button>
        ))}
        <button
          type="button"
          className={styles.step}
          aria-label={t('filters.prev', { days })}
          title={t('filters.prev', { days })}
          disabled={!readable}
          onClick={() => onChange({ from: addDays(value.from, -days), to: addDays(value.from, -1) })}
        >
          <Icon name="chevronRight" size={16} className={styles.back} />
        </button>
        <button
          type="button"
          className={styles.step}
          aria-label={t('filters.next', { days })}
          title={t('filters.next', { days })}
          disabled={!canGoNext}
          onClick={() => onChange(next.to > today ? { from: addDays(today, 1 - days), to: today } : next)}
        >
          <Icon name="chevronRight" size={16} />
        </button>
      </div>
      <div className={styles.dates}>
        <label htmlFor={`${id}-from`}>
          <span>{t('filters.from')}</span>
          <input
            id={`${id}-from`}
            type="date"
            value={value.from}
            max={today}
            onChange={(event) => onChange({ ...value, from: event.target.value })}
          />
        </label>
        <label htmlFor={`${id}-to`}>
          <span>{t('filters.to')}</span>
          <input
            id={`${id}-to`}
            type="date"
            value={value.to}
            max={today}
            onChange={(event) => onChange({ ...value, to: event.target.value })}
          />
        </label>
      </div>
      {!readable && (
        <p className={styles.problem} role="alert">
          {t('filters.badPeriod', { days: MEMBER_PERIOD_MAX_DAYS })}
        </p>
      )}
    </div>
  );
}
