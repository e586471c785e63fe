import type { BoMission } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { RowActions } from '../../../components/ui/row-actions';
import { SwitchOffDialog } from '../../../components/ui/switch-off-dialog';
import { ViewTabs } from '../../../components/ui/view-tabs';
import cells from '../../../components/ui/cells.module.css';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatCount, formatTime } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/session';
import { useDeactivateMission, useMissions } from '../api/missions';
import { goalInWords } from './goal';
import { MissionDialog } from './mission-dialog';
import styles from './missions.module.css';

const FILTERS = ['active'] as const;
const VIEWS = ['all', 'on', 'off'] as const;
type View = (typeof VIEWS)[number];
const column = columnsOf<BoMission>();

/**
 * A brand's missions (decision 0054): each goal in words, its period and reward, when it runs, on or off, and how many
 * members are in progress, completed and claimed in its current period. brand.write adds and edits them (the version
 * opened is sent) and switches one off; each change is audited.
 */
export function MissionsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t, i18n } = useTranslation('missions');
  const list = useKeysetList(FILTERS);
  const view: View = list.filters.active === 'true' ? 'on' : list.filters.active === 'false' ? 'off' : 'all';
  const query = useMissions(brand, { active: view === 'all' ? undefined : view === 'on', cursor: list.cursor });
  const deactivate = useDeactivateMission(brand);
  const canWrite = useCan('brand.write');
  const [editing, setEditing] = useState<BoMission | 'new' | null>(null);
  const [switching, setSwitching] = useState<BoMission | null>(null);
  const currency = query.data?.currency ?? 'KRW';
  const timeZone = query.data?.timeZone ?? '';
  const isKorean = i18n.language === 'ko';

  const columns = [
    // The code with its on/off state, and the title alone (the summary is in the edit dialog): the whole row, its
    // actions included, fits 1280 px.
    column.accessor('code', {
      header: t('columns.code'),
      cell: (info) => (
        <span className={cells.name}>
          <span className={cells.code}>{info.getValue()}</span>
          <Badge tone={info.row.original.active ? 'ok' : 'off'}>
            {t(info.row.original.active ? 'page.on' : 'page.off')}
          </Badge>
        </span>
      ),
    }),
    column.display({
      id: 'title',
      header: t('columns.title'),
      cell: (info) => (
        <strong className={styles.title}>{isKorean ? info.row.original.titleKo : info.row.original.titleEn}</strong>
      ),
    }),
    column.display({
      id: 'goal',
      header: t('columns.goal'),
      cell: (info) => <span className={styles.goal}>{goalInWords(t, info.row.original, currency)}</span>,
    }),
    column.accessor('period', {
      header: t('columns.period'),
      // Period and dates wrap: kept on one line they pushed the row's actions out of the table at 1280 px.
      cell: (info) => <span>{t(`periods.${info.getValue()}`)}</span>,
    }),
    column.accessor('rewardMinor', {
      header: () => <span className={styles.number}>{t('columns.reward')}</span>,
      cell: (info) => <span className={styles.number}>{formatMoney(info.getValue(), currency)}</span>,
    }),
    column.display({
      id: 'dates',
      header: t('columns.dates'),
      cell: (info) => {
        const item = info.row.original;
        if (!item.startsAt && !item.endsAt) return <span className={cells.muted}>{t('page.always')}</span>;
        return (
          <span className={cells.name}>
            <span>{t('page.from', { time: formatTime(item.startsAt) })}</span>
            <span className={cells.muted}>{t('page.until', { time: formatTime(item.endsAt) })}</span>
          </span>
        );
      },
    }),
    column.accessor('current', {
      header: t('columns.current'),
      cell: (info) => {
        const current = info.getValue();
        return (
          <span className={cells.counts} data-testid="mission-counts">
            <span>{t('counts.inProgress', { value: formatCount(current.inProgress) })}</span>
            <span>{t('counts.completed', { value: formatCount(current.completed) })}</span>
            <span>{t('counts.claimed', { value: formatCount(current.claimed) })}</span>
            <span className={cells.muted}>
              {t('counts.paid', { amount: formatMoney(current.rewardPaidMinor, currency) })}
            </span>
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) => {
        const item = info.row.original;
        return (
          // Under each other: beside each other they did not fit the row at 1280 px in English.
          <RowActions
            stacked
            actions={[
              {
                label: t('actions.edit'),
                ariaLabel: t('actions.editOf', { code: item.code }),
                onClick: () => setEditing(item),
                shown: canWrite,
              },
              {
                label: t('actions.switchOff'),
                ariaLabel: t('actions.switchOffOf', { code: item.code }),
                onClick: () => setSwitching(item),
                shown: canWrite && item.active,
              },
            ]}
          />
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle', { brand: brandName, timeZone })}
        actions={canWrite ? <Button onClick={() => setEditing('new')}>{t('page.add')}</Button> : undefined}
      />
      <ViewTabs
        label={t('page.views')}
        views={VIEWS}
        current={view}
        labelOf={(name) => t(`page.view.${name}`)}
        onChoose={(name) => list.setFilters({ active: name === 'all' ? '' : String(name === 'on') })}
      />
      <DataTable
        caption={t('page.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={<EmptyState icon="megaphone" title={t('page.emptyTitle')} text={t('page.empty')} />}
      />
      {editing && (
        <MissionDialog
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          brand={brand}
          currency={currency}
          mission={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <SwitchOffDialog
        ns="missions"
        item={switching}
        onClose={() => setSwitching(null)}
        switchOff={deactivate.mutateAsync}
      />
    </>
  );
}
