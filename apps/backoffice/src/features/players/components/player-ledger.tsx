import type { LedgerMovement } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatTime } from '../../../lib/format';
import { usePlayerLedger } from '../api/get-player-ledger';
import { formatMinor } from '../lib/money';
import { MovementKindText } from './player-labels';
import type { TabProps } from './player-tabs';
import styles from './players.module.css';

const column = columnsOf<LedgerMovement>();

/** Every movement of the player's money, newest first, with the balance after it. */
export function PlayerLedger({ playerRef, player, list }: TabProps) {
  const { t } = useTranslation('players');
  const query = usePlayerLedger(playerRef, list.cursor);
  const money = (minor: number, currency: string, signed = false) =>
    formatMinor(minor, currency, player.currencyExponent, { signed });
  const columns = [
    column.accessor('at', {
      header: t('ledger.at'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    column.accessor('kind', {
      header: t('ledger.kind'),
      cell: (info) => (
        <span className={styles.nowrap}>
          <MovementKindText kind={info.getValue()} />
        </span>
      ),
    }),
    column.accessor('amountMinor', {
      header: () => <span className={styles.numberHead}>{t('ledger.amount')}</span>,
      cell: (info) => (
        <span className={info.getValue() < 0 ? styles.debit : styles.credit}>
          {money(info.getValue(), info.row.original.currency, true)}
        </span>
      ),
    }),
    column.accessor('balanceAfterMinor', {
      header: () => <span className={styles.numberHead}>{t('ledger.balanceAfter')}</span>,
      cell: (info) => <span className={styles.number}>{money(info.getValue(), info.row.original.currency)}</span>,
    }),
    column.accessor('reason', {
      header: t('ledger.reason'),
      cell: (info) => <span className={styles.cellText}>{info.getValue() ?? '—'}</span>,
    }),
    column.accessor('reference', {
      header: t('ledger.reference'),
      cell: (info) => <code className={styles.reference}>{info.getValue()}</code>,
    }),
  ];
  return (
    <DataTable
      caption={t('tabs.ledger')}
      columns={columns}
      getRowId={(movement) => movement.id}
      query={query}
      paging={list}
      empty={<EmptyState icon="record" title={t('ledger.emptyTitle')} text={t('ledger.emptyText')} />}
    />
  );
}
