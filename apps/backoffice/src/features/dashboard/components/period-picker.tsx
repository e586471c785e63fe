import { DASHBOARD_PERIODS, DashboardQuerySchema, type DashboardPeriod } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import type { DashboardFilters } from '../api/get-dashboard';
import styles from './dashboard.module.css';

/**
 * Today, 7 days, 30 days, or a custom range of the brand's days; a custom range is checked by the contract's
 * schema (both days, `to` not before `from`, at most a year) before it is asked for.
 */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: DashboardFilters;
  onChange: (next: DashboardFilters) => void;
}) {
  const { t } = useTranslation('dashboard');
  const [isCustomOpen, setIsCustomOpen] = useState(value.period === 'custom');
  const [error, setError] = useState<string | null>(null);
  const current: DashboardPeriod = isCustomOpen ? 'custom' : value.period;

  return (
    <div className={styles.periodBar}>
      <div className={styles.segments} role="group" aria-label={t('periods.label')}>
        {DASHBOARD_PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            className={styles.segment}
            aria-pressed={current === period}
            onClick={() => {
              setError(null);
              if (period === 'custom') {
                setIsCustomOpen(true);
                return;
              }
              setIsCustomOpen(false);
              onChange({ period });
            }}
          >
            {t(`periods.${period}`)}
          </button>
        ))}
      </div>
      {isCustomOpen && (
        <form
          key={`${value.from ?? ''}|${value.to ?? ''}`}
          className={styles.customRange}
          aria-label={t('periods.customLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const day = (name: string) => {
              const value = data.get(name);
              return typeof value === 'string' ? value : '';
            };
            const range = { period: 'custom' as const, from: day('from'), to: day('to') };
            const parsed = DashboardQuerySchema.safeParse(range);
            if (!parsed.success) {
              setError(t('periods.invalid'));
              return;
            }
            setError(null);
            onChange(range);
          }}
        >
          <TextField label={t('periods.from')} name="from" type="date" required defaultValue={value.from ?? ''} />
          <TextField label={t('periods.to')} name="to" type="date" required defaultValue={value.to ?? ''} />
          <Button type="submit" variant="secondary">
            {t('periods.show')}
          </Button>
          {error && (
            <p className={styles.rangeError} role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
