import type { BoWithdrawal, WithdrawalRiskFlag } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { formatMoney, fractionDigits } from '../../../lib/money';
import { useChangeWithdrawal, type WithdrawalChange } from '../api/change-withdrawal';
import { proofUrl, useWithdrawals, type WithdrawalQueue as Queue } from '../api/get-withdrawals';
import styles from './withdrawals.module.css';

const FILTERS = ['queue'] as const;
const QUEUES: Queue[] = ['review', 'payout', 'done', 'cases', 'resolved'];
const column = columnsOf<BoWithdrawal>();
/** The reason the server asks for: 2 characters at least (RejectWithdrawalRequestSchema). */
const MIN_REASON = 2;
const RISKY: ReadonlySet<WithdrawalRiskFlag> = new Set(['sharedBankAccount', 'sharedIp', 'turnoverShort']);

type Dialogs =
  | { kind: 'reject'; item: BoWithdrawal }
  | { kind: 'paid'; item: BoWithdrawal }
  | { kind: 'resolve'; item: BoWithdrawal }
  | null;

/**
 * A brand's withdrawals (decision 0041) by queue: review (approve through the provider or by hand, reject with a
 * reason; the risk flags beside each), payout (mark paid by hand, retry a failed payout, reject), done, the cases
 * members opened (partly or not received, with their proofs: resolve with a reason and maybe a refund), resolved.
 */
export function WithdrawalQueuePage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('withdrawals');
  const list = useKeysetList(FILTERS);
  const queue: Queue = QUEUES.includes(list.filters.queue as Queue) ? (list.filters.queue as Queue) : 'review';
  const query = useWithdrawals(brand, { queue, cursor: list.cursor });
  const change = useChangeWithdrawal(brand);
  const canWrite = useCan('withdrawals.write');
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [refund, setRefund] = useState('');
  const [caseReason, setCaseReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function run(next: WithdrawalChange, done: string) {
    try {
      await change.mutateAsync(next);
      toast.success(done);
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
      throw error;
    }
  }

  const columns = [
    column.accessor('createdAt', {
      header: t('columns.requested'),
      cell: (info) => (
        <span className={styles.name}>
          <span>{formatTime(info.getValue())}</span>
          <span className={styles.muted}>#{info.row.original.id}</span>
        </span>
      ),
    }),
    column.accessor('account', {
      header: t('columns.player'),
      cell: (info) => (
        <span className={styles.name}>
          <strong>{info.getValue()}</strong>
          <span className={styles.muted}>{info.row.original.ip}</span>
        </span>
      ),
    }),
    column.accessor('amountMinor', {
      header: () => <span className={styles.number}>{t('columns.amount')}</span>,
      cell: (info) => <span className={styles.number}>{formatMoney(info.getValue(), info.row.original.currency)}</span>,
    }),
    column.display({
      id: 'bank',
      header: t('columns.bank'),
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.name}>
            <span>{item.bankName}</span>
            <span className={styles.code}>{item.accountNumber}</span>
            <span className={styles.muted}>{item.holderName}</span>
          </span>
        );
      },
    }),
    column.display({
      id: 'flags',
      header: t('columns.flags'),
      cell: (info) => (
        <span className={styles.badges}>
          {info.row.original.riskFlags.length === 0 && <span className={styles.muted}>{t('flags.none')}</span>}
          {info.row.original.riskFlags.map((flag) => (
            <Badge key={flag} tone={RISKY.has(flag) ? 'warn' : 'plain'}>
              {t(`flags.${flag}`)}
            </Badge>
          ))}
        </span>
      ),
    }),
    column.display({
      id: 'status',
      header: t('columns.status'),
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.name}>
            <Badge tone={item.status === 'rejected' || item.status === 'payout_failed' ? 'off' : 'plain'}>
              {t(`status.${item.status}`)}
            </Badge>
            {item.rejectReason && <span className={styles.muted}>{item.rejectReason}</span>}
            {item.payoutFailure && <span className={styles.muted}>{item.payoutFailure}</span>}
            {item.missingMinor !== null && (
              <span className={styles.muted}>
                {t('missing', { amount: formatMoney(item.missingMinor, item.currency) })}
              </span>
            )}
            {item.memberNote && <span className={styles.muted}>“{item.memberNote}”</span>}
            {item.caseReason && <span className={styles.muted}>{item.caseReason}</span>}
            {item.proofIds.length > 0 && (
              <span className={styles.proofs}>
                {item.proofIds.map((proofId, index) => (
                  <a key={proofId} href={proofUrl(brand, item.id, proofId)} target="_blank" rel="noreferrer">
                    {t('proof', { number: index + 1 })}
                  </a>
                ))}
              </span>
            )}
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) => {
        const item = info.row.original;
        if (!canWrite) return null;
        const ref = { id: item.id, version: item.version };
        return (
          <span className={styles.rowActions}>
            {item.status === 'requested' && (
              <>
                <Button
                  size="small"
                  aria-label={t('actions.approveOf', { id: item.id })}
                  onClick={() =>
                    void run(
                      { action: 'approve', ...ref, payout: 'provider' },
                      t('done.approved', { id: item.id }),
                    ).catch(() => undefined)
                  }
                >
                  {t('actions.approve')}
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() =>
                    void run(
                      { action: 'approve', ...ref, payout: 'manual' },
                      t('done.approvedManual', { id: item.id }),
                    ).catch(() => undefined)
                  }
                >
                  {t('actions.approveManual')}
                </Button>
              </>
            )}
            {(item.status === 'approved' || item.status === 'payout_failed') && (
              <Button size="small" onClick={() => setDialog({ kind: 'paid', item })}>
                {t('actions.markPaid')}
              </Button>
            )}
            {(item.status === 'payout_failed' || item.status === 'paying') && (
              <Button
                size="small"
                variant="secondary"
                onClick={() =>
                  void run({ action: 'retry', ...ref }, t('done.retried', { id: item.id })).catch(() => undefined)
                }
              >
                {t('actions.retry')}
              </Button>
            )}
            {(item.status === 'requested' || item.status === 'approved' || item.status === 'payout_failed') && (
              <Button size="small" variant="secondary" onClick={() => setDialog({ kind: 'reject', item })}>
                {t('actions.reject')}
              </Button>
            )}
            {item.caseStatus === 'open' && (
              <Button
                size="small"
                onClick={() => {
                  setRefund('');
                  setCaseReason('');
                  setProblem(null);
                  setDialog({ kind: 'resolve', item });
                }}
              >
                {t('actions.resolve')}
              </Button>
            )}
          </span>
        );
      },
    }),
  ];

  const item = dialog?.item;
  const refundMinor = (() => {
    if (!item || refund.trim() === '') return 0;
    const digits = fractionDigits(item.currency);
    const value = Number(refund.replace(/,/g, ''));
    return Number.isFinite(value) ? Math.round(value * 10 ** digits) : Number.NaN;
  })();

  async function resolve() {
    if (!item) return;
    if (caseReason.trim().length < MIN_REASON) {
      setProblem(t('errors.reason'));
      return;
    }
    if (!Number.isSafeInteger(refundMinor) || refundMinor < 0) {
      setProblem(t('errors.refund'));
      return;
    }
    try {
      await run(
        { action: 'resolve', id: item.id, version: item.version, reason: caseReason.trim(), refundMinor },
        t('done.resolved', { id: item.id }),
      );
      setDialog(null);
    } catch {
      // Told in a toast; the dialog stays.
    }
  }

  return (
    <>
      <PageHeader title={t('queue.title')} subtitle={t('queue.subtitle', { brand: brandName })} />
      <nav className={styles.tabs} aria-label={t('queue.tabs')}>
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
        empty={<EmptyState icon="check" title={t('queue.emptyTitle')} text={t(`queue.empty.${queue}`)} />}
      />
      <ConfirmDialog
        open={dialog?.kind === 'reject'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={item && t('reject.title', { id: item.id, account: item.account })}
        description={item && t('reject.text', { amount: formatMoney(item.amountMinor, item.currency) })}
        reasonLabel={t('reject.reason')}
        reasonMinLength={MIN_REASON}
        confirmLabel={t('actions.reject')}
        onConfirm={(reason) =>
          item
            ? run({ action: 'reject', id: item.id, version: item.version, reason }, t('done.rejected', { id: item.id }))
            : Promise.resolve()
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'paid'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={item && t('paid.title', { id: item.id })}
        description={
          item &&
          t('paid.text', {
            amount: formatMoney(item.amountMinor, item.currency),
            bank: item.bankName,
            number: item.accountNumber,
            holder: item.holderName,
          })
        }
        confirmLabel={t('actions.markPaid')}
        onConfirm={() =>
          item
            ? run({ action: 'paid', id: item.id, version: item.version }, t('done.paid', { id: item.id }))
            : Promise.resolve()
        }
      />
      <Dialog
        open={dialog?.kind === 'resolve'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={item ? t('resolve.title', { id: item.id, account: item.account }) : ''}
        description={
          item &&
          (item.status === 'partly_received'
            ? t('resolve.partly', { missing: formatMoney(item.missingMinor ?? 0, item.currency) })
            : t('resolve.not', { amount: formatMoney(item.amountMinor, item.currency) }))
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setDialog(null)}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={() => void resolve()} disabled={change.isPending}>
              {t('actions.resolve')}
            </Button>
          </>
        }
      >
        <div className={styles.dialogBody}>
          <TextAreaField
            label={t('resolve.reason')}
            value={caseReason}
            onChange={(event) => setCaseReason(event.target.value)}
            rows={3}
          />
          <TextField
            label={t('resolve.refund', { currency: item?.currency ?? '' })}
            hint={t('resolve.refundHint')}
            inputMode="decimal"
            value={refund}
            onChange={(event) => setRefund(event.target.value)}
          />
          {problem && (
            <p role="alert" className={styles.muted}>
              {problem}
            </p>
          )}
        </div>
      </Dialog>
    </>
  );
}
