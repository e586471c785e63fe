import { POINT_PERIODS, POINT_RATE_CATEGORIES, type BoPointConfig, type PointRateCategory } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { usePointConfig, useSavePointConfig } from '../api/point-config';
import { formatPoints, parsePoints } from '../../../lib/points';
import { parseRate, rateText } from '../lib';
import styles from './points.module.css';

type RateKey = PointRateCategory | 'deposit';

/** The form, opened on the configuration as read; saved with its version (a stale save is refused). */
function ConfigForm({ brand, config }: { brand: string; config: BoPointConfig }) {
  const { t } = useTranslation('points');
  const canWrite = useCan('points.write');
  const save = useSavePointConfig(brand);
  const [rates, setRates] = useState<Record<RateKey, string>>(() => ({
    ...(Object.fromEntries(POINT_RATE_CATEGORIES.map((key) => [key, rateText(config.rates[key])])) as Record<
      PointRateCategory,
      string
    >),
    deposit: rateText(config.depositRateBp),
  }));
  const [enabled, setEnabled] = useState(config.enabled);
  const [period, setPeriod] = useState(config.period);
  const scale = 10 ** config.currencyExponent;
  const [conversion, setConversion] = useState(String(config.conversionMinorPerPoint / scale));
  const [minimum, setMinimum] = useState(formatPoints(config.conversionMinPointsMinor).replaceAll(',', ''));

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = Object.fromEntries(Object.entries(rates).map(([key, text]) => [key, parseRate(text)]));
    const conversionMinor = Math.round(Number(conversion) * scale);
    const minimumMinor = parsePoints(minimum);
    if (
      Object.values(parsed).some((rate) => rate === undefined) ||
      !Number.isSafeInteger(conversionMinor) ||
      conversionMinor < 0 ||
      minimumMinor === null ||
      minimumMinor < 0
    ) {
      toast.error(t('settings.invalid'));
      return;
    }
    const { deposit, ...categoryRates } = parsed as Record<RateKey, number | null>;
    try {
      await save.mutateAsync({
        version: config.version,
        enabled,
        rates: categoryRates,
        depositRateBp: deposit,
        period,
        conversionMinorPerPoint: conversionMinor,
        conversionMinPointsMinor: minimumMinor,
      });
      toast.success(t('settings.saved'));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
    }
  }

  const rateField = (key: RateKey) => (
    <TextField
      key={key}
      label={t(`categories.${key}`)}
      inputMode="decimal"
      value={rates[key]}
      disabled={!canWrite}
      onChange={(event) => setRates({ ...rates, [key]: event.target.value })}
    />
  );
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} aria-label={t('settings.title')}>
      <div className={styles.wide}>
        <Checkbox
          label={t('settings.enabled')}
          checked={enabled}
          disabled={!canWrite}
          onChange={(event) => setEnabled(event.target.checked)}
        />
      </div>
      <h2 className={styles.sectionTitle}>{t('settings.rates')}</h2>
      <p className={`${styles.wide} ${styles.muted}`}>{t('settings.rateHint')}</p>
      {POINT_RATE_CATEGORIES.map(rateField)}
      {rateField('deposit')}
      <h2 className={styles.sectionTitle}>{t('settings.periodAndConversion')}</h2>
      <SelectField
        label={t('settings.period')}
        value={period}
        disabled={!canWrite}
        onChange={(event) => setPeriod(event.target.value as typeof period)}
      >
        {POINT_PERIODS.map((value) => (
          <option key={value} value={value}>
            {t(`periods.${value}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('settings.conversion', { currency: config.currency })}
        hint={t('settings.conversionHint')}
        inputMode="decimal"
        value={conversion}
        disabled={!canWrite}
        onChange={(event) => setConversion(event.target.value)}
      />
      <TextField
        label={t('settings.minimum')}
        inputMode="decimal"
        value={minimum}
        disabled={!canWrite}
        onChange={(event) => setMinimum(event.target.value)}
      />
      {config.updatedAt && (
        <p className={`${styles.wide} ${styles.muted}`}>
          {t('settings.version', { version: config.version, by: config.updatedBy ?? '—' })}
        </p>
      )}
      {canWrite && (
        <div className={styles.wide}>
          <Button type="submit" disabled={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

/** Opens a member's point ledger by the member's number (the player page links to it too). */
function MemberLookup({ brand }: { brand: string }) {
  const { t } = useTranslation('points');
  const navigate = useNavigate();
  const [memberId, setMemberId] = useState('');
  const valid = /^\d{1,15}$/.test(memberId.trim()) && Number(memberId) > 0;
  return (
    <form
      className={styles.lookup}
      aria-label={t('lookup.title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void navigate(`/brands/${encodeURIComponent(brand)}/points/members/${memberId.trim()}`);
      }}
    >
      <h2 className={styles.sectionTitle}>{t('lookup.title')}</h2>
      <TextField
        label={t('lookup.memberId')}
        inputMode="numeric"
        value={memberId}
        onChange={(event) => setMemberId(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={!valid}>
        {t('lookup.open')}
      </Button>
    </form>
  );
}

/** A brand's points (decision 0044): the rates by category, the period, the conversion; a member's ledger. */
export function PointSettingsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('points');
  const query = usePointConfig(brand);
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle', { brand: brandName })} />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <PageLoader />
      ) : (
        <ConfigForm key={query.data.version} brand={brand} config={query.data} />
      )}
      <MemberLookup brand={brand} />
    </>
  );
}
