import type { TeamFigures, TeamOverview } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { DayBars } from '../../components/day-bars';
import { signOf, useMoney } from '../../lib/use-money';
import { useTeamOverview } from './api/get-team-overview';
import styles from './agent-team-overview.module.css';

/**
 * agentTeamOverview, the agent centre's first page (docs/product/agent-centre.md#team-and-reports): the team's size,
 * its figures today, yesterday, this month and last, and its last 14 days as charts with a table beside them.
 */
export default function AgentTeamOverviewPage() {
  const { t } = useTranslation('member-agent');
  const overview = useTeamOverview();
  return (
    <div className={styles.page}>
      <h2 className={styles.title}>{t('overview.title')}</h2>
      {overview.isPending ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : overview.isError ? (
        <div className={styles.error} role="alert">
          <p>{overview.error.message}</p>
          <Button variant="secondary" onClick={() => void overview.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : (
        <Overview overview={overview.data} />
      )}
    </div>
  );
}

function Overview({ overview }: { overview: TeamOverview }) {
  const { t, i18n } = useTranslation('member-agent');
  const { format, formatSigned } = useMoney(overview.currency, overview.currencyExponent);
  const count = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'ko');
  const days = overview.days.map((day) => day.day);
  const dayFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', {
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const dayOf = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const first = days[0];
  const last = days.at(-1);
  const span = first && last ? { from: dayOf(first), to: dayOf(last), days: days.length } : null;
  const sumOf = (pick: (day: TeamOverview['days'][number]) => number) =>
    overview.days.reduce((total, day) => total + pick(day), 0);

  return (
    <>
      <dl className={styles.team} aria-label={t('overview.team')}>
        <div>
          <dt>{t('overview.teamSize')}</dt>
          <dd>{count.format(overview.teamSize)}</dd>
        </div>
        <div>
          <dt>{t('overview.directMembers')}</dt>
          <dd>{count.format(overview.directMembers)}</dd>
        </div>
        <div>
          <dt>{t('overview.agents')}</dt>
          <dd>{count.format(overview.agents)}</dd>
        </div>
      </dl>

      <div className={styles.periods}>
        {overview.periods.map((figures) => (
          <PeriodCard
            key={figures.period}
            figures={figures}
            count={(value) => count.format(value)}
            format={format}
            formatSigned={formatSigned}
            dayOf={dayOf}
          />
        ))}
      </div>

      {span && (
        <section className={styles.days} aria-labelledby="agent-overview-days">
          <h3 id="agent-overview-days">{t('overview.lastDays', { count: span.days })}</h3>
          <div className={styles.charts}>
            <DayBars
              title={t('overview.chartMoney')}
              summary={t('overview.chartMoneySummary', {
                ...span,
                validBet: format(sumOf((day) => day.validBetMinor)),
                profitLoss: formatSigned(sumOf((day) => day.profitLossMinor)),
              })}
              days={days}
              series={[
                {
                  label: t('figures.validBet'),
                  values: overview.days.map((day) => day.validBetMinor),
                  tone: 'a',
                  format,
                },
                {
                  label: t('figures.profitLoss'),
                  values: overview.days.map((day) => day.profitLossMinor),
                  tone: 'sign',
                  format: formatSigned,
                },
              ]}
            />
            <DayBars
              title={t('overview.chartMembers')}
              summary={t('overview.chartMembersSummary', {
                ...span,
                busiest: Math.max(0, ...overview.days.map((day) => day.activeMembers)),
                newMembers: sumOf((day) => day.newMembers),
              })}
              days={days}
              series={[
                {
                  label: t('figures.activeMembers'),
                  values: overview.days.map((day) => day.activeMembers),
                  tone: 'a',
                  format: (value) => count.format(value),
                },
                {
                  label: t('figures.newMembers'),
                  values: overview.days.map((day) => day.newMembers),
                  tone: 'b',
                  format: (value) => count.format(value),
                },
              ]}
            />
          </div>
          <details className={styles.table}>
            <summary>{t('overview.asTable')}</summary>
            <div className={styles.scroll} role="region" aria-label={t('overview.asTable')} tabIndex={0}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('overview.day')}</th>
                    <th scope="col">{t('figures.activeMembers')}</th>
                    <th scope="col">{t('figures.newMembers')}</th>
                    <th scope="col">{t('figures.validBet')}</th>
                    <th scope="col">{t('figures.profitLoss')}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...overview.days].reverse().map((day) => (
                    <tr key={day.day}>
                      <th scope="row">{dayOf(day.day)}</th>
                      <td>{count.format(day.activeMembers)}</td>
                      <td>{count.format(day.newMembers)}</td>
                      <td>{format(day.validBetMinor)}</td>
                      <td data-sign={signOf(day.profitLossMinor)}>{formatSigned(day.profitLossMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>
      )}
    </>
  );
}

function PeriodCard({
  figures,
  count,
  format,
  formatSigned,
  dayOf,
}: {
  figures: TeamFigures;
  count: (value: number) => string;
  format: (minor: number) => string;
  formatSigned: (minor: number) => string;
  dayOf: (day: string) => string;
}) {
  const { t } = useTranslation('member-agent');
  const id = `agent-period-${figures.period}`;
  const range = figures.from === figures.to ? dayOf(figures.from) : `${dayOf(figures.from)} – ${dayOf(figures.to)}`;
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h3 id={id}>
        {t(`periods.${figures.period}`)}
        <span className={styles.range}>{range}</span>
      </h3>
      <dl>
        <div>
          <dt>{t('figures.newMembers')}</dt>
          <dd>{count(figures.newMembers)}</dd>
        </div>
        <div>
          <dt>{t('figures.activeMembers')}</dt>
          <dd>{count(figures.activeMembers)}</dd>
        </div>
        <div>
          <dt>{t('figures.deposits')}</dt>
          <dd>
            {format(figures.depositMinor)}
            <small>{t('figures.times', { count: figures.deposits })}</small>
          </dd>
        </div>
        <div>
          <dt>{t('figures.withdrawals')}</dt>
          <dd>
            {format(figures.withdrawalMinor)}
            <small>{t('figures.times', { count: figures.withdrawals })}</small>
          </dd>
        </div>
        <div>
          <dt>{t('figures.validBet')}</dt>
          <dd>{format(figures.validBetMinor)}</dd>
        </div>
        <div>
          <dt>{t('figures.profitLoss')}</dt>
          <dd data-sign={signOf(figures.profitLossMinor)}>{formatSigned(figures.profitLossMinor)}</dd>
        </div>
      </dl>
    </section>
  );
}
