import type { BoContract } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ViewTabs } from '../../../components/ui/view-tabs';
import cells from '../../../components/ui/cells.module.css';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useAgentContracts } from '../api/agent-contracts';
import styles from './agent-contracts.module.css';
import { AgentSettingsPanel } from './agent-settings-panel';
import { BrandContractDialog } from './brand-contract-dialog';
import { percentOf } from './terms';

const FILTERS = ['status'] as const;
const VIEWS = ['all', 'open', 'ended'] as const;
type View = (typeof VIEWS)[number];
const column = columnsOf<BoContract>();

/** A status in a tone: active is on, an offer waits, an ended one is off. */
function StatusBadge({ contract }: { contract: BoContract }) {
  const { t } = useTranslation('agentContracts');
  const tone = contract.status === 'active' ? 'ok' : contract.status === 'offered' ? 'warn' : 'off';
  return (
    <span className={cells.name}>
      <Badge tone={tone}>{t(`statuses.${contract.status}`)}</Badge>
      {contract.endReason && <span className={cells.muted}>{t(`endReasons.${contract.endReason}`)}</span>}
      {contract.terminationRequestedBy && (
        <span className={cells.muted}>{t(`termination.${contract.terminationRequestedBy}`)}</span>
      )}
    </span>
  );
}

/**
 * A brand's agent contracts (decision 0066), newest first: the brand's own with its top agents ("Brand" as the
 * upline) and those the agents pass on to their downline on the player site, with their terms in words, status and
 * dates; open or ended. brand.write sets the brand's contract with a top agent (active at once, audited); the server's
 * refusals show in the dialog, in the operator's language. Under the list, the brand's agent settings.
 */
export function AgentContractsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('agentContracts');
  const list = useKeysetList(FILTERS);
  const view: View = list.filters.status === 'open' || list.filters.status === 'ended' ? list.filters.status : 'all';
  const query = useAgentContracts(brand, { status: view === 'all' ? undefined : view, cursor: list.cursor });
  const canWrite = useCan('brand.write');
  const [isSetting, setIsSetting] = useState(false);

  const columns = [
    column.accessor('kind', {
      header: t('columns.kind'),
      cell: (info) => (
        <span className={`${cells.name} ${styles.kind}`}>
          <strong>{t(`kinds.${info.getValue()}`)}</strong>
          <span className={cells.muted}>
            #{info.row.original.id}
            {info.row.original.period ? ` · ${t(`periods.${info.row.original.period}`)}` : ''}
            {info.row.original.salaryType ? ` · ${t(`salaryTypes.${info.row.original.salaryType}`)}` : ''}
          </span>
        </span>
      ),
    }),
    column.accessor('uplineAccount', {
      header: t('columns.upline'),
      cell: (info) => info.getValue() ?? <Badge>{t('page.brand')}</Badge>,
    }),
    column.accessor('downlineAccount', { header: t('columns.downline') }),
    column.accessor('topRateBp', {
      header: t('columns.terms'),
      cell: (info) => (
        <span className={cells.nowrap}>
          {t('page.terms', { rate: percentOf(info.getValue()), count: info.row.original.tiers.length })}
        </span>
      ),
    }),
    column.accessor('status', {
      header: t('columns.status'),
      cell: (info) => <StatusBadge contract={info.row.original} />,
    }),
    column.display({
      id: 'dates',
      header: t('columns.dates'),
      cell: (info) => {
        const contract = info.row.original;
        return (
          <span className={cells.counts}>
            <span className={cells.nowrap}>{t('page.created', { time: formatTime(contract.createdAt) })}</span>
            {contract.activatedAt && (
              <span className={`${cells.nowrap} ${cells.muted}`}>
                {t('page.activated', { time: formatTime(contract.activatedAt) })}
              </span>
            )}
            {contract.endedAt && (
              <span className={`${cells.nowrap} ${cells.muted}`}>
                {t('page.ended', { time: formatTime(contract.endedAt) })}
              </span>
            )}
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle', { brand: brandName })}
        actions={canWrite && <Button onClick={() => setIsSetting(true)}>{t('page.set')}</Button>}
      />
      <ViewTabs
        label={t('page.views')}
        views={VIEWS}
        current={view}
        labelOf={(name) => t(`page.view.${name}`)}
        onChoose={(name) => list.setFilters({ status: name === 'all' ? '' : name })}
      />
      <DataTable
        caption={t('page.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={<EmptyState icon="record" title={t('page.emptyTitle')} text={t('page.empty')} />}
      />
      <AgentSettingsPanel brand={brand} />
      {isSetting && <BrandContractDialog brand={brand} onClose={() => setIsSetting(false)} />}
    </>
  );
}
