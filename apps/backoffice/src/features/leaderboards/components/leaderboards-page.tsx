import type { BoLeaderboard } from '@parlay/contract';
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
import { useDeactivateLeaderboard, useLeaderboards } from '../api/leaderboards';
import { LeaderboardDialog } from './leaderboard-dialog';
import styles from './leaderboards.module.css';
import { StandingsDialog } from './standings-dialog';

const FILTERS = ['active'] as const;
const VIEWS = ['all', 'on', 'off'] as const;
type View = (typeof VIEWS)[number];
const column = columnsOf<BoLeaderboard>();

/**
 * A brand's leaderboards (decision 0056): what each ranks by, its period and prizes, when it runs, on or off, and how
 * many members are on it this period; Standings opens a period's ranks with the payouts. brand.write adds and edits
 * them (the version opened is sent) and switches one off; each change is audited.
 */
export function LeaderboardsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t, i18n } = useTranslation('leaderboards');
  const list = useKeysetList(FILTERS);
  const view: View = list.filters.active === 'true' ? 'on' : list.filters.active === 'false' ? 'off' : 'all';
  const query = useLeaderboards(brand, { active: view === 'all' ? undefined : view === 'on', cursor: list.cursor });
  const deactivate = useDeactivateLeaderboard(brand);
  const canWrite = useCan('brand.write');
  const [editing, setEditing] = useState<BoLeaderboard | 'new' | null>(null);
  const [switching, setSwitching] = useState<BoLeaderboard | null>(null);
  const [standings, setStandings] = useState<BoLeaderboard | null>(null);
  const currency = query.data?.currency ?? 'KRW';
  const timeZone = query.data?.timeZone ?? '';
  const isKorean = i18n.language === 'ko';

  const columns = [
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
      id: 'measure',
      header: t('columns.measure'),
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={cells.name}>
            <span className={styles.goal}>{t(`measures.${item.measure}`)}</span>
            <span className={cells.muted}>
              {item.gameType ? t(`gameTypes.${item.gameType}`) : t('gameTypes.all')}
              {item.minBetMinor > 0 && ` · ${t('page.minBet', { amount: formatMoney(item.minBetMinor, currency) })}`}
            </span>
          </span>
        );
      },
    }),
    column.accessor('period', {
      header: t('columns.period'),
      // Period and dates wrap: kept on one line they pushed the row's actions out of the table at 1280 px.
      cell: (info) => <span>{t(`periods.${info.getValue()}`)}</span>,
    }),
    column.accessor('prizesMinor', {
      header: t('columns.prizes'),
      cell: (info) => (
        <span className={styles.prizes} data-testid="leaderboard-prizes">
          {info.getValue().map((prize, index) => (
            <span key={index} className={cells.nowrap}>
              {t('page.prizeOf', { rank: index + 1, amount: formatMoney(prize, currency) })}
            </span>
          ))}
        </span>
      ),
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
            <span className={cells.muted}>
              {item.endsAt ? t('page.until', { time: formatTime(item.endsAt) }) : t('page.noEnd')}
            </span>
          </span>
        );
      },
    }),
    column.accessor('members', {
      header: t('columns.current'),
      cell: (info) => (
        <span className={cells.counts} data-testid="leaderboard-members">
          <span>{t('page.members', { value: formatCount(info.getValue()) })}</span>
          <span className={cells.muted}>{t('page.since', { day: info.row.original.currentPeriodStart })}</span>
        </span>
      ),
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
                label: t('actions.standings'),
                ariaLabel: t('actions.standingsOf', { code: item.code }),
                onClick: () => setStandings(item),
              },
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
        <LeaderboardDialog
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          brand={brand}
          currency={currency}
          board={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {standings && <StandingsDialog brand={brand} board={standings} onClose={() => setStandings(null)} />}
      <SwitchOffDialog
        ns="leaderboards"
        item={switching}
        onClose={() => setSwitching(null)}
        switchOff={deactivate.mutateAsync}
      />
    </>
  );
}
