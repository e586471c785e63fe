import { BONUS_BALANCE_MODES, type BoBonusSettings, type BonusBalanceMode } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useBonusSettings, useSaveBonusSettings } from '../api/bonus-settings';
import styles from './bonuses.module.css';

/**
 * Where the brand pays its bonus money (decision 0063), saved with the version opened (brand.write; audited by the
 * server). A change applies to bonuses paid after it: each bonus keeps the mode it was paid in.
 */
function SettingsForm({ brand, settings }: { brand: string; settings: BoBonusSettings }) {
  const { t } = useTranslation('bonuses');
  const canWrite = useCan('brand.write');
  const save = useSaveBonusSettings(brand);
  const [balanceMode, setBalanceMode] = useState<BonusBalanceMode>(settings.balanceMode);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ balanceMode, version: settings.version });
      toast.success(t('settings.saved'));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <form className={styles.settings} onSubmit={(event) => void onSubmit(event)} aria-label={t('settings.title')}>
      <fieldset className={styles.modes} disabled={!canWrite}>
        <legend className={styles.modesLegend}>{t('settings.choose')}</legend>
        {BONUS_BALANCE_MODES.map((mode) => (
          <label key={mode} className={styles.mode} data-checked={balanceMode === mode}>
            <input
              type="radio"
              name="bonus-balance-mode"
              value={mode}
              checked={balanceMode === mode}
              onChange={() => setBalanceMode(mode)}
            />
            <span>
              <strong>{t(`settings.modes.${mode}`)}</strong>
              <span className={styles.modeText}>{t(`settings.modeTexts.${mode}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className={styles.muted}>{t('settings.kept')}</p>
      {settings.updatedAt && (
        <p className={styles.muted}>
          {t('settings.version', {
            version: settings.version,
            by: settings.updatedBy ?? '—',
            time: formatTime(settings.updatedAt),
          })}
        </p>
      )}
      {canWrite && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {t('actions.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

/** The promotions page's "Bonus money" panel: the brand's balance mode, read with brand.read. */
export function BonusSettingsPanel({ brand }: { brand: string }) {
  const { t } = useTranslation('bonuses');
  const query = useBonusSettings(brand);
  return (
    <section className={styles.section} aria-labelledby="bonus-money">
      <h2 id="bonus-money" className={styles.sectionTitle}>
        {t('settings.title')}
      </h2>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <PageLoader />
      ) : (
        // A save's answer carries the next version: the form opens again at it.
        <SettingsForm key={query.data.version} brand={brand} settings={query.data} />
      )}
    </section>
  );
}
