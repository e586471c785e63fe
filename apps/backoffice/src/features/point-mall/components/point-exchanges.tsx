import { type BoPointExchange, type PointExchangeStatus } from '@parlay/contract';
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
import { useExchanges, useProcessExchange, type ExchangeStep } from '../api/exchanges';
import { formatMoney } from '../../../lib/money';
import { formatPoints } from '../../../lib/points';
import styles from './point-mall.module.css';

const FILTERS = ['queue'] as const;
const QUEUES = ['open', 'done'] as const;
type Queue = (typeof QUEUES)[number];
const column = columnsOf<BoPointExchange>();
/** The reason the server asks for: 2 characters at least (RejectPointExchangeRequestSchema). */
const MIN_REASON = 2;
const TONE: Record<PointExchangeStatus, 'ok' | 'warn' | 'off' | 'plain'> = {
  applying: 'warn',
  approved: 'plain',
  completed: 'ok',
  rejected: 'off',
};

/**
 * A brand's points-mall exchange orders (decision 0045): goods members redeemed wait here to be approved, then
 * completed once delivered, or rejected with a reason the member reads (its points and money go back).
 */
export function PointExchangesPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('pointMall');
  const list = useKeysetList(FILTERS);
  const queue: Queue = QUEUES.includes(list.filters.queue as Queue) ? (list.filters.queue as Queue) : 'open';
  const query = useExchanges(brand, { queue, cursor: list.cursor });
  const process = useProcessExchange(brand);
  const canWrite = useCan('pointMall.exchanges');
  const [dialog, setDialog] = useState<{ kind: 'approve' | 'complete' | 'reject'; item: BoPointExchange } | null>(null);

  async function run(step: ExchangeStep, done: string) {
    try {
      await process.mutateAsync(step);
      toast.success(done);
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
      throw error;
    }
  }

  const columns = [
    column.accessor('createdAt', {
      header: t('columns.applied'),
      cell: (info) => (
        <span className={styles.name}>
          <span>{formatTime(info.getValue())}</span>
          <span className={styles.code}>{info.row.original.referenceNo}</span>
        </span>
      ),
    }),
    column.accessor('account', {
      header: t('columns.player'),
      cell: (info) => (
        <span className={styles.name}>
          <strong>{info.getValue()}</strong>
          <span className={styles.muted}>#{info.row.original.memberId}</span>
        </span>
      ),
    }),
    column.accessor('productName', {
      header: t('columns.product'),
      cell: (info) => (
        <span className={styles.name}>
          <span>
            {info.getValue()} × {info.row.original.quantity}
          </span>
          <span className={styles.muted}>{t(`kinds.${info.row.original.kind}`)}</span>
        </span>
      ),
    }),
    column.accessor('pointsMinor', {
      header: () => <span className={styles.number}>{t('columns.paid')}</span>,
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.number}>
            {formatPoints(item.pointsMinor, { unit: true })}
            {item.amountMinor > 0 && (
              <span className={styles.muted}> + {formatMoney(item.amountMinor, item.currency)}</span>
            )}
          </span>
        );
      },
    }),
    column.accessor('status', {
      header: t('columns.state'),
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.name}>
            <Badge tone={TONE[item.status]}>{t(`statuses.${item.status}`)}</Badge>
            {item.remark && <span className={styles.muted}>{item.remark}</span>}
            {item.processedBy && <span className={styles.muted}>{item.processedBy}</span>}
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) => {
        const item = info.row.original;
        if (!canWrite || (item.status !== 'applying' && item.status !== 'approved')) return null;
        return (
          <span className={styles.rowActions}>
            {item.status === 'applying' ? (
              <Button
                size="small"
                aria-label={t('actions.approveOf', { reference: item.referenceNo })}
                onClick={() => setDialog({ kind: 'approve', item })}
              >
                {t('actions.approve')}
              </Button>
            ) : (
              <Button
                size="small"
                aria-label={t('actions.completeOf', { reference: item.referenceNo })}
                onClick={() => setDialog({ kind: 'complete', item })}
              >
                {t('actions.complete')}
              </Button>
            )}
            <Button
              size="small"
              variant="secondary"
              aria-label={t('actions.rejectOf', { reference: item.referenceNo })}
              onClick={() => setDialog({ kind: 'reject', item })}
            >
              {t('actions.reject')}
            </Button>
          </span>
        );
      },
    }),
  ];

  const item = dialog?.item;
  const describe = (exchange: BoPointExchange) =>
    t('dialog.what', {
      account: exchange.account,
      product: exchange.productName,
      quantity: exchange.quantity,
      points: formatPoints(exchange.pointsMinor, { unit: true }),
    });
  return (
    <>
      <PageHeader title={t('exchanges.title')} subtitle={t('exchanges.subtitle', { brand: brandName })} />
      <nav className={styles.tabs} aria-label={t('exchanges.queues')}>
        {QUEUES.map((name) => (
          <Button
            key={name}
            size="small"
            variant="secondary"
            className={styles.tab}
            aria-current={name === queue ? 'page' : undefined}
            onClick={() => list.setFilters({ queue: name })}
          >
            {t(`queues.${name}`)}
          </Button>
        ))}
      </nav>
      <DataTable
        caption={t(`queues.${queue}`)}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={
          <EmptyState
            icon="check"
            title={t('exchanges.emptyTitle')}
            text={t(queue === 'open' ? 'exchanges.emptyOpen' : 'exchanges.emptyDone')}
          />
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'approve' || dialog?.kind === 'complete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={
          item &&
          t(dialog?.kind === 'approve' ? 'dialog.approveTitle' : 'dialog.completeTitle', {
            reference: item.referenceNo,
          })
        }
        description={
          item && `${describe(item)} ${t(dialog?.kind === 'approve' ? 'dialog.approveText' : 'dialog.completeText')}`
        }
        confirmLabel={dialog?.kind === 'approve' ? t('actions.approve') : t('actions.complete')}
        onConfirm={() =>
          item && dialog && dialog.kind !== 'reject'
            ? run(
                { action: dialog.kind, id: item.id, version: item.version },
                t(dialog.kind === 'approve' ? 'done.approved' : 'done.completed', { reference: item.referenceNo }),
              )
            : Promise.resolve()
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'reject'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={item && t('dialog.rejectTitle', { reference: item.referenceNo })}
        description={
          item &&
          `${describe(item)} ${
            item.amountMinor > 0
              ? t('dialog.rejectTextMoney', { money: formatMoney(item.amountMinor, item.currency) })
              : t('dialog.rejectText')
          }`
        }
        reasonLabel={t('dialog.reason')}
        reasonMinLength={MIN_REASON}
        confirmLabel={t('actions.reject')}
        onConfirm={(reason) =>
          item
            ? run(
                { action: 'reject', id: item.id, version: item.version, reason },
                t('done.rejected', { reference: item.referenceNo }),
              )
            : Promise.resolve()
        }
      />
    </>
  );
}
