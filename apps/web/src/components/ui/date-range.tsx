import { MEMBER_PERIOD_MAX_DAYS } from '@parlay/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import { addKoreanTexts } from '../../i18n';
import texts from '../../i18n/locales/ko/member-dates.json';
import styles from './date-range.module.css';

// The period picker of the member and agent centres' record pages; its Korean texts come with the chunks that use it
// (decision 0008).
addKoreanTexts('member-dates', texts);

/** A period of the brand's days, YYYY-MM-DD, `to` included: what the member centre's records calls read. */
export interface DateRangeValue {
  from: string;
  to: string;
}

/** Today in the brand's time zone: its days decide what a period holds, wherever the member is. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysOf(range: DateRangeValue): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The previous `days` days: up to today, today included. */
export function previousDays(days: number, today: string): DateRangeValue {
  return { from: addDays(today, 1 - days), to: today };
}

/** The next `days` days: from today, today included. */
export function nextDays(days: number, today: string): DateRangeValue {
  return { from: today, to: addDays(today, days - 1) };
}

/** A period the server reads: real days, in order, at most MEMBER_PERIOD_MAX_DAYS long. */
export function isReadableRange(range: DateRangeValue): boolean {
  const isDay = (day: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(Date.parse(`${day}T00:00:00Z`)).toISOString().startsWith(day);
  if (!isDay(range.from) || !isDay(range.to)) return false;
  const days = daysOf(range);
  return days >= 1 && days <= MEMBER_PERIOD_MAX_DAYS;
}

type Preset = 'previous7' | 'previous30' | 'next7' | 'next30';

const PRESETS: Record<Preset, (today: string) => DateRangeValue> = {
  previous7: (today) => previousDays(7, today),
  previous30: (today) => previousDays(30, today),
  next7: (today) => nextDays(7, today),
  next30: (today) => nextDays(30, today),
};

/**
 * The member centre's period picker (docs/product/member-centre.md#records): the product's presets, the previous
 * and the next 7 and 30 days, two dates, and steps to the same number of days before or after the one shown. A
 * page whose records cannot be in the future (a ledger, rounds) passes `allowFuture={false}`: the next-days
 * presets are not offered and no day after today can be chosen. A period the server would refuse says why.
 */
export function DateRange({
  value,
  today,
  onChange,
  allowFuture = true,
}: {
  value: DateRangeValue;
  /** Today in the brand's time zone (todayIn). */
  today: string;
  onChange: (range: DateRangeValue) => void;
  allowFuture?: boolean;
}) {
  const { t } = useTranslation('member-dates');
  const id = useId();
  const readable = isReadableRange(value);
  const days = readable ? daysOf(value) : 7;
  const presets = (Object.keys(PRESETS) as Preset[]).filter((preset) => allowFuture || preset.startsWith('previous'));
  const later = { from: addDays(value.to, 1), to: addDays(value.to, days) };
  const canGoForward = readable && (allowFuture || value.to < today);
  const max = allowFuture ? undefined : today;

  return (
    <div className={styles.period}>
      <div className={styles.presets} role="group" aria-label={t('label')}>
        {presets.map((preset) => {
          const range = PRESETS[preset](today);
          return (
            <button
              key={preset}
              type="button"
              className={styles.chip}
              aria-pressed={range.from === value.from && range.to === value.to}
              onClick={() => onChange(range)}
            >
              {t(preset)}
            </button>
          );
        })}
        <button
          type="button"
          className={styles.step}
          aria-label={t('back', { days })}
          title={t('back', { days })}
          disabled={!readable}
          onClick={() => onChange({ from: addDays(value.from, -days), to: addDays(value.from, -1) })}
        >
          <Icon name="chevronRight" size={16} className={styles.back} />
        </button>
        <button
          type="button"
          className={styles.step}
          aria-label={t('forward', { days })}
          title={t('forward', { days })}
          disabled={!canGoForward}
          onClick={() => onChange(!allowFuture && later.to > today ? previousDays(days, today) : later)}
        >
          <Icon name="chevronRight" size={16} />
        </button>
      </div>
      <div className={styles.dates}>
        <label htmlFor={`${id}-from`}>
          <span>{t('from')}</span>
          <input
            id={`${id}-from`}
            type="date"
            value={value.from}
            max={max}
            onChange={(event) => onChange({ from: event.target.value, to: value.to })}
          />
        </label>
        <label htmlFor={`${id}-to`}>
          <span>{t('to')}</span>
          <input
            id={`${id}-to`}
            type="date"
            value={value.to}
            max={max}
            onChange={(event) => onChange({ from: value.from, to: event.target.value })}
          />
        </label>
      </div>
      {!readable && (
        <p className={styles.problem} role="alert">
          {t('invalid', { days: MEMBER_PERIOD_MAX_DAYS })}
        </p>
      )}
    </div>
  );
}
