import { DEPOSIT_STATES, type BoDeposit, type DepositState } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useDeposits } from '../api/get-deposits';
import { useReviewDeposit, type DepositReview } from '../api/review-deposit';
import { formatMoney } from '../../../lib/money';
import styles from './cashier.module.css';

const FILTERS = ['view'] as const;
/** 'toConfirm': the bank transfers waiting for finance; 'all' and each state: every order. */
const VIEWS = ['toConfirm', 'all', ...DEPOSIT_STATES] as const;
type View = (typeof VIEWS)[number];
const column = columnsOf<BoDeposit>();
/** The reason the server asks for: 3 characters at least (RejectDepositRequestSchema). */
const MIN_REASON = 3;
const TONE: Record<DepositState, 'ok' | 'warn' | 'off' | 'plain'> = {
  created: 'plain',
  pending: 'warn',
  credited: 'ok',
  failed: 'off',
  expired: 'plain',
};

/**
 * A brand's deposits (decision 0039): the bank transfers finance confirms (the money arrived with the order's
 * reference) or rejects with a reason the member is told, and every order by state.
 */
export function DepositQueuePage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('cashier');
  const list = useKeysetList(FILTERS);
  const view: View = VIEWS.includes(list.filters.view as View) ? (list.filters.view as View) : 'toConfirm';
  const query = useDeposits(brand, {
    state: view === 'toConfirm' ? 'pending' : view === 'all' ? undefined : view,
    kind: view === 'toConfirm' ? 'manual_bank' : undefined,
    cursor: list.cursor,
  });
  const review = useReviewDeposit(brand);
  const canWrite = useCan('deposits.write');
  const [dialog, setDialog] = useState<{ kind: 'confirm' | 'reject'; item: BoDeposit } | null>(null);

  async function run(next: DepositReview, done: string) {
    try {
      await review.mutateAsync(next);
      toast.success(done);
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
      throw error;
    }
  }

  const columns = [
    column.accessor('createdAt', {
      header: t('columns.created'),
      cell: (info) => (
        <span className={styles.name}>
          <span>{formatTime(info.getValue())}</span>
          <span className={styles.code}>{info.row.original.orderNo}</span>
        </span>
      ),
    }),
    column.accessor('account', {
      header: t('columns.player'),
      cell: (info) => (
        <span className={styles.name}>
          <strong>{info.getValue()}</strong>
          <span className={styles.muted}>#{info.row.original.playerId}</span>
        </span>
      ),
    }),
    column.accessor('methodName', {
      header: t('columns.method'),
      cell: (info) => (
        <span className={styles.name}>
          <span>{info.getValue()}</span>
          <span className={styles.muted}>{t(`kinds.${info.row.original.methodKind}`)}</span>
        </span>
      ),
    }),
    column.accessor('amountMinor', {
      header: () => <span className={styles.number}>{t('columns.amount')}</span>,
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.number}>
            {formatMoney(item.amountMinor, item.currency)}
            {item.feeMinor > 0 && (
              <span className={styles.muted}>
                {' '}
                {t('credit', { amount: formatMoney(item.creditMinor, item.currency) })}
              </span>
            )}
          </span>
        );
      },
    }),
    column.display({
      id: 'reference',
      header: t('columns.reference'),
      cell: (info) => (
        <span className={styles.code}>{info.row.original.bankReference ?? info.row.original.providerRef ?? '—'}</span>
      ),
    }),
    column.accessor('state', {
      header: t('columns.state'),
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.name}>
            <Badge tone={TONE[item.state]}>{t(`states.${item.state}`)}</Badge>
            {item.failureReason && <span className={styles.muted}>{item.failureReason}</span>}
            {item.reviewedBy && <span className={styles.muted}>{item.reviewedBy}</span>}
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) => {
        const item = info.row.original;
        const reviewable = item.methodKind === 'manual_bank' && (item.state === 'pending' || item.state === 'expired');
        if (!canWrite || !reviewable) return null;
        return (
          <span className={styles.rowActions}>
            <Button
              size="small"
              aria-label={t('actions.confirmOf', { order: item.orderNo })}
              onClick={() => setDialog({ kind: 'confirm', item })}
            >
              {t('actions.confirm')}
            </Button>
            <Button size="small" variant="secondary" onClick={() => setDialog({ kind: 'reject', item })}>
              {t('actions.reject')}
            </Button>
          </span>
        );
      },
    }),
  ];

  const item = dialog?.item;
  return (
    <>
      <PageHeader title={t('queue.title')} subtitle={t('queue.subtitle', { brand: brandName })} />
      <nav className={styles.tabs} aria-label={t('queue.views')}>
        {VIEWS.map((name) => (
          <Button
            key={name}
            size="small"
            variant="secondary"
            className={styles.tab}
            aria-current={name === view ? 'page' : undefined}
            onClick={() => list.setFilters({ view: name })}
          >
            {t(`views.${name}`)}
          </Button>
        ))}
      </nav>
      <DataTable
        caption={t(`views.${view}`)}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={
          <EmptyState
            icon="check"
            title={t('queue.emptyTitle')}
            text={t(view === 'toConfirm' ? 'queue.emptyToConfirm' : 'queue.empty')}
          />
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'confirm'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={item && t('confirm.title', { order: item.orderNo, account: item.account })}
        description={
          item &&
          t('confirm.text', {
            amount: formatMoney(item.amountMinor, item.currency),
            reference: item.bankReference ?? '',
            credit: formatMoney(item.creditMinor, item.currency),
          })
        }
        confirmLabel={t('actions.confirm')}
        onConfirm={() =>
          item
            ? run({ action: 'confirm', id: item.id }, t('done.confirmed', { order: item.orderNo }))
            : Promise.resolve()
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'reject'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={item && t('reject.title', { order: item.orderNo, account: item.account })}
        description={item && t('reject.text', { amount: formatMoney(item.amountMinor, item.currency) })}
        reasonLabel={t('reject.reason')}
        reasonMinLength={MIN_REASON}
        confirmLabel={t('actions.reject')}
        onConfirm={(reason) =>
          item
            ? run({ action: 'reject', id: item.id, reason }, t('done.rejected', { order: item.orderNo }))
            : Promise.resolve()
        }
      />
    </>
  );
}
