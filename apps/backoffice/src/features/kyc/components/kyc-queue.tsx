import type { KycReviewItem } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { toast } from '../../../lib/toast-store';
import { useDecideKyc } from '../api/decide-kyc';
import { kycDocumentUrl, useKycReview } from '../api/get-kyc-review';
import { useKycReviews, type KycQueue } from '../api/get-kyc-reviews';
import styles from './kyc.module.css';

const FILTERS = ['status'] as const;
const QUEUES: KycQueue[] = ['pending', 'verified', 'rejected'];
const column = columnsOf<KycReviewItem>();
const TONE = { pending: 'warn', verified: 'ok', rejected: 'off', none: 'plain' } as const;

/** One member's documents and the decision: approve, or reject with a reason the member reads. */
function ReviewDialog({ brand, memberId, onClose }: { brand: string; memberId: number | null; onClose: () => void }) {
  const { t } = useTranslation('kyc');
  const review = useKycReview(brand, memberId);
  const decide = useDecideKyc(brand);
  const [rejecting, setRejecting] = useState(false);
  const data = review.data;

  async function approve() {
    if (!data) return;
    try {
      await decide.mutateAsync({ action: 'approve', memberId: data.memberId, version: data.version });
      toast.success(t('done.approved', { account: data.account }));
      onClose();
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <>
      <Dialog
        open={memberId !== null && !rejecting}
        onOpenChange={(open) => !open && onClose()}
        title={data ? t('review.title', { account: data.account }) : t('review.loading')}
        width={720}
        footer={
          data?.status === 'pending' ? (
            <>
              <Button variant="secondary" onClick={() => setRejecting(true)}>
                {t('actions.reject')}
              </Button>
              <Button onClick={() => void approve()} disabled={decide.isPending}>
                {t('actions.approve')}
              </Button>
            </>
          ) : (
            <Button variant="ghost" onClick={onClose}>
              {t('actions.close')}
            </Button>
          )
        }
      >
        {review.isError ? (
          <ErrorState error={review.error} onRetry={() => void review.refetch()} />
        ) : !data ? (
          <PageLoader />
        ) : (
          <div className={styles.review}>
            <dl className={styles.facts}>
              <dt>{t('review.fullname')}</dt>
              <dd>{data.fullname ?? t('review.noName')}</dd>
              <dt>{t('review.status')}</dt>
              <dd>
                <Badge tone={TONE[data.status]}>{t(`status.${data.status}`)}</Badge>
                {data.reason && <span className={styles.muted}> {data.reason}</span>}
              </dd>
              <dt>{t('review.submitted')}</dt>
              <dd>{data.submittedAt ? formatTime(data.submittedAt) : '—'}</dd>
            </dl>
            <ul className={styles.documents} aria-label={t('review.documents')}>
              {data.documentList.map((document, index) => {
                const url = kycDocumentUrl(brand, document.id);
                const name = t('review.document', { number: index + 1, type: t(`types.${document.contentType}`) });
                return (
                  <li key={document.id} className={styles.document}>
                    {document.contentType === 'application/pdf' ? (
                      <span className={styles.pdf} aria-hidden="true">
                        PDF
                      </span>
                    ) : (
                      <img className={styles.preview} src={url} alt={name} />
                    )}
                    <a href={url} target="_blank" rel="noreferrer">
                      {name}
                    </a>
                    <span className={styles.muted}>{Math.max(1, Math.round(document.sizeBytes / 1024))} KB</span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={rejecting}
        onOpenChange={(open) => !open && setRejecting(false)}
        title={data && t('reject.title', { account: data.account })}
        description={t('reject.text')}
        reasonLabel={t('reject.reason')}
        confirmLabel={t('actions.reject')}
        onConfirm={async (reason) => {
          if (!data) return;
          try {
            await decide.mutateAsync({ action: 'reject', memberId: data.memberId, version: data.version, reason });
            toast.success(t('done.rejected', { account: data.account }));
            setRejecting(false);
            onClose();
          } catch (error) {
            toast.error(messageOf(error, t('errors.failed')));
            throw error;
          }
        }}
      />
    </>
  );
}

/**
 * A brand's identity checks (decision 0043) by state: pending ones, oldest first, each opening to its documents and
 * the decision; verified and rejected ones to read. The risk role's page (kyc.review).
 */
export function KycQueuePage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('kyc');
  const list = useKeysetList(FILTERS);
  const status: KycQueue = QUEUES.includes(list.filters.status as KycQueue)
    ? (list.filters.status as KycQueue)
    : 'pending';
  const query = useKycReviews(brand, { status, cursor: list.cursor });
  const [open, setOpen] = useState<number | null>(null);

  const columns = [
    column.accessor('submittedAt', {
      header: t('columns.submitted'),
      cell: (info) => formatTime(info.getValue() ?? ''),
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
    column.accessor('documents', {
      header: () => <span className={styles.number}>{t('columns.documents')}</span>,
      cell: (info) => <span className={styles.number}>{info.getValue()}</span>,
    }),
    column.accessor('status', {
      header: t('columns.status'),
      cell: (info) => <Badge tone={TONE[info.getValue()]}>{t(`status.${info.getValue()}`)}</Badge>,
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) => (
        <span className={styles.rowActions}>
          <Button
            size="small"
            variant={info.row.original.status === 'pending' ? 'primary' : 'secondary'}
            aria-label={t('actions.openOf', { account: info.row.original.account })}
            onClick={() => setOpen(info.row.original.memberId)}
          >
            {info.row.original.status === 'pending' ? t('actions.review') : t('actions.open')}
          </Button>
        </span>
      ),
    }),
  ];

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
            aria-current={name === status ? 'page' : undefined}
            onClick={() => list.setFilters({ status: name })}
          >
            {t(`queues.${name}`)}
          </Button>
        ))}
      </nav>
      <DataTable
        caption={t(`queues.${status}`)}
        columns={columns}
        getRowId={(row) => String(row.memberId)}
        query={query}
        paging={list}
        empty={<EmptyState icon="check" title={t('queue.emptyTitle')} text={t(`queue.empty.${status}`)} />}
      />
      <ReviewDialog brand={brand} memberId={open} onClose={() => setOpen(null)} />
    </>
  );
}
