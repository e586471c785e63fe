import type { WithdrawalSettingsView } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { Checkbox, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { formatMoney, fractionDigits } from '../../../lib/money';
import { useSaveWithdrawalSettings, useWithdrawalSettings } from '../api/withdrawal-settings';
import styles from './withdrawals.module.css';

type NumberKey =
  | 'minMinor'
  | 'maxMinor'
  | 'dailyCount'
  | 'confirmMinutes'
  | 'turnoverPercent'
  | 'maxBankAccounts'
  | 'largeAmountMinor';
const MONEY: NumberKey[] = ['minMinor', 'maxMinor', 'largeAmountMinor'];
const COUNTS: NumberKey[] = ['dailyCount', 'confirmMinutes', 'turnoverPercent', 'maxBankAccounts'];

/** The form, opened on the settings as read; saved with their version (a stale save is refused). */
function SettingsForm({
  brand,
  settings,
  currency,
}: {
  brand: string;
  settings: WithdrawalSettingsView;
  currency: string;
}) {
  const { t } = useTranslation('withdrawals');
  const canWrite = useCan('withdrawals.write');
  const save = useSaveWithdrawalSettings(brand);
  const scale = 10 ** fractionDigits(currency);
  const [values, setValues] = useState<Record<NumberKey, string>>(() => ({
    minMinor: String(settings.minMinor / scale),
    maxMinor: String(settings.maxMinor / scale),
    largeAmountMinor: String(settings.largeAmountMinor / scale),
    dailyCount: String(settings.dailyCount),
    confirmMinutes: String(settings.confirmMinutes),
    turnoverPercent: String(settings.turnoverPercent),
    maxBankAccounts: String(settings.maxBankAccounts),
  }));
  const [password, setPassword] = useState(settings.paymentPasswordRequired);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const number = (key: NumberKey) => Math.round(Number(values[key]) * (MONEY.includes(key) ? scale : 1));
    try {
      await save.mutateAsync({
        version: settings.version,
        paymentPasswordRequired: password,
        minMinor: number('minMinor'),
        maxMinor: number('maxMinor'),
        largeAmountMinor: number('largeAmountMinor'),
        dailyCount: number('dailyCount'),
        confirmMinutes: number('confirmMinutes'),
        turnoverPercent: number('turnoverPercent'),
        maxBankAccounts: number('maxBankAccounts'),
        banks: settings.banks,
      });
      toast.success(t('settings.saved'));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
    }
  }

  const field = (key: NumberKey) => (
    <TextField
      key={key}
      label={t(`settings.${key}`, { currency })}
      hint={t(`settings.hints.${key}`)}
      inputMode="numeric"
      value={values[key]}
      disabled={!canWrite}
      onChange={(event) => setValues({ ...values, [key]: event.target.value })}
    />
  );
  const banks = settings.banks ?? settings.defaultBanks;
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} aria-label={t('settings.title')}>
      {MONEY.map(field)}
      {COUNTS.map(field)}
      <div className={styles.wide}>
        <Checkbox
          label={t('settings.paymentPasswordRequired')}
          checked={password}
          disabled={!canWrite}
          onChange={(event) => setPassword(event.target.checked)}
        />
      </div>
      <div className={styles.wide}>
        <p className={styles.muted}>{settings.banks ? t('settings.banksOwn') : t('settings.banksDefault')}</p>
        <span className={styles.banks}>
          {banks.map((bank) => (
            <Badge key={bank.code}>{bank.name}</Badge>
          ))}
        </span>
      </div>
      <p className={`${styles.wide} ${styles.muted}`}>
        {t('settings.summary', {
          min: formatMoney(settings.minMinor, currency),
          max: formatMoney(settings.maxMinor, currency),
          count: settings.dailyCount,
        })}
      </p>
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

/** A brand's withdrawal settings (decision 0041): the rules a request passes, the risk threshold, the banks. */
export function WithdrawalSettingsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('withdrawals');
  const query = useWithdrawalSettings(brand);
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle', { brand: brandName })} />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <PageLoader />
      ) : (
        <SettingsForm key={query.data.version} brand={brand} settings={query.data} currency={query.data.currency} />
      )}
    </>
  );
}
