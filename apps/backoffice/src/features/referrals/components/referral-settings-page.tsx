import type { BoReferralSettings } from '@parlay/contract';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { Checkbox, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatCount } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { formatMoney, minorToInput, parseMajor } from '../../../lib/money';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useReferralSettings, useSaveReferralSettings } from '../api/referrals';
import styles from './referrals.module.css';

const AMOUNTS = ['minDeposit', 'minTurnover', 'inviterReward', 'invitedReward'] as const;
type Amount = (typeof AMOUNTS)[number];

/** The rules, opened as read and saved with their version (a stale save is refused; the server audits it). */
function RulesForm({ brand, settings }: { brand: string; settings: BoReferralSettings }) {
  const { t } = useTranslation('referrals');
  const canWrite = useCan('brand.write');
  const save = useSaveReferralSettings(brand);
  const { currency } = settings;
  const [enabled, setEnabled] = useState(settings.enabled);
  const [amounts, setAmounts] = useState<Record<Amount, string>>({
    minDeposit: minorToInput(settings.minDepositMinor, currency),
    minTurnover: minorToInput(settings.minTurnoverMinor, currency),
    inviterReward: minorToInput(settings.inviterRewardMinor, currency),
    invitedReward: minorToInput(settings.invitedRewardMinor, currency),
  });
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const parsed = Object.fromEntries(AMOUNTS.map((key) => [key, parseMajor(amounts[key] || '0', currency)])) as Record<
      Amount,
      number | null
    >;
    if (AMOUNTS.some((key) => parsed[key] === null || parsed[key] < 0)) {
      setProblem(t('settings.invalid'));
      return;
    }
    try {
      await save.mutateAsync({
        version: settings.version,
        enabled,
        minDepositMinor: parsed.minDeposit!,
        minTurnoverMinor: parsed.minTurnover!,
        inviterRewardMinor: parsed.inviterReward!,
        invitedRewardMinor: parsed.invitedReward!,
      });
      toast.success(t('settings.saved'));
    } catch (error) {
      setProblem(messageOf(error, t('errors.failed')));
    }
  }

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
      <h2 className={styles.sectionTitle}>{t('settings.qualifying')}</h2>
      <p className={`${styles.wide} ${styles.muted}`}>{t('settings.qualifyingHint')}</p>
      {AMOUNTS.map((key, index) => (
        <Fragment key={key}>
          {index === 2 && <h2 className={styles.sectionTitle}>{t('settings.rewards')}</h2>}
          <TextField
            label={t(`settings.${key}`, { currency })}
            hint={t(`settings.${key}Hint`)}
            inputMode="decimal"
            value={amounts[key]}
            disabled={!canWrite}
            onChange={(event) => setAmounts({ ...amounts, [key]: event.target.value })}
          />
        </Fragment>
      ))}
      {problem && (
        <p className={`${styles.wide} ${styles.problem}`} role="alert">
          {problem}
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

/**
 * A brand's referral rules (decision 0057): on or off, the invited member's credited deposits and valid bets that
 * qualify it, the inviter's reward and the invited member's own; with the brand's invited members counted, paid and
 * held. brand.write saves them with the version opened.
 */
export function ReferralSettingsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('referrals');
  const query = useReferralSettings(brand);
  const settings = query.data;
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle', { brand: brandName })} />
      {query.isPending ? (
        <PageLoader />
      ) : query.isError || !settings ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <dl className={styles.stats} aria-label={t('stats.title')}>
            <div>
              <dt>{t('stats.invited')}</dt>
              <dd>{formatCount(settings.stats.invited)}</dd>
            </div>
            <div>
              <dt>{t('stats.paid')}</dt>
              <dd>{formatCount(settings.stats.paid)}</dd>
            </div>
            <div>
              <dt>{t('stats.held')}</dt>
              <dd>{formatCount(settings.stats.held)}</dd>
            </div>
            <div>
              <dt>{t('stats.rewardPaid')}</dt>
              <dd>{formatMoney(settings.stats.rewardPaidMinor, settings.currency)}</dd>
            </div>
          </dl>
          <RulesForm key={settings.version} brand={brand} settings={settings} />
        </>
      )}
    </>
  );
}
