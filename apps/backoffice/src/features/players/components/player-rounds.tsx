import { ROUND_STATUSES, type BettingRecord } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { formatTime } from '../../../lib/format';
import { usePlayerRounds } from '../api/get-player-rounds';
import { formatMinor } from '../lib/money';
import type { TabProps } from './player-tabs';
import { RoundDetail } from './round-detail';
import styles from './players.module.css';

const column = columnsOf<BettingRecord>();
type RoundStatus = (typeof ROUND_STATUSES)[number];
const STATUS_TONE = { open: 'warn', settled: 'ok', cancelled: 'off' } as const;

export function RoundStatusBadge({ status }: { status: RoundStatus }) {
  const { t } = useTranslation('players');
  return <Badge tone={STATUS_TONE[status]}>{t(`roundStatus.${status}`)}</Badge>;
}

/** The player's rounds, newest first, by status and vendor; each opens to its money moves and replay data. */
export function PlayerRounds({ playerRef, player, list }: TabProps) {
  const { t } = useTranslation('players');
  const status = (ROUND_STATUSES as readonly string[]).includes(list.filters.status)
    ? (list.filters.status as RoundStatus)
    : undefined;
  const vendor = list.filters.vendor || undefined;
  const query = usePlayerRounds(playerRef, { status, vassalage: vendor, cursor: list.cursor });
  const money = (minor: number, currency: string, signed = false) =>
    formatMinor(minor, currency, player.currencyExponent, { signed });
  const columns = [
    column.accessor('startedAt', {
      header: t('rounds.startedAt'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    column.display({
      id: 'game',
      header: t('rounds.game'),
      cell: (info) => (
        <span className={styles.stack}>
          <span>{info.row.original.gameName}</span>
          <span className={styles.muted}>{info.row.original.vendorName}</span>
        </span>
      ),
    }),
    column.accessor('roundId', {
      header: t('rounds.roundId'),
      cell: (info) => <code className={styles.reference}>{info.getValue()}</code>,
    }),
    column.accessor('status', {
      header: t('fields.status'),
      cell: (info) => <RoundStatusBadge status={info.getValue()} />,
    }),
    column.accessor('stakeMinor', {
      header: () => <span className={styles.numberHead}>{t('rounds.stake')}</span>,
      cell: (info) => <span className={styles.number}>{money(info.getValue(), info.row.original.currency)}</span>,
    }),
    column.accessor('winMinor', {
      header: () => <span className={styles.numberHead}>{t('rounds.win')}</span>,
      cell: (info) => <span className={styles.number}>{money(info.getValue(), info.row.original.currency)}</span>,
    }),
    column.accessor('profitMinor', {
      header: () => <span className={styles.numberHead}>{t('rounds.profit')}</span>,
      cell: (info) => (
        <span className={info.getValue() < 0 ? styles.debit : styles.credit}>
          {money(info.getValue(), info.row.original.currency, true)}
        </span>
      ),
    }),
  ];
  const isFiltered = Boolean(status || vendor);
  return (
    <>
      <form
        key={`${status ?? ''}|${vendor ?? ''}`}
        className={styles.tabFilters}
        aria-label={t('rounds.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const text = (name: string) => {
            const value = data.get(name);
            return typeof value === 'string' ? value : '';
          };
          list.setFilters({ status: text('status'), vendor: text('vendor') });
        }}
      >
        <SelectField label={t('fields.status')} name="status" defaultValue={status ?? ''}>
          <option value="">{t('rounds.anyStatus')}</option>
          {ROUND_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`roundStatus.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('rounds.vendor')} name="vendor" defaultValue={vendor ?? ''} maxLength={64} />
        <div className={styles.searchActions}>
          <Button type="submit" variant="secondary">
            {t('list.apply')}
          </Button>
          {isFiltered && (
            <Button variant="ghost" onClick={() => list.setFilters({ status: '', vendor: '' })}>
              {t('list.clear')}
            </Button>
          )}
        </div>
      </form>
      <DataTable
        caption={t('tabs.rounds')}
        columns={columns}
        getRowId={(round) => `${round.vassalage}/${round.roundId}`}
        query={query}
        paging={list}
        renderDetail={(round) => <RoundDetail playerRef={playerRef} player={player} round={round} />}
        detailLabel={(round) => t('rounds.showDetail', { round: round.roundId })}
        empty={
          <EmptyState
            icon="record"
            title={isFiltered ? t('rounds.noMatchTitle') : t('rounds.emptyTitle')}
            text={isFiltered ? t('rounds.noMatchText') : undefined}
          />
        }
      />
    </>
  );
}
