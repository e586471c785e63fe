import type { AgentIncome } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange } from '../../../../components/ui/date-range';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ReportPages, ReportTotals, reportStyles, type ReportTile } from '../../components/report';
import { SettlementLines, useDaysLabel, useSettlementPeriod } from '../../components/settlement-lines';
import styles from '../../components/team-records.module.css';
import { signOf, useMoney } from '../../lib/use-money';
import { useAgentIncome } from './api/get-agent-income';
import own from './agent-revenue-report.module.css';

/**
 * agentRevenueReport, my income (docs/decisions/0068-contract-settlement-runs.md): over a period of the brand's days
 * (the last 30 first), what my contracts earned and what I paid my direct downline agents on theirs, paid and still
 * owed, in all and by kind; my own cashback beside it; then each settled period's line, newest first, more by the
 * cursor.
 */
export default function AgentRevenueReportPage() {
  const { t } = useTranslation('member-agent');
  const state = useSettlementPeriod();
  const income = useAgentIncome(state.period, state.readable);

  return (
    <div className={reportStyles.page}>
      <h2 className={reportStyles.title}>{t('income.title')}</h2>
      <p className={reportStyles.muted}>{t('income.intro')}</p>
      <DateRange value={state.period} today={state.today} onChange={state.setPeriod} allowFuture={false} />
      <ReportPages
        query={income}
        readable={state.readable}
        render={(first, pages, more) => (
          <Income first={first} lines={pages.flatMap((page) => page.lines)} more={more} />
        )}
      />
    </div>
  );
}

/** One period's income: `first` is its first page, with the totals. */
function Income({ first, lines, more }: { first: AgentIncome; lines: AgentIncome['lines']; more: ReactNode }) {
  const { t } = useTranslation('member-agent');
  const { format, formatSigned } = useMoney(first.currency, first.currencyExponent);
  const range = useDaysLabel()(first.from, first.to);
  const { totals } = first;

  // My cashback is of my own play, not a contract's: it shows apart, and with no settlement beside it alone.
  const rebate = first.rebateMinor !== 0 && (
    <p className={own.rebate} data-figure="rebate">
      <span>
        {t('income.rebate')}
        <span className={styles.sub}>{t('income.rebateNote')}</span>
      </span>
      <strong>{format(first.rebateMinor)}</strong>
    </p>
  );

  if (first.byKind.length === 0 && lines.length === 0) {
    return (
      <>
        {rebate}
        <EmptyState compact icon="record" title={t('income.empty', { range })} text={t('income.emptyText')} />
      </>
    );
  }

  const tiles: ReportTile[] = [
    { key: 'earned', label: t('income.earned'), value: format(totals.earnedMinor) },
    { key: 'paidOut', label: t('income.paidOut'), value: format(totals.paidOutMinor) },
    { key: 'net', label: t('income.net'), value: formatSigned(totals.netMinor), sign: signOf(totals.netMinor) },
    { key: 'pendingIn', label: t('income.pendingIn'), value: format(totals.pendingInMinor) },
    { key: 'pendingOut', label: t('income.pendingOut'), value: format(totals.pendingOutMinor) },
  ];

  return (
    <>
      <ReportTotals id="agent-income-totals" title={t('income.totals')} range={range} tiles={tiles} />
      {rebate}

      <section className={styles.section}>
        <h3>{t('income.byKind')}</h3>
        <div className={styles.scroll} role="region" aria-label={t('income.byKind')} tabIndex={0}>
          <table className={styles.rows}>
            <thead>
              <tr>
                <th scope="col">{t('income.kind')}</th>
                <th scope="col">{t('income.earned')}</th>
                <th scope="col">{t('income.paidOut')}</th>
                <th scope="col">{t('income.net')}</th>
                <th scope="col">{t('income.pendingIn')}</th>
                <th scope="col">{t('income.pendingOut')}</th>
              </tr>
            </thead>
            <tbody>
              {first.byKind.map((row) => (
                <tr key={row.kind}>
                  <th scope="row">
                    <span className={styles.account}>{t(`income.kinds.${row.kind}`)}</span>
                  </th>
                  <td data-label={t('income.earned')}>{format(row.earnedMinor)}</td>
                  <td data-label={t('income.paidOut')}>{format(row.paidOutMinor)}</td>
                  <td data-label={t('income.net')} data-sign={signOf(row.netMinor)}>
                    {formatSigned(row.netMinor)}
                  </td>
                  <td data-label={t('income.pendingIn')}>{format(row.pendingInMinor)}</td>
                  <td data-label={t('income.pendingOut')}>{format(row.pendingOutMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className={styles.section}>
        <h3>{t('income.lines')}</h3>
        <SettlementLines frame={first} lines={lines} label={t('income.lines')} showKind more={more} />
      </section>
    </>
  );
}
