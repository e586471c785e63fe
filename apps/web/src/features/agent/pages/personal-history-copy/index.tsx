import { GAME_TYPES } from '@parlay/contract/constants';
import type { TeamBet, TeamBets } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { previousDays } from '../../../../components/ui/date-range';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n/index';
import historyTexts from '../../../../i18n/locales/ko/member-history.json';
import {
  ReportHead,
  ReportPages,
  ReportTotals,
  reportStyles,
  useReportSearch,
  type ReportTile,
} from '../../components/report';
import styles from '../../components/team-records.module.css';
import { signOf, useMoney } from '../../lib/use-money';
import { useTeamBets, type TeamBetsSearch } from './api/get-team-bets';

// The member centre's betting records name the statuses and columns: the same words here (Korean comes with a chunk).
addKoreanTexts('member-history', historyTexts);

const NO_SEARCH: Omit<TeamBetsSearch, 'from' | 'to'> = { account: '', gameType: '', status: '' };

/**
 * personalHistoryCopy, team betting (docs/product/agent-centre.md#team-and-reports): the rounds of the whole team, or
 * of one member by account, over a period of the brand's days (the last 7 first), by game type and status, newest
 * first, more by the cursor; the totals of every round of the search over the period.
 */
export default function TeamBetsPage() {
  const { t } = useTranslation('member-agent');
  const { t: tHistory } = useTranslation('member-history');
  const state = useReportSearch(NO_SEARCH, (today) => previousDays(7, today));
  const { draft, setDraft, search } = state;
  const bets = useTeamBets({ ...state.period, ...search }, state.readable);

  return (
    <div className={reportStyles.page}>
      <ReportHead title={t('bets.title')} state={state} accountHint={t('bets.accountHint')}>
        <label className={reportStyles.field}>
          <span>{t('pal.gameType')}</span>
          <select
            value={draft.gameType}
            onChange={(event) => setDraft({ ...draft, gameType: event.target.value as TeamBetsSearch['gameType'] })}
          >
            <option value="">{t('bets.allTypes')}</option>
            {GAME_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`categories.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={reportStyles.field}>
          <span>{tHistory('records.status')}</span>
          <select
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value as TeamBetsSearch['status'] })}
          >
            <option value="">{t('bets.allStatuses')}</option>
            <option value="settled">{tHistory('records.statuses.settled')}</option>
            <option value="open">{tHistory('records.statuses.open')}</option>
          </select>
        </label>
      </ReportHead>
      <ReportPages
        query={bets}
        readable={state.readable}
        render={(first, pages, more) => (
          <Rounds
            first={first}
            rounds={pages.flatMap((page) => page.items)}
            narrowed={search.account !== '' || search.gameType !== '' || search.status !== ''}
            more={more}
          />
        )}
      />
    </div>
  );
}

/** The rounds of one search: `first` is its first page, with the period's totals. */
function Rounds({
  first,
  rounds,
  narrowed,
  more,
}: {
  first: TeamBets;
  rounds: TeamBet[];
  narrowed: boolean;
  more: ReactNode;
}) {
  const { t, i18n } = useTranslation('member-agent');
  const { t: tHistory } = useTranslation('member-history');
  const { format, formatSigned } = useMoney(first.currency, first.currencyExponent);
  const locale = i18n.resolvedLanguage ?? 'ko';
  const count = new Intl.NumberFormat(locale);
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const timeFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: first.timeZone,
  });
  const dayOf = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const range = first.from === first.to ? dayOf(first.from) : `${dayOf(first.from)} – ${dayOf(first.to)}`;
  const totals = first.totals;

  if (!totals || totals.rounds === 0) {
    return (
      <EmptyState
        compact
        icon="record"
        title={t('bets.empty', { range })}
        text={narrowed ? t('bets.emptySearchText') : t('bets.emptyText')}
      />
    );
  }

  const tiles: ReportTile[] = [
    { key: 'rounds', label: t('pal.rounds'), value: count.format(totals.rounds) },
    { key: 'stake', label: t('pal.bets'), value: format(totals.stakeMinor) },
    { key: 'validBet', label: t('figures.validBet'), value: format(totals.validBetMinor) },
    { key: 'win', label: t('pal.payouts'), value: format(totals.winMinor) },
    {
      key: 'profitLoss',
      label: t('figures.profitLoss'),
      value: formatSigned(totals.profitLossMinor),
      sign: signOf(totals.profitLossMinor),
    },
  ];

  return (
    <>
      <ReportTotals id="agent-bets-totals" title={t('pal.totals')} range={range} tiles={tiles} />

      <section className={styles.section}>
        <h3>{t('bets.rounds')}</h3>
        <div className={styles.scroll} role="region" aria-label={t('bets.rounds')} tabIndex={0}>
          <table className={styles.rows}>
            <thead>
              <tr>
                <th scope="col">{t('team.account')}</th>
                <th scope="col" className={styles.start}>
                  {tHistory('records.game')}
                </th>
                <th scope="col">{tHistory('records.time')}</th>
                <th scope="col">{t('pal.bets')}</th>
                <th scope="col">{t('figures.validBet')}</th>
                <th scope="col">{t('pal.payouts')}</th>
                <th scope="col">{t('pal.profitLoss')}</th>
                <th scope="col">{tHistory('records.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((round) => (
                <tr key={`${round.roundId}-${round.startedAt}`}>
                  <th scope="row">
                    <span className={styles.account}>{round.account}</span>
                  </th>
                  <td className={styles.start} data-label={tHistory('records.game')}>
                    <span>{round.gameName}</span>
                    <span className={styles.sub}>
                      {round.gameType
                        ? t(`categories.${round.gameType}`, { defaultValue: round.gameType })
                        : t('pal.otherGames')}
                      {' · '}
                      {round.roundId}
                    </span>
                  </td>
                  <td data-label={tHistory('records.time')}>{timeFormat.format(new Date(round.startedAt))}</td>
                  <td data-label={t('pal.bets')}>{format(round.stakeMinor)}</td>
                  <td data-label={t('figures.validBet')}>{format(round.validBetMinor)}</td>
                  <td data-label={t('pal.payouts')}>{format(round.winMinor)}</td>
                  <td
                    data-label={t('pal.profitLoss')}
                    data-sign={round.status === 'settled' ? signOf(round.profitLossMinor) : undefined}
                  >
                    {round.status === 'settled'
                      ? formatSigned(round.profitLossMinor)
                      : round.status === 'open'
                        ? tHistory('records.profitOpen')
                        : '—'}
                  </td>
                  <td data-label={tHistory('records.status')}>
                    <span className={styles.status} data-status={round.status}>
                      {tHistory(`records.statuses.${round.status}`)}
                    </span>
                  </td>
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
