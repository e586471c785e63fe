import { CONTRACT_KINDS, type ContractKind, type SettlementRun } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { RowActions } from '../../../components/ui/row-actions';
import { ViewTabs } from '../../../components/ui/view-tabs';
import cells from '../../../components/ui/cells.module.css';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatCount, formatMoney, formatTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useSettlementRuns } from '../api/agent-settlements';
import styles from './agent-settlements.module.css';
import { PayPendingDialog } from './pay-pending-dialog';
import { periodLabel } from './period';
import { RunLinesDialog } from './run-lines-dialog';

const FILTERS = ['kind', 'pending'] as const;
const VIEWS = ['all', 'pending'] as const;
type View = (typeof VIEWS)[number];
const column = columnsOf<SettlementRun>();

const kindOf = (value: string): ContractKind | undefined =>
  (CONTRACT_KINDS as readonly string[]).includes(value) ? (value as ContractKind) : undefined;

/**
 * A brand's contract settlements (decision 0068), newest first: each run is one period of one kind, with its lines
 * paid and pending and what the brand paid its top agents; the brand's pending total above. A run opens its lines;
 * brand.write tries a run's pending lines again now (their payers' wallets were short), audited by the server.
 */
export function AgentSettlementsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('agentSettlements');
  const list = useKeysetList(FILTERS);
  const view: View = list.filters.pending === 'true' ? 'pending' : 'all';
  const kind = kindOf(list.filters.kind);
  const query = useSettlementRuns(brand, { kind, pendingOnly: view === 'pending', cursor: list.cursor });
  const canWrite = useCan('brand.write');
  const [opened, setOpened] = useState<SettlementRun | null>(null);
  const [paying, setPaying] = useState<SettlementRun | null>(null);
  const data = query.data;
  const currency = data?.currency ?? 'KRW';
  const exponent = data?.currencyExponent ?? 0;
  const timeZone = data?.timeZone ?? '';
  const money = (minor: number) => formatMoney(minor, currency, exponent);

  const columns = [
    column.accessor('kind', {
      header: t('columns.run'),
      cell: (info) => (
        <span className={`${cells.name} ${cells.nowrap}`}>
          <strong>{t(`kinds.${info.getValue()}`)}</strong>
          <span className={cells.muted}>
            #{info.row.original.id} · {t(`rhythms.${info.row.original.rhythm}`)}
          </span>
        </span>
      ),
    }),
    column.accessor('periodStart', {
      header: t('columns.period'),
      cell: (info) => (
        <span className={cells.counts}>
          <span>{periodLabel(info.row.original, timeZone)}</span>
          <span className={cells.muted}>{t('page.settled', { time: formatTime(info.row.original.settledAt) })}</span>
        </span>
      ),
    }),
    column.accessor('lines', {
      header: t('columns.lines'),
      cell: (info) => (
        <span className={cells.counts}>
          <span>{t('page.lines', { count: info.getValue(), formatted: formatCount(info.getValue()) })}</span>
          <span className={cells.muted}>
            {t('page.linesPaid', {
              paid: formatCount(info.row.original.paidLines),
              pending: formatCount(info.row.original.pendingLines),
            })}
          </span>
        </span>
      ),
    }),
    column.accessor('paidMinor', {
      header: () => <span className={styles.numberHead}>{t('columns.paid')}</span>,
      cell: (info) => <span className={styles.number}>{money(info.getValue())}</span>,
    }),
    column.accessor('pendingMinor', {
      header: () => <span className={styles.numberHead}>{t('columns.pending')}</span>,
      cell: (info) =>
        info.row.original.pendingLines > 0 ? (
          <span className={styles.pendingCell}>
            <span className={styles.number}>{money(info.getValue())}</span>
            <Badge tone="warn">{t('page.pendingBadge', { count: info.row.original.pendingLines })}</Badge>
          </span>
        ) : (
          <span className={`${styles.number} ${cells.muted}`}>{money(0)}</span>
        ),
    }),
    column.accessor('brandPaidMinor', {
      header: () => <span className={styles.numberHead}>{t('columns.brandPaid')}</span>,
      cell: (info) => <span className={styles.number}>{money(info.getValue())}</span>,
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) => {
        const run = info.row.original;
        return (
          <RowActions
            actions={[
              { label: t('page.open'), ariaLabel: t('page.openRun', { id: run.id }), onClick: () => setOpened(run) },
              {
                label: t('pay.open'),
                ariaLabel: t('pay.openRun', { id: run.id }),
                onClick: () => setPaying(run),
                shown: canWrite && run.pendingLines > 0,
              },
            ]}
          />
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle', { brand: brandName, timeZone })} />
      {data && (
        <p className={styles.pendingTotal} data-testid="pending-total" data-pending={data.pendingLines > 0}>
          {data.pendingLines > 0
            ? t('page.pendingTotal', { count: data.pendingLines, amount: money(data.pendingMinor) })
            : t('page.nothingPending')}
        </p>
      )}
      <div className={styles.filters}>
        <ViewTabs
          label={t('page.views')}
          views={VIEWS}
          current={view}
          labelOf={(name) => t(`page.view.${name}`)}
          onChoose={(name) => list.setFilters({ pending: name === 'pending' ? 'true' : '' })}
        />
        <SelectField
          label={t('page.kind')}
          value={kind ?? ''}
          onChange={(event) => list.setFilters({ kind: event.target.value })}
        >
          <option value="">{t('page.allKinds')}</option>
          {CONTRACT_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`kinds.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <DataTable
        caption={t('page.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={
          <EmptyState
            icon="record"
            title={t('page.emptyTitle')}
            text={view === 'pending' || kind ? t('page.emptyFiltered') : t('page.empty')}
          />
        }
      />
      {opened && (
        <RunLinesDialog
          brand={brand}
          run={opened}
          currency={currency}
          currencyExponent={exponent}
          timeZone={timeZone}
          onClose={() => setOpened(null)}
        />
      )}
      {paying && (
        <PayPendingDialog
          brand={brand}
          run={paying}
          currency={currency}
          currencyExponent={exponent}
          onClose={() => setPaying(null)}
        />
      )}
    </>
  );
}
