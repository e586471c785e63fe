import { ABUSE_FLAG_STATUSES, type AbuseEvidence, type AbuseFlagStatus, type BoAbuseFlag } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextAreaField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { formatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useAbuseFlags, useDecideAbuseFlag, type FlagDecision } from '../api/referrals';
import styles from './referrals.module.css';

const FILTERS = ['status'] as const;
const REASON_MAX = 500;
const column = columnsOf<BoAbuseFlag>();

/**
 * A match's value as the table shows it: a device is the SHA-256 of its id (no person reads it), so its first 12
 * characters stand for it, enough to tell one device from another across flags; the whole hash is its title.
 */
function shownValue(item: AbuseEvidence): string {
  return item.kind === 'device' ? `${item.value.slice(0, 12)}…` : item.value;
}

/** Releases or rejects a flag with the reason the audit keeps; a refusal (decided first elsewhere) stays in the dialog. */
function DecisionDialog({
  pending,
  onClose,
  onDecide,
}: {
  pending: Omit<FlagDecision, 'reason'> | null;
  onClose: () => void;
  onDecide: (decision: FlagDecision) => Promise<unknown>;
}) {
  const { t } = useTranslation('referrals');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const flag = pending?.flag;
  async function decide() {
    if (!pending) return;
    setIsBusy(true);
    setProblem(null);
    try {
      await onDecide({ ...pending, reason: reason.trim() });
      setReason('');
      onClose();
    } catch (error) {
      setProblem(messageOf(error, t('errors.failed')));
    } finally {
      setIsBusy(false);
    }
  }
  const release = pending?.decision === 'release';
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => !open && onClose()}
      title={flag && t(release ? 'decide.releaseTitle' : 'decide.rejectTitle', { id: flag.id, account: flag.account })}
      description={
        flag &&
        t(release ? 'decide.releaseText' : 'decide.rejectText', {
          amount: formatMoney(flag.amountMinor, flag.currency),
          account: flag.account,
        })
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.back')}
          </Button>
          <Button
            variant={release ? 'primary' : 'danger'}
            disabled={isBusy || reason.trim() === '' || reason.length > REASON_MAX}
            onClick={() => void decide()}
          >
            {t(release ? 'actions.release' : 'actions.reject')}
          </Button>
        </>
      }
    >
      <TextAreaField
        label={t('decide.reason')}
        isRequired
        value={reason}
        maxLength={REASON_MAX}
        hint={t('decide.reasonHint')}
        onChange={(event) => setReason(event.target.value)}
      />
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}

/**
 * A brand's abuse flags (decision 0057): payouts held because their members share a sign-in IP or device, bank account
 * or phone, with the evidence and what is held. players.money releases one (paid then, once, by its key) or rejects it,
 * each with a reason, audited.
 */
export function AbuseFlagsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('referrals');
  const list = useKeysetList(FILTERS);
  const status: AbuseFlagStatus = (ABUSE_FLAG_STATUSES as readonly string[]).includes(list.filters.status ?? '')
    ? (list.filters.status as AbuseFlagStatus)
    : 'open';
  const query = useAbuseFlags(brand, { status, cursor: list.cursor });
  const decide = useDecideAbuseFlag(brand);
  const canDecide = useCan('players.money');
  const [pending, setPending] = useState<Omit<FlagDecision, 'reason'> | null>(null);

  async function onDecide(decision: FlagDecision) {
    await decide.mutateAsync(decision);
    toast.success(t(decision.decision === 'release' ? 'decide.released' : 'decide.rejected', { id: decision.flag.id }));
  }

  const columns = [
    column.accessor('id', {
      header: t('columns.flag'),
      cell: (info) => (
        <span className={styles.stack}>
          <span className={styles.code}>#{info.getValue()}</span>
          <Badge tone={info.row.original.kind === 'referral' ? 'plain' : 'warn'}>
            {t(`kinds.${info.row.original.kind}`)}
          </Badge>
          <span className={`${styles.muted} ${styles.nowrap}`}>{formatTime(info.row.original.createdAt)}</span>
        </span>
      ),
    }),
    column.accessor('account', {
      header: t('columns.member'),
      cell: (info) => (
        <span className={styles.stack}>
          <strong>{info.getValue()}</strong>
          <span className={styles.muted}>{t('page.memberId', { id: info.row.original.memberId })}</span>
        </span>
      ),
    }),
    column.accessor('evidence', {
      header: t('columns.evidence'),
      cell: (info) => (
        <ul className={styles.evidence} data-testid="flag-evidence">
          {info.getValue().map((item) => (
            <li key={`${item.kind}-${item.value}-${item.memberId}`}>
              <Badge>{t(`evidence.${item.kind}`)}</Badge>{' '}
              <span className={styles.code} title={item.value}>
                {shownValue(item)}
              </span>{' '}
              <span className={styles.muted}>{t('page.sharedWith', { account: item.account, id: item.memberId })}</span>
            </li>
          ))}
        </ul>
      ),
    }),
    column.accessor('amountMinor', {
      header: () => <span className={styles.number}>{t('columns.payout')}</span>,
      cell: (info) => (
        <span className={styles.stack}>
          <span className={styles.number}>{formatMoney(info.getValue(), info.row.original.currency)}</span>
          <span className={`${styles.code} ${styles.muted}`}>{info.row.original.payoutKey}</span>
        </span>
      ),
    }),
    column.display({
      id: 'decision',
      header: t('columns.decision'),
      cell: (info) => {
        const flag = info.row.original;
        if (flag.status === 'open') {
          if (!canDecide) return <Badge tone="warn">{t('statuses.open')}</Badge>;
          return (
            <span className={styles.rowActions}>
              <Button
                size="small"
                aria-label={t('actions.releaseOf', { id: flag.id })}
                onClick={() => setPending({ flag, decision: 'release' })}
              >
                {t('actions.release')}
              </Button>
              <Button
                size="small"
                variant="secondary"
                aria-label={t('actions.rejectOf', { id: flag.id })}
                onClick={() => setPending({ flag, decision: 'reject' })}
              >
                {t('actions.reject')}
              </Button>
            </span>
          );
        }
        return (
          <span className={styles.stack}>
            <Badge tone={flag.status === 'released' ? 'ok' : 'off'}>{t(`statuses.${flag.status}`)}</Badge>
            <span className={styles.reason}>{flag.reason}</span>
            <span className={styles.muted}>
              {flag.decidedBy} · {formatTime(flag.decidedAt)}
            </span>
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title={t('flags.title')} subtitle={t('flags.subtitle', { brand: brandName })} />
      <nav className={styles.tabs} aria-label={t('flags.views')}>
        {ABUSE_FLAG_STATUSES.map((name) => (
          <Button
            key={name}
            size="small"
            variant="secondary"
            className={styles.tab}
            aria-current={name === status ? 'page' : undefined}
            onClick={() => list.setFilters({ status: name === 'open' ? '' : name })}
          >
            {t(`statuses.${name}`)}
          </Button>
        ))}
      </nav>
      <DataTable
        caption={t('flags.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={<EmptyState icon="check" title={t('flags.emptyTitle')} text={t(`flags.empty.${status}`)} />}
      />
      <DecisionDialog pending={pending} onClose={() => setPending(null)} onDecide={onDecide} />
    </>
  );
}
