import type { CategoryProfitLoss, MemberProfitLoss, TeamProfitLoss } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateRangeValue } from '../../../../components/ui/date-range';
import { EmptyState } from '../../../../components/ui/empty-state';
import {
  ReportHead,
  ReportPages,
  ReportTotals,
  reportStyles,
  useReportSearch,
  type ReportTile,
} from '../../components/report';
import { isAgentType } from '../../lib/agent-types';
import { signOf, useMoney } from '../../lib/use-money';
import { useTeamProfitLoss } from './api/get-team-profit-loss';
import styles from './pal-statements.module.css';

/** This month of the brand's calendar up to today: the overview's "this month", whose figures these add up to. */
function thisMonth(today: string): DateRangeValue {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * palStatementsAgentCopy, user profit and loss (docs/product/agent-centre.md#team-and-reports): over a period of the
 * brand's days, the team's totals, its game types, and each member who played, deposited or withdrew; an account
 * prefix and "direct members only" narrow it, more members load by the cursor.
 */
export default function PalStatementsAgentPage() {
  const { t } = useTranslation('member-agent');
  const state = useReportSearch({ account: '', direct: false }, thisMonth);
  const { draft, setDraft, search } = state;
  const profitLoss = useTeamProfitLoss({ ...state.period, ...search }, state.readable);

  return (
    <div className={reportStyles.page}>
      <ReportHead title={t('pal.title')} state={state} accountHint={t('team.accountHint')}>
        <label className={reportStyles.check}>
          <input
            type="checkbox"
            checked={draft.direct}
            onChange={(event) => setDraft({ ...draft, direct: event.target.checked })}
          />
          {t('team.directOnly')}
        </label>
      </ReportHead>
      <ReportPages
        query={profitLoss}
        readable={state.readable}
        render={(first, pages, more) => (
          <Statement first={first} members={pages.flatMap((page) => page.items)} search={search} more={more} />
        )}
      />
    </div>
  );
}

/** The statement of one period: `first` is the first page (the totals and game types, alike on every page). */
function Statement({
  first,
  members,
  search,
  more,
}: {
  first: TeamProfitLoss;
  members: MemberProfitLoss[];
  search: { account: string; direct: boolean };
  more: ReactNode;
}) {
  const { t, i18n } = useTranslation('member-agent');
  const { format, formatSigned } = useMoney(first.currency, first.currencyExponent);
  const locale = i18n.resolvedLanguage ?? 'ko';
  const count = new Intl.NumberFormat(locale);
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dayOf = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const range = first.from === first.to ? dayOf(first.from) : `${dayOf(first.from)} – ${dayOf(first.to)}`;
  const { totals } = first;

  if (totals.members === 0) {
    const narrowed = search.account !== '' || search.direct;
    return (
      <EmptyState
        compact
        icon="record"
        title={t('pal.empty', { range })}
        text={narrowed ? t('pal.emptySearchText') : t('pal.emptyText')}
      />
    );
  }

  const tiles: ReportTile[] = [
    { key: 'members', label: t('pal.members'), value: count.format(totals.members) },
    { key: 'rounds', label: t('pal.rounds'), value: count.format(totals.rounds) },
    { key: 'bet', label: t('pal.bets'), value: format(totals.betMinor) },
    { key: 'validBet', label: t('figures.validBet'), value: format(totals.validBetMinor) },
    { key: 'payout', label: t('pal.payouts'), value: format(totals.payoutMinor) },
    {
      key: 'profitLoss',
      label: t('figures.profitLoss'),
      value: formatSigned(totals.profitLossMinor),
      sign: signOf(totals.profitLossMinor),
    },
    { key: 'deposit', label: t('figures.deposits'), value: format(totals.depositMinor) },
    { key: 'withdrawal', label: t('figures.withdrawals'), value: format(totals.withdrawalMinor) },
  ];

  return (
    <>
      <ReportTotals id="agent-pal-totals" title={t('pal.totals')} range={range} tiles={tiles} />

      {first.categories.length > 0 && (
        <section className={styles.section}>
          <h3>{t('pal.byGameType')}</h3>
          <div className={styles.scroll} role="region" aria-label={t('pal.byGameType')} tabIndex={0}>
            <table className={styles.categories}>
              <thead>
                <tr>
                  <th scope="col">{t('pal.gameType')}</th>
                  <th scope="col" className={styles.wide}>
                    {t('pal.rounds')}
                  </th>
                  <th scope="col">{t('figures.validBet')}</th>
                  <th scope="col" className={styles.wide}>
                    {t('pal.payouts')}
                  </th>
                  <th scope="col">{t('pal.profitLoss')}</th>
                </tr>
              </thead>
              <tbody>
                {first.categories.map((category) => (
                  <CategoryRow
                    key={category.gameType}
                    category={category}
                    count={count}
                    format={format}
                    formatSigned={formatSigned}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <section className={styles.section}>
        <h3>{t('pal.byMember')}</h3>
        <div className={styles.scroll} role="region" aria-label={t('pal.byMember')} tabIndex={0}>
          <table className={styles.members}>
            <thead>
              <tr>
                <th scope="col">{t('team.account')}</th>
                <th scope="col">{t('team.level')}</th>
                <th scope="col">{t('pal.rounds')}</th>
                <th scope="col">{t('pal.bets')}</th>
                <th scope="col">{t('figures.validBet')}</th>
                <th scope="col">{t('pal.payouts')}</th>
                <th scope="col">{t('pal.profitLoss')}</th>
                <th scope="col">{t('figures.deposits')}</th>
                <th scope="col">{t('figures.withdrawals')}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <th scope="row">
                    <span className={styles.account}>{member.account}</span>
                    {isAgentType(member.type) && <span className={styles.tag}>{t('team.types.agent')}</span>}
                  </th>
                  <td data-label={t('team.level')}>{member.level}</td>
                  <td data-label={t('pal.rounds')}>{count.format(member.rounds)}</td>
                  <td data-label={t('pal.bets')}>{format(member.betMinor)}</td>
                  <td data-label={t('figures.validBet')}>{format(member.validBetMinor)}</td>
                  <td data-label={t('pal.payouts')}>{format(member.payoutMinor)}</td>
                  <td data-label={t('pal.profitLoss')} data-sign={signOf(member.profitLossMinor)}>
                    {formatSigned(member.profitLossMinor)}
                  </td>
                  <td data-label={t('figures.deposits')}>{format(member.depositMinor)}</td>
                  <td data-label={t('figures.withdrawals')}>{format(member.withdrawalMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {more}
      </section>
    </>
  );
}

function CategoryRow({
  category,
  count,
  format,
  formatSigned,
}: {
  category: CategoryProfitLoss;
  count: Intl.NumberFormat;
  format: (minor: number) => string;
  formatSigned: (minor: number) => string;
}) {
  const { t } = useTranslation('member-agent');
  return (
    <tr>
      <th scope="row">
        {category.gameType
          ? t(`categories.${category.gameType}`, { defaultValue: category.gameType })
          : t('pal.otherGames')}
      </th>
      <td className={styles.wide}>{count.format(category.rounds)}</td>
      <td>{format(category.validBetMinor)}</td>
      <td className={styles.wide}>{format(category.payoutMinor)}</td>
      <td data-sign={signOf(category.profitLossMinor)}>{formatSigned(category.profitLossMinor)}</td>
    </tr>
  );
}
