import type { BoAgentSettings } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useAgentSettings, useSaveAgentSettings } from '../api/agent-settings';
import styles from './agent-contracts.module.css';

const SETTINGS = ['subAgentsAllowed', 'dividendCarriesLoss'] as const;
type Setting = (typeof SETTINGS)[number];

/**
 * The brand's agent settings, saved with the version opened (brand.write; audited by the server): whether its agents
 * may make sub-agents, and whether a dividend's negative period carries into the contract's next period. A change
 * applies from the save on.
 */
function SettingsForm({ brand, settings }: { brand: string; settings: BoAgentSettings }) {
  const { t } = useTranslation('agentContracts');
  const canWrite = useCan('brand.write');
  const save = useSaveAgentSettings(brand);
  const [values, setValues] = useState<Record<Setting, boolean>>({
    subAgentsAllowed: settings.subAgentsAllowed,
    dividendCarriesLoss: settings.dividendCarriesLoss,
  });

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ ...values, version: settings.version });
      toast.success(t('settings.saved'));
    } catch (error) {
      toast.error(messageOf(error, t('settings.failed')));
    }
  }

  return (
    <form className={styles.settings} onSubmit={(event) => void onSubmit(event)} aria-label={t('settings.title')}>
      <fieldset className={styles.switches} disabled={!canWrite}>
        {SETTINGS.map((name) => (
          <label key={name} className={styles.setting}>
            <input
              type="checkbox"
              role="switch"
              checked={values[name]}
              onChange={(event) => setValues({ ...values, [name]: event.target.checked })}
            />
            <span>
              <strong>{t(`settings.${name}.label`)}</strong>
              <span className={styles.hint}>{t(`settings.${name}.${values[name] ? 'on' : 'off'}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className={styles.hint}>
        {settings.updatedAt
          ? t('settings.version', { version: settings.version, time: formatTime(settings.updatedAt) })
          : t('settings.never')}
      </p>
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

/** The agent contracts page's "Agent settings" section, read with brand.read. */
export function AgentSettingsPanel({ brand }: { brand: string }) {
  const { t } = useTranslation('agentContracts');
  const query = useAgentSettings(brand);
  return (
    <section className={styles.section} aria-labelledby="agent-settings">
      <h2 id="agent-settings" className={styles.sectionTitle}>
        {t('settings.title')}
      </h2>
      <p className={styles.hint}>{t('settings.intro')}</p>
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
