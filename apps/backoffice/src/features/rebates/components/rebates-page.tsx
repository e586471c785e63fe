import {
  REBATE_CATEGORIES,
  REBATE_PERIODS,
  type BoRebatePayout,
  type BoRebateSettings,
  type RebatePeriodKind,
} from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { formatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useRebatePayouts } from '../api/rebate-payouts';
import { useRebateSettings, useSaveRebateSettings } from '../api/rebate-settings';
import styles from './rebates.module.css';

const payout = columnsOf<BoRebatePayout>();

/** A rate in basis points as a percentage: 30 → 0.3%. */
function percent(bp: number | undefined): string {
  return bp ? `${(bp / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%` : '—';
}

/** The brand's period, auto-pay and pause, saved with the version opened (deposits.write; audited by the server). */
function SettingsForm({ brand, settings }: { brand: string; settings: BoRebateSettings }) {
  const { t } = useTranslation('rebates');
  const canWrite = useCan('deposits.write');
  const save = useSaveRebateSettings(brand);
  const [enabled, setEnabled] = useState(settings.enabled);
  const [autoPay, setAutoPay] = useState(settings.autoPay);
  const [period, setPeriod] = useState<RebatePeriodKind>(settings.pendingPeriod ?? settings.period);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({ version: settings.version, enabled, autoPay, period });
      toast.success(t('settings.saved'));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} aria-label={t('settings.title')}>
      <SelectField
        label={t('settings.period')}
        hint={t('settings.periodHint', { timeZone: settings.timeZone })}
        value={period}
        disabled={!canWrite}
        onChange={(event) => setPeriod(event.target.value as RebatePeriodKind)}
      >
        {REBATE_PERIODS.map((value) => (
          <option key={value} value={value}>
            {t(`periods.${value}`)}
          </option>
        ))}
      </SelectField>
      <div className={styles.checks}>
        <Checkbox
          label={t('settings.autoPay')}
          checked={autoPay}
          disabled={!canWrite}
          onChange={(event) => setAutoPay(event.target.checked)}
        />
        <Checkbox
          label={t('settings.enabled')}
          checked={enabled}
          disabled={!canWrite}
          onChange={(event) => setEnabled(event.target.checked)}
        />
      </div>
      {settings.pendingPeriod && settings.pendingFrom && (
        <p className={`${styles.wide} ${styles.notice}`}>
          {t('settings.pending', {
            period: t(`periods.${settings.pendingPeriod}`),
            from: settings.pendingFrom,
            current: t(`periods.${settings.period}`),
          })}
        </p>
      )}
      {settings.updatedAt && (
        <p className={`${styles.wide} ${styles.muted}`}>
          {t('settings.version', { version: settings.version, by: settings.updatedBy ?? '—' })}
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

/** The VIP levels' rates by game type (edited on the VIP levels page). */
function LevelRates({ settings }: { settings: BoRebateSettings }) {
  const { t } = useTranslation('rebates');
  if (settings.levels.length === 0) return <EmptyState title={t('rates.empty')} />;
  return (
    <div className={styles.scroll}>
      <table className={styles.rates}>
        <caption className={styles.caption}>{t('rates.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rates.level')}</th>
            {REBATE_CATEGORIES.map((category) => (
              <th key={category} scope="col" className={styles.number}>
                {t(`categories.${category}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {settings.levels.map((level) => (
            <tr key={level.rankLevel}>
              <th scope="row">
                {level.name} <span className={styles.muted}>({level.rankLevel})</span>
              </th>
              {REBATE_CATEGORIES.map((category) => (
                <td key={category} className={styles.number}>
                  {percent(level.rebateBp[category])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An account filter typed, then applied: the list follows the address. */
function AccountFilter({ value, onApply }: { value: string; onApply: (account: string) => void }) {
  const { t } = useTranslation('rebates');
  const [text, setText] = useState(value);
  return (
    <form
      className={styles.filterForm}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(text.trim());
      }}
    >
      <TextField label={t('payouts.account')} value={text} onChange={(event) => setText(event.target.value)} />
      <Button type="submit" variant="secondary">
        {t('payouts.apply')}
      </Button>
    </form>
  );
}

/** The rebates paid, newest first, by member. */
function Payouts({ brand, currency }: { brand: string; currency: string }) {
  const { t } = useTranslation('rebates');
  const list = useKeysetList(['account'] as const);
  const query = useRebatePayouts(brand, list.filters.account, list.cursor);
  const columns = [
    payout.accessor('paidAt', {
      header: t('payouts.paidAt'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    payout.accessor('account', {
      header: t('payouts.member'),
      cell: (info) => (
        <span className={styles.lines}>
          <strong>{info.getValue()}</strong>
          <span className={styles.muted}>#{info.row.original.memberId}</span>
        </span>
      ),
    }),
    payout.accessor('periodStart', {
      header: t('payouts.period'),
      cell: (info) => (
        <span className={styles.nowrap}>
          {info.getValue()} – {info.row.original.periodEnd}
        </span>
      ),
    }),
    payout.accessor('validBetMinor', {
      header: () => <span className={styles.numberHead}>{t('payouts.validBet')}</span>,
      cell: (info) => <span className={styles.number}>{formatMoney(info.getValue(), currency)}</span>,
    }),
    payout.accessor('amountMinor', {
      header: () => <span className={styles.numberHead}>{t('payouts.amount')}</span>,
      cell: (info) => <span className={styles.credit}>{formatMoney(info.getValue(), currency)}</span>,
    }),
    payout.accessor('way', {
      header: t('payouts.way'),
      cell: (info) => <Badge tone={info.getValue() === 'auto' ? 'plain' : 'ok'}>{t(`ways.${info.getValue()}`)}</Badge>,
    }),
  ];
  return (
    <section className={styles.section} aria-labelledby="rebate-payouts">
      <h2 id="rebate-payouts" className={styles.sectionTitle}>
        {t('payouts.title')}
      </h2>
      <div className={styles.filters}>
        <AccountFilter value={list.filters.account} onApply={(account) => list.setFilters({ account })} />
      </div>
      <DataTable
        caption={t('payouts.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={<EmptyState icon="record" title={t('payouts.empty')} />}
      />
    </section>
  );
}

/** A brand's cashback (decision 0051): the period and auto-pay, the levels' rates, and the rebates paid. */
export function RebatesPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('rebates');
  const query = useRebateSettings(brand);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand: brandName })} />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <PageLoader />
      ) : (
        <>
          <section className={styles.section} aria-labelledby="rebate-settings">
            <h2 id="rebate-settings" className={styles.sectionTitle}>
              {t('settings.title')}
            </h2>
            <SettingsForm key={query.data.version} brand={brand} settings={query.data} />
          </section>
          <section className={styles.section} aria-labelledby="rebate-rates">
            <h2 id="rebate-rates" className={styles.sectionTitle}>
              {t('rates.title')}
            </h2>
            <p className={styles.muted}>{t('rates.hint')}</p>
            <LevelRates settings={query.data} />
          </section>
          <Payouts brand={brand} currency={query.data.currency} />
        </>
      )}
    </>
  );
}
