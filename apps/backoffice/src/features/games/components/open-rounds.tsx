import type { OpenRound } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { toast } from '../../../lib/toast-store';
import { useCloseOpenRound } from '../api/close-open-round';
import { useOpenRounds } from '../api/get-open-rounds';
import { formatMoney } from '../../../lib/money';
import styles from './games.module.css';

const FILTERS = ['vassalage'] as const;
const column = columnsOf<OpenRound>();
/** The reason the server asks for: 3 characters at least (CloseRoundRequestSchema). */
const MIN_REASON = 3;

/** Whole days since `iso`, for "open 3 days". */
function daysSince(iso: string, now = Date.now()): number {
  return Math.max(1, Math.floor((now - new Date(iso).getTime()) / 86_400_000));
}

/**
 * The brand's rounds its vendors left open for more than a day (decision 0021), oldest first. Each is cancelled
 * (the stakes go back to the player) or settled as it stands, after the vendor was asked, with a reason.
 */
export function OpenRounds({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('games');
  const list = useKeysetList(FILTERS);
  const vassalage = list.filters.vassalage.trim() || undefined;
  const query = useOpenRounds(brand, { vassalage, cursor: list.cursor });
  const close = useCloseOpenRound(brand);
  const [closing, setClosing] = useState<{ round: OpenRound; outcome: 'cancelled' | 'settled' } | null>(null);

  const columns = [
    column.accessor('startedAt', {
      header: t('rounds.started'),
      cell: (info) => (
        <span className={styles.name}>
          <span>{formatTime(info.getValue())}</span>
          <span className={styles.muted}>{t('rounds.openFor', { count: daysSince(info.getValue()) })}</span>
        </span>
      ),
    }),
    column.accessor('vassalage', { header: t('rounds.vendor') }),
    column.accessor('roundId', {
      header: t('rounds.round'),
      cell: (info) => <span className={styles.code}>{info.getValue()}</span>,
    }),
    column.accessor('account', { header: t('rounds.player') }),
    column.accessor('gameCode', { header: t('rounds.game') }),
    column.accessor('stakeMinor', {
      header: () => <span className={styles.number}>{t('rounds.stake')}</span>,
      cell: (info) => <span className={styles.number}>{formatMoney(info.getValue(), info.row.original.currency)}</span>,
    }),
    column.accessor('winMinor', {
      header: () => <span className={styles.number}>{t('rounds.win')}</span>,
      cell: (info) => <span className={styles.number}>{formatMoney(info.getValue(), info.row.original.currency)}</span>,
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('rounds.actions')}</span>,
      cell: (info) => {
        const round = info.row.original;
        return (
          <span className={styles.rowActions}>
            {/* A round that paid a win is not cancelled (WALLET_ROUND_HAS_WIN): it is settled. */}
            {round.winMinor === 0 && (
              <Button
                variant="secondary"
                size="small"
                aria-label={t('rounds.cancelOf', { round: round.roundId })}
                onClick={() => setClosing({ round, outcome: 'cancelled' })}
              >
                {t('rounds.cancel')}
              </Button>
            )}
            <Button
              variant="secondary"
              size="small"
              aria-label={t('rounds.settleOf', { round: round.roundId })}
              onClick={() => setClosing({ round, outcome: 'settled' })}
            >
              {t('rounds.settle')}
            </Button>
          </span>
        );
      },
    }),
  ];

  async function confirm(reason: string) {
    if (!closing) return;
    const { round, outcome } = closing;
    try {
      const closed = await close.mutateAsync({
        brand,
        vassalage: round.vassalage,
        roundId: round.roundId,
        outcome,
        reason,
      });
      toast.success(
        closed.outcome === 'cancelled'
          ? t('rounds.cancelled', {
              round: closed.roundId,
              amount: formatMoney(closed.refundedMinor, closed.currency),
              account: closed.account,
            })
          : t('rounds.settled', { round: closed.roundId }),
      );
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
      throw error;
    }
  }

  const round = closing?.round;
  return (
    <>
      <PageHeader title={t('rounds.title')} subtitle={t('rounds.subtitle', { brand: brandName })} />
      <p className={styles.note}>{t('rounds.howTo')}</p>
      <form
        className={styles.filters}
        role="search"
        aria-label={t('rounds.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('vassalage');
          list.setFilters({ vassalage: typeof value === 'string' ? value : '' });
        }}
      >
        <TextField
          label={t('rounds.vendorCode')}
          name="vassalage"
          defaultValue={list.filters.vassalage}
          key={`v-${list.filters.vassalage}`}
        />
        <div className={styles.filterActions}>
          <Button type="submit" variant="secondary">
            <Icon name="search" size={16} />
            {t('games.apply')}
          </Button>
          {vassalage && (
            <Button variant="ghost" onClick={() => list.setFilters({ vassalage: '' })}>
              {t('games.clear')}
            </Button>
          )}
        </div>
      </form>
      <DataTable
        caption={t('rounds.title')}
        columns={columns}
        getRowId={(item) => `${item.vassalage}/${item.roundId}`}
        query={query}
        paging={list}
        empty={
          <EmptyState
            icon="check"
            title={vassalage ? t('rounds.noMatchTitle') : t('rounds.emptyTitle')}
            text={vassalage ? t('rounds.noMatchText') : t('rounds.emptyText')}
          />
        }
      />
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(open) => !open && setClosing(null)}
        title={
          round &&
          t(closing.outcome === 'cancelled' ? 'rounds.cancelTitle' : 'rounds.settleTitle', { round: round.roundId })
        }
        description={
          round &&
          (closing.outcome === 'cancelled'
            ? t('rounds.cancelText', {
                amount: formatMoney(round.stakeMinor, round.currency),
                account: round.account,
                vendor: round.vassalage,
              })
            : t('rounds.settleText', {
                stake: formatMoney(round.stakeMinor, round.currency),
                win: formatMoney(round.winMinor, round.currency),
                account: round.account,
              }))
        }
        reasonLabel={t('rounds.reason')}
        reasonMinLength={MIN_REASON}
        confirmLabel={closing?.outcome === 'settled' ? t('rounds.settleConfirm') : t('rounds.cancelConfirm')}
        onConfirm={confirm}
      />
    </>
  );
}
