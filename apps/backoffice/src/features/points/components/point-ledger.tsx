import type { PointEntry } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useAdjustPoints, usePointLedger } from '../api/point-ledger';
import { formatPoints, parsePoints } from '../../../lib/points';
import styles from './points.module.css';

const column = columnsOf<PointEntry>();

/**
 * A key for one adjustment, made when the form opens and again after each success, so a retry after a lost
 * answer writes nothing twice. getRandomValues: a back office on plain HTTP has no secure context for randomUUID.
 */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `bo-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Adds or takes points with a reason (points.write); audited by the server. */
function AdjustForm({ brand, memberId }: { brand: string; memberId: number }) {
  const { t } = useTranslation('points');
  const adjust = useAdjustPoints(brand, memberId);
  const [key, setKey] = useState(newKey);
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const pointsMinor = parsePoints(points);
  const valid = pointsMinor !== null && pointsMinor !== 0 && reason.trim().length >= 2;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!valid || pointsMinor === null) return;
    try {
      const result = await adjust.mutateAsync({ pointsMinor, reason: reason.trim(), idempotencyKey: key });
      toast.success(
        t('adjust.done', {
          points: formatPoints(pointsMinor, { signed: true }),
          balance: formatPoints(result.balancePointsMinor),
        }),
      );
      setPoints('');
      setReason('');
      setKey(newKey());
    } catch (error) {
      // The key stays: trying again cannot write the entry twice.
      toast.error(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <form className={styles.adjust} aria-label={t('adjust.title')} onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={t('adjust.points')}
        placeholder={t('adjust.pointsHint')}
        inputMode="decimal"
        value={points}
        onChange={(event) => setPoints(event.target.value)}
      />
      <TextField
        label={t('adjust.reason')}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" disabled={!valid || adjust.isPending}>
        {t('adjust.submit')}
      </Button>
    </form>
  );
}

/** A member's point ledger (decision 0044): the balance, a manual adjustment, every entry newest first. */
export function PointLedgerPage({ brand, memberId }: { brand: string; memberId: number }) {
  const { t } = useTranslation('points');
  const canWrite = useCan('points.write');
  const list = useKeysetList([] as const);
  const query = usePointLedger(brand, memberId, list.cursor);
  const back = (
    <Link to={`/brands/${encodeURIComponent(brand)}/points`} className={styles.back}>
      <Icon name="chevronLeft" size={16} />
      {t('ledger.back')}
    </Link>
  );
  if (query.isError && !query.data) {
    return (
      <>
        <PageHeader title={t('ledger.title')} back={back} />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const columns = [
    column.accessor('at', {
      header: t('ledger.at'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    column.accessor('type', {
      header: t('ledger.type'),
      cell: (info) => <span className={styles.nowrap}>{t(`types.${info.getValue()}`)}</span>,
    }),
    column.accessor('pointsMinor', {
      header: () => <span className={styles.numberHead}>{t('ledger.points')}</span>,
      cell: (info) => (
        <span className={info.getValue() < 0 ? styles.debit : styles.credit}>
          {formatPoints(info.getValue(), { signed: true })}
        </span>
      ),
    }),
    column.accessor('balanceAfterPointsMinor', {
      header: () => <span className={styles.numberHead}>{t('ledger.balanceAfter')}</span>,
      cell: (info) => <span className={styles.number}>{formatPoints(info.getValue())}</span>,
    }),
    column.accessor('note', {
      header: t('ledger.note'),
      cell: (info) => info.getValue() ?? '—',
    }),
    column.accessor('transactionNo', {
      header: t('ledger.number'),
      cell: (info) => <code className={styles.code}>{info.getValue()}</code>,
    }),
  ];
  return (
    <>
      <PageHeader
        title={query.data ? t('ledger.titleOf', { account: query.data.account }) : t('ledger.title')}
        subtitle={t('ledger.subtitle', { id: memberId })}
        back={back}
      />
      {query.data && (
        <p className={styles.balance}>
          <span>{t('ledger.balance')}</span>
          <strong data-testid="point-balance">{formatPoints(query.data.balancePointsMinor)}</strong>
        </p>
      )}
      {canWrite && <AdjustForm brand={brand} memberId={memberId} />}
      <DataTable
        caption={t('ledger.caption')}
        columns={columns}
        getRowId={(entry) => entry.transactionNo}
        query={query}
        paging={list}
        empty={<EmptyState icon="record" title={t('ledger.emptyTitle')} text={t('ledger.emptyText')} />}
      />
    </>
  );
}
