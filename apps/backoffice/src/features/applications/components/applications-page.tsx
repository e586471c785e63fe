import { APPLICATION_STATUSES, type ApplicationStatus, type BoApplication } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { applicationImageUrl, useApplications, useDecideApplication } from '../api/applications';
import { ApproveDialog, ImageDialog, RejectDialog } from './decision-dialogs';
import styles from './applications.module.css';

const FILTERS = ['status'] as const;
/** The tabs: the work queue (applying) first and by default, then the decided ones, then every application. */
type Queue = ApplicationStatus | 'all';
const QUEUES: readonly Queue[] = [...APPLICATION_STATUSES, 'all'];
const column = columnsOf<BoApplication>();
const TONE: Record<ApplicationStatus, 'ok' | 'warn' | 'off'> = { applying: 'warn', issued: 'ok', rejected: 'off' };

function queueOf(filter: string): Queue {
  return (QUEUES as readonly string[]).includes(filter) ? (filter as Queue) : 'applying';
}

/** An application's images as small thumbnails; each opens the image larger. */
function Thumbnails({
  brand,
  application,
  onOpen,
}: {
  brand: string;
  application: BoApplication;
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation('applications');
  if (application.imageIds.length === 0) return <span className={styles.muted}>{t('images.none')}</span>;
  return (
    <ul className={styles.thumbs}>
      {application.imageIds.map((imageId, index) => (
        <li key={imageId}>
          <button
            type="button"
            className={styles.thumb}
            aria-label={t('images.open', {
              number: index + 1,
              count: application.imageIds.length,
              account: application.account,
              code: application.promotionCode,
            })}
            onClick={() => onOpen(index)}
          >
            <img src={applicationImageUrl(brand, imageId)} alt="" loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The status, and once decided who decided and when, with a rejection's reason. */
function Status({ application }: { application: BoApplication }) {
  const { t } = useTranslation('applications');
  return (
    <span className={styles.name}>
      <Badge tone={TONE[application.status]}>{t(`statuses.${application.status}`)}</Badge>
      {application.rejectReason && <span className={styles.reason}>{application.rejectReason}</span>}
      {application.decidedBy && (
        <span className={styles.muted}>{t('decidedBy', { operator: application.decidedBy })}</span>
      )}
      {application.decidedAt && (
        <span className={`${styles.muted} ${styles.time}`}>{formatTime(application.decidedAt)}</span>
      )}
    </span>
  );
}

/**
 * A brand's members' applications to its application promotions (decision 0052), newest first: the ones applying
 * are the work queue. An operator with players.money approves one (its reward paid once, as a bonus) or rejects it
 * with a reason the member reads; both are audited and the member gets a message.
 */
export function ApplicationsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('applications');
  const list = useKeysetList(FILTERS);
  const queue = queueOf(list.filters.status);
  const query = useApplications(brand, { status: queue === 'all' ? undefined : queue, cursor: list.cursor });
  const decide = useDecideApplication(brand);
  const canDecide = useCan('players.money');
  const [approving, setApproving] = useState<BoApplication | null>(null);
  const [rejecting, setRejecting] = useState<BoApplication | null>(null);
  const [viewing, setViewing] = useState<{ application: BoApplication; index: number } | null>(null);
  const currency = query.data?.currency ?? 'KRW';

  async function approve(application: BoApplication) {
    const issued = await decide.mutateAsync({ action: 'approve', applicationId: application.id });
    toast.success(
      t('done.approved', {
        code: application.promotionCode,
        account: application.account,
        amount: formatMoney(issued.rewardMinor, currency),
      }),
    );
  }

  async function reject(application: BoApplication, reason: string) {
    await decide.mutateAsync({ action: 'reject', applicationId: application.id, reason });
    toast.success(t('done.rejected', { code: application.promotionCode, account: application.account }));
  }

  const columns = [
    column.accessor('account', {
      header: t('columns.member'),
      cell: (info) => (
        <span className={styles.name}>
          <strong>{info.getValue()}</strong>
          <span className={styles.muted}>#{info.row.original.memberId}</span>
        </span>
      ),
    }),
    column.accessor('promotionCode', {
      header: t('columns.promotion'),
      cell: (info) => (
        <span className={`${styles.name} ${styles.title}`}>
          <span className={styles.code}>{info.getValue()}</span>
          <span className={styles.muted}>{info.row.original.promotionTitle}</span>
        </span>
      ),
    }),
    column.accessor('comment', {
      header: t('columns.comment'),
      cell: (info) => <span className={styles.comment}>{info.getValue()}</span>,
    }),
    column.accessor('imageIds', {
      header: t('columns.images'),
      cell: (info) => (
        <Thumbnails
          brand={brand}
          application={info.row.original}
          onOpen={(index) => setViewing({ application: info.row.original, index })}
        />
      ),
    }),
    column.accessor('rewardMinor', {
      header: () => <span className={styles.number}>{t('columns.reward')}</span>,
      cell: (info) => <span className={styles.number}>{formatMoney(info.getValue(), currency)}</span>,
    }),
    column.accessor('status', {
      header: t('columns.status'),
      cell: (info) => <Status application={info.row.original} />,
    }),
    column.accessor('createdAt', {
      header: t('columns.appliedAt'),
      cell: (info) => <span className={styles.time}>{formatTime(info.getValue())}</span>,
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) => {
        const item = info.row.original;
        if (!canDecide || item.status !== 'applying') return null;
        const names = { code: item.promotionCode, account: item.account };
        return (
          <span className={styles.rowActions}>
            <Button size="small" aria-label={t('actions.approveOf', names)} onClick={() => setApproving(item)}>
              {t('actions.approve')}
            </Button>
            <Button
              size="small"
              variant="secondary"
              aria-label={t('actions.rejectOf', names)}
              onClick={() => setRejecting(item)}
            >
              {t('actions.reject')}
            </Button>
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle', { brand: brandName })} />
      <nav className={styles.tabs} aria-label={t('page.tabs')}>
        {QUEUES.map((name) => (
          <Button
            key={name}
            size="small"
            variant="secondary"
            className={styles.tab}
            aria-current={name === queue ? 'page' : undefined}
            onClick={() => list.setFilters({ status: name })}
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
        empty={<EmptyState icon="check" title={t('page.emptyTitle')} text={t(`page.empty.${queue}`)} />}
      />
      <ApproveDialog
        key={`approve-${approving?.id ?? ''}`}
        application={approving}
        currency={currency}
        onClose={() => setApproving(null)}
        onApprove={approve}
      />
      <RejectDialog
        key={`reject-${rejecting?.id ?? ''}`}
        application={rejecting}
        onClose={() => setRejecting(null)}
        onReject={reject}
      />
      <ImageDialog
        brand={brand}
        application={viewing?.application ?? null}
        index={viewing?.index ?? 0}
        onIndexChange={(index) => setViewing((open) => open && { ...open, index })}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
