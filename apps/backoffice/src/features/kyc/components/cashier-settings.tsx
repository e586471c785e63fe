import { DOWNLINE_TRANSFER_SCOPES, type CashierSettingsView, type DownlineTransferScope } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useCashierSettings, useSaveCashierSettings } from '../api/cashier-settings';
import { minorToInput, parseMajor } from '../../../lib/money';
import styles from './kyc.module.css';

type AmountKey = 'threshold' | 'minMinor' | 'maxMinor' | 'dailyMaxMinor';

/** The form, opened on the settings as read; saved with their version (a stale save is refused). */
function SettingsForm({ brand, settings }: { brand: string; settings: CashierSettingsView }) {
  const { t } = useTranslation('kyc');
  const canWrite = useCan('brand.write');
  const save = useSaveCashierSettings(brand);
  const { currency } = settings;
  const [enabled, setEnabled] = useState(settings.kycEnabled);
  const [values, setValues] = useState<Record<AmountKey, string>>(() => ({
    threshold:
      settings.kycWithdrawalThresholdMinor === null ? '' : minorToInput(settings.kycWithdrawalThresholdMinor, currency),
    minMinor: minorToInput(settings.uplineTransfer.minMinor, currency),
    maxMinor: minorToInput(settings.uplineTransfer.maxMinor, currency),
    dailyMaxMinor: minorToInput(settings.uplineTransfer.dailyMaxMinor, currency),
  }));
  const [scope, setScope] = useState<DownlineTransferScope>(settings.downlineTransferScope);
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const amount = (key: AmountKey) => parseMajor(values[key], currency);
    const threshold = values.threshold.trim() === '' ? null : amount('threshold');
    const limits = {
      minMinor: amount('minMinor'),
      maxMinor: amount('maxMinor'),
      dailyMaxMinor: amount('dailyMaxMinor'),
    };
    if (
      (values.threshold.trim() !== '' && threshold === null) ||
      Object.values(limits).some((value) => value === null)
    ) {
      setProblem(t('settings.errors.amount'));
      return;
    }
    setProblem(null);
    try {
      await save.mutateAsync({
        version: settings.version,
        kycEnabled: enabled,
        kycWithdrawalThresholdMinor: threshold,
        uplineTransfer: {
          minMinor: limits.minMinor ?? 0,
          maxMinor: limits.maxMinor ?? 0,
          dailyMaxMinor: limits.dailyMaxMinor ?? 0,
        },
        downlineTransferScope: scope,
      });
      toast.success(t('settings.saved'));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
    }
  }

  const field = (key: AmountKey) => (
    <TextField
      key={key}
      label={t(`settings.${key}`, { currency })}
      hint={t(`settings.hints.${key}`)}
      inputMode="decimal"
      value={values[key]}
      disabled={!canWrite}
      onChange={(event) => setValues({ ...values, [key]: event.target.value })}
    />
  );
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} aria-label={t('settings.title')}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('settings.kyc')}</legend>
        <Checkbox
          label={t('settings.enabled')}
          checked={enabled}
          disabled={!canWrite}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        {field('threshold')}
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('settings.upline')}</legend>
        {field('minMinor')}
        {field('maxMinor')}
        {field('dailyMaxMinor')}
        <SelectField
          label={t('settings.downlineScope')}
          hint={t('settings.hints.downlineScope')}
          value={scope}
          disabled={!canWrite}
          onChange={(event) => setScope(event.target.value as DownlineTransferScope)}
        >
          {DOWNLINE_TRANSFER_SCOPES.map((value) => (
            <option key={value} value={value}>
              {t(`settings.scopes.${value}`)}
            </option>
          ))}
        </SelectField>
      </fieldset>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {canWrite && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * A brand's identity-check setting, transfer limits (decision 0043) and downline-transfer scope (decision 0062), saved
 * together and audited.
 */
export function CashierSettingsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('kyc');
  const query = useCashierSettings(brand);
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle', { brand: brandName })} />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <PageLoader />
      ) : (
        <SettingsForm key={query.data.version} brand={brand} settings={query.data} />
      )}
    </>
  );
}
