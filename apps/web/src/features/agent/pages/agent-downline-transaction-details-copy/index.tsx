import {
  TEAM_TRANSACTION_TYPES,
  type TeamTransaction,
  type TeamTransactions,
  type TeamTransactionType,
} from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { previousDays } from '../../../../components/ui/date-range';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n/index';
import recordsTexts from '../../../../i18n/locales/ko/member-records.json';
import { ReportHead, ReportPages, reportStyles, useReportSearch } from '../../components/report';
import styles from '../../components/team-records.module.css';
import { signOf, useMoney } from '../../lib/use-money';
import { useTeamTransactions, type TeamTransactionsSearch } from './api/get-team-transactions';

// The member's own account record names the types and columns: the same words here (Korean comes with a chunk).
addKoreanTexts('member-records', recordsTexts);

const NO_SEARCH: Omit<TeamTransactionsSearch, 'from' | 'to'> = { account: '', type: '' };

/**
 * agentDownlineTransactionDetailsCopy, transaction details (docs/product/agent-centre.md#team-and-reports): the money
 * movements of the whole team, or of one member by account, over a period of the brand's days (the last 7 first), by
 * type (the account record's types, named as the member's own record names them), newest first, more by the cursor;
 * the totals of the period by type. A transfer between two members of the team is a row of each.
 */
export default function TeamTransactionsPage() {
  const { t } = useTranslation('member-agent');
  const { t: tRecords } = useTranslation('member-records');
  const state = useReportSearch(NO_SEARCH, (today) => previousDays(7, today));
  const { draft, setDraft, search } = state;
  const transactions = useTeamTransactions({ ...state.period, ...search }, state.readable);

  return (
    <div className={reportStyles.page}>
      <ReportHead title={t('transactions.title')} state={state} accountHint={t('bets.accountHint')}>
        <label className={reportStyles.field}>
          <span>{tRecords('filters.type')}</span>
          <select
            value={draft.type}
            onChange={(event) => setDraft({ ...draft, type: event.target.value as TeamTransactionType | '' })}
          >
            <option value="">{tRecords('filters.all')}</option>
            {TEAM_TRANSACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {tRecords(`types.${type}`)}
              </option>
            ))}
          </select>
        </label>
      </ReportHead>
      <ReportPages
        query={transactions}
        readable={state.readable}
        render={(first, pages, more) => (
          <Movements
            first={first}
            movements={pages.flatMap((page) => page.items)}
            narrowed={search.account !== '' || search.type !== ''}
            more={more}
          />
        )}
      />
    </div>
  );
}

/** The movements of one search: `first` is its first page, with the period's totals by type. */
function Movements({
  first,
  movements,
  narrowed,
  more,
}: {
  first: TeamTransactions;
  movements: TeamTransaction[];
  narrowed: boolean;
  more: ReactNode;
}) {
  const { t, i18n } = useTranslation('member-agent');
  const { t: tRecords } = useTranslation('member-records');
  const { formatSigned } = useMoney(first.currency, first.currencyExponent);
  const locale = i18n.resolvedLanguage ?? 'ko';
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const timeFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: first.timeZone,
  });
  const dayOf = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const range = first.from === first.to ? dayOf(first.from) : `${dayOf(first.from)} – ${dayOf(first.to)}`;
  const totals = first.totals;

  if (!totals || totals.count === 0) {
    return (
      <EmptyState
        compact
        icon="record"
        title={t('transactions.empty', { range })}
        text={narrowed ? t('transactions.emptySearchText') : t('transactions.emptyText')}
      />
    );
  }

  return (
    <>
      <section className={styles.totals} aria-labelledby="agent-transactions-totals">
        <h3 id="agent-transactions-totals">
          {t('pal.totals')}
          <span className={styles.range}>{range}</span>
        </h3>
        <dl>
          <div data-figure="all">
            <dt>{t('transactions.net')}</dt>
            <dd data-sign={signOf(totals.amountMinor)}>
              {formatSigned(totals.amountMinor)}
              <span className={styles.count}>{t('transactions.count', { count: totals.count })}</span>
            </dd>
          </div>
          {totals.byType.map((total) => (
            <div key={total.type} data-figure={total.type}>
              <dt>{tRecords(`types.${total.type}`)}</dt>
              <dd data-sign={signOf(total.amountMinor)}>
                {formatSigned(total.amountMinor)}
                <span className={styles.count}>{t('transactions.count', { count: total.count })}</span>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={styles.section}>
        <h3>{t('transactions.movements')}</h3>
        <div className={styles.scroll} role="region" aria-label={t('transactions.movements')} tabIndex={0}>
          <table className={styles.rows}>
            <thead>
              <tr>
                <th scope="col">{t('team.account')}</th>
                <th scope="col" className={styles.start}>
                  {tRecords('columns.type')}
                </th>
                <th scope="col">{tRecords('columns.time')}</th>
                <th scope="col">{tRecords('columns.amount')}</th>
                <th scope="col" className={styles.start}>
                  {t('transactions.counterparty')}
                </th>
                <th scope="col">{tRecords('columns.number')}</th>
              </tr>
            </thead>
            <tbody>
              {movements.map((movement) => (
                <tr key={`${movement.transactionNo}-${movement.account}`}>
                  <th scope="row">
                    <span className={styles.account}>{movement.account}</span>
                  </th>
                  <td className={styles.start} data-label={tRecords('columns.type')}>
                    {tRecords(`types.${movement.type}`)}
                  </td>
                  <td data-label={tRecords('columns.time')}>{timeFormat.format(new Date(movement.at))}</td>
                  <td data-label={tRecords('columns.amount')} data-sign={signOf(movement.amountMinor)}>
                    {formatSigned(movement.amountMinor)}
                  </td>
                  <td className={styles.start} data-label={t('transactions.counterparty')}>
                    {movement.counterpartyAccount ?? '—'}
                  </td>
                  <td data-label={tRecords('columns.number')}>{movement.transactionNo}</td>
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
