import type { Dashboard } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatCount, formatMoney, formatTime } from '../../../lib/format';
import { useDashboard, type DashboardFilters } from '../api/get-dashboard';
import { paramsOfPeriod, periodFromParams } from '../lib/period';
import { BreakdownChart, MoneyOverTimeChart, PlayersOverTimeChart, pointLabel } from './dashboard-charts';
import styles from './dashboard.module.css';
import { PeriodPicker } from './period-picker';

function Figure({ label, value, note, tone }: { label: string; value: string; note?: ReactNode; tone?: 'loss' }) {
  return (
    <div className={styles.figure}>
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={styles.figureValue} data-tone={tone}>
        {value}
      </dd>
      {note && <dd className={styles.figureNote}>{note}</dd>}
    </div>
  );
}

/** The period's figures: the rounds', the cashier's (deposits credited, withdrawals paid out), and the players'. */
function Figures({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const { totals } = dashboard;
  const money = (minor: number) => formatMoney(minor, dashboard.currency, dashboard.currencyExponent);
  return (
    <section aria-labelledby="dashboard-figures">
      <h2 id="dashboard-figures" className="visually-hidden">
        {t('figures.label')}
      </h2>
      <dl className={styles.figures}>
        <Figure
          label={t('figures.turnover')}
          value={money(totals.turnoverMinor)}
          note={t('figures.rounds', { count: totals.rounds, formatted: formatCount(totals.rounds) })}
        />
        <Figure label={t('figures.validBets')} value={money(totals.validBetMinor)} />
        <Figure label={t('figures.payouts')} value={money(totals.payoutMinor)} />
        <Figure
          label={t('figures.ggr')}
          value={money(totals.ggrMinor)}
          tone={totals.ggrMinor < 0 ? 'loss' : undefined}
          note={t('figures.ggrNote')}
        />
        <Figure
          label={t('figures.deposits')}
          value={money(totals.depositMinor)}
          note={t('figures.depositCount', { count: totals.deposits, formatted: formatCount(totals.deposits) })}
        />
        <Figure
          label={t('figures.withdrawals')}
          value={money(totals.withdrawalMinor)}
          note={t('figures.withdrawalCount', { count: totals.withdrawals, formatted: formatCount(totals.withdrawals) })}
        />
        <Figure label={t('figures.signups')} value={formatCount(totals.signups)} />
        <Figure
          label={t('figures.activePlayers')}
          value={formatCount(totals.activePlayers)}
          note={t('figures.activeNote')}
        />
      </dl>
    </section>
  );
}

/** A chart in a panel, named by its heading; the figures it draws are in a table beside it or under it. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Every point of the series as a table, folded: the chart's exact figures, for reading and for screen readers. */
function SeriesTable({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const money = (minor: number) => formatMoney(minor, dashboard.currency, dashboard.currencyExponent);
  const byDay = dashboard.granularity === 'day';
  return (
    <details className={styles.details}>
      <summary>{t(byDay ? 'series.tableByDay' : 'series.tableByHour')}</summary>
      {/* Focusable, so a keyboard can scroll a table wider or longer than its box. */}
      <div
        className={styles.tableScroller}
        tabIndex={0}
        role="group"
        aria-label={t(byDay ? 'series.tableByDay' : 'series.tableByHour')}
      >
        <table className={styles.table}>
          <caption className="visually-hidden">{t(byDay ? 'series.tableByDay' : 'series.tableByHour')}</caption>
          <thead>
            <tr>
              <th scope="col">{t(byDay ? 'table.day' : 'table.hour')}</th>
              <th scope="col">{t('figures.turnover')}</th>
              <th scope="col">{t('figures.payouts')}</th>
              <th scope="col">{t('figures.ggr')}</th>
              <th scope="col">{t('table.rounds')}</th>
              {byDay && <th scope="col">{t('figures.activePlayers')}</th>}
              {byDay && <th scope="col">{t('figures.signups')}</th>}
            </tr>
          </thead>
          <tbody>
            {dashboard.series.map((point) => (
              <tr key={point.at}>
                <th scope="row">{pointLabel(point.at, dashboard.granularity, dashboard.timeZone)}</th>
                <td>{money(point.turnoverMinor)}</td>
                <td>{money(point.payoutMinor)}</td>
                <td data-tone={point.ggrMinor < 0 ? 'loss' : undefined}>{money(point.ggrMinor)}</td>
                <td>{formatCount(point.rounds)}</td>
                {byDay && <td>{formatCount(point.activePlayers ?? 0)}</td>}
                {byDay && <td>{formatCount(point.signups ?? 0)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

interface BreakdownRow {
  key: string;
  label: string;
  turnoverMinor: number;
  ggrMinor: number;
  rounds: number;
  activePlayers: number;
}

/** A category's or vendor's figures: the chart, then the table with each one's share of the turnover. */
function Breakdown({
  id,
  title,
  heading,
  rows,
  dashboard,
}: {
  id: string;
  title: string;
  heading: string;
  rows: BreakdownRow[];
  dashboard: Dashboard;
}) {
  const { t } = useTranslation('dashboard');
  const money = (minor: number) => formatMoney(minor, dashboard.currency, dashboard.currencyExponent);
  const total = dashboard.totals.turnoverMinor;
  return (
    <Panel id={id} title={title}>
      {rows.length === 0 ? (
        <p className={styles.none}>{t('charts.noPlay')}</p>
      ) : (
        <>
          <BreakdownChart dashboard={dashboard} rows={rows} />
          <div className={styles.tableScroller} tabIndex={0} role="group" aria-label={title}>
            <table className={styles.table}>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{heading}</th>
                  <th scope="col">{t('figures.turnover')}</th>
                  <th scope="col">{t('table.share')}</th>
                  <th scope="col">{t('figures.ggr')}</th>
                  <th scope="col">{t('table.rounds')}</th>
                  <th scope="col">{t('table.players')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    <td>{money(row.turnoverMinor)}</td>
                    <td>{total > 0 ? `${((row.turnoverMinor / total) * 100).toFixed(1)}%` : '—'}</td>
                    <td data-tone={row.ggrMinor < 0 ? 'loss' : undefined}>{money(row.ggrMinor)}</td>
                    <td>{formatCount(row.rounds)}</td>
                    <td>{formatCount(row.activePlayers)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Panel>
  );
}

function DashboardBody({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const byDay = dashboard.granularity === 'day';
  const hasPlay = dashboard.totals.rounds > 0;
  const categories = dashboard.byCategory.map((row) => ({
    ...row,
    key: row.gameType,
    label: t(`categories.${row.gameType}`, { defaultValue: row.gameType }),
  }));
  const vendors = dashboard.byVendor.map((row) => ({
    ...row,
    key: row.vassalage,
    label: row.vendorName || row.vassalage,
  }));
  return (
    <>
      <Figures dashboard={dashboard} />
      <div className={styles.panels}>
        <Panel id="dashboard-money" title={t(byDay ? 'charts.moneyByDay' : 'charts.moneyByHour')}>
          {hasPlay ? <MoneyOverTimeChart dashboard={dashboard} /> : <p className={styles.none}>{t('charts.noPlay')}</p>}
          <SeriesTable dashboard={dashboard} />
        </Panel>
        {byDay && (
          <Panel id="dashboard-players" title={t('charts.playersByDay')}>
            <PlayersOverTimeChart dashboard={dashboard} />
          </Panel>
        )}
        <div className={styles.pair}>
          <Breakdown
            id="dashboard-categories"
            title={t('charts.byCategory')}
            heading={t('table.category')}
            rows={categories}
            dashboard={dashboard}
          />
          <Breakdown
            id="dashboard-vendors"
            title={t('charts.byVendor')}
            heading={t('table.vendor')}
            rows={vendors}
            dashboard={dashboard}
          />
        </div>
      </div>
      <p className={styles.updated}>
        {dashboard.updatedAt ? t('updatedAt', { time: formatTime(dashboard.updatedAt) }) : t('notUpdatedYet')}
      </p>
    </>
  );
}

/**
 * A brand's dashboard: the period from the address (`?period=30d`, or a custom range), its figures, and charts over
 * time and by category and vendor. The figures come from the aggregates settled rounds keep (decision 0034), so
 * any period costs the same; they are asked again every minute.
 */
export function DashboardView({
  brand,
  brandName,
  reportsPath,
}: {
  brand: string;
  brandName: string;
  reportsPath: string | null;
}) {
  const { t } = useTranslation('dashboard');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = periodFromParams(params);
  const query = useDashboard(brand, filters);
  const dashboard = query.data;
  const setPeriod = (next: DashboardFilters) => void navigate({ search: paramsOfPeriod(next).toString() });

  const subtitle = dashboard
    ? t(dashboard.from === dashboard.to ? 'subtitleDay' : 'subtitle', {
        brand: brandName,
        from: dashboard.from,
        to: dashboard.to,
        timeZone: dashboard.timeZone,
      })
    : brandName;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={subtitle}
        actions={
          reportsPath && (
            <Link
              to={{ pathname: reportsPath, search: dashboard ? `?from=${dashboard.from}&to=${dashboard.to}` : '' }}
              className={buttonClassName('secondary')}
            >
              <Icon name="table" size={16} />
              {t('openReport')}
            </Link>
          )
        }
      />
      <PeriodPicker
        key={`${filters.period}|${filters.from ?? ''}|${filters.to ?? ''}`}
        value={filters}
        onChange={setPeriod}
      />
      <div aria-busy={query.isFetching} className={styles.body} data-stale={query.isPlaceholderData || undefined}>
        {query.isPending ? (
          <PageLoader />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          dashboard && <DashboardBody dashboard={dashboard} />
        )}
      </div>
    </>
  );
}
