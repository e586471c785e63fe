import type { BoLeaderboard } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatCount, formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { formatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
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

  async function switchOff(board: BoLeaderboard) {
    try {
      await deactivate.mutateAsync(board);
      toast.success(t('page.switchedOff', { code: board.code }));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
      throw error;
    }
  }

  const columns = [
    column.accessor('code', {
      header: t('columns.code'),
      cell: (info) => (
        <span className={styles.name}>
          <span className={styles.code}>{info.getValue()}</span>
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
          <span className={styles.name}>
            <span className={styles.goal}>{t(`measures.${item.measure}`)}</span>
            <span className={styles.muted}>
              {item.gameType ? t(`gameTypes.${item.gameType}`) : t('gameTypes.all')}
              {item.minBetMinor > 0 && ` · ${t('page.minBet', { amount: formatMoney(item.minBetMinor, currency) })}`}
            </span>
          </span>
        );
      },
    }),
    column.accessor('period', {
      header: t('columns.period'),
      cell: (info) => <span className={styles.nowrap}>{t(`periods.${info.getValue()}`)}</span>,
    }),
    column.accessor('prizesMinor', {
      header: t('columns.prizes'),
      cell: (info) => (
        <span className={styles.prizes} data-testid="leaderboard-prizes">
          {info.getValue().map((prize, index) => (
            <span key={index} className={styles.nowrap}>
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
        if (!item.startsAt && !item.endsAt) return <span className={styles.muted}>{t('page.always')}</span>;
        return (
          <span className={styles.name}>
            <span className={styles.nowrap}>{t('page.from', { time: formatTime(item.startsAt) })}</span>
            <span className={`${styles.nowrap} ${styles.muted}`}>
              {item.endsAt ? t('page.until', { time: formatTime(item.endsAt) }) : t('page.noEnd')}
            </span>
          </span>
        );
      },
    }),
    column.accessor('members', {
      header: t('columns.current'),
      cell: (info) => (
        <span className={styles.counts} data-testid="leaderboard-members">
          <span>{t('page.members', { value: formatCount(info.getValue()) })}</span>
          <span className={styles.muted}>{t('page.since', { day: info.row.original.currentPeriodStart })}</span>
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.rowActions}>
            <Button
              size="small"
              variant="secondary"
              aria-label={t('actions.standingsOf', { code: item.code })}
              onClick={() => setStandings(item)}
            >
              {t('actions.standings')}
            </Button>
            {canWrite && (
              <Button
                size="small"
                variant="secondary"
                aria-label={t('actions.editOf', { code: item.code })}
                onClick={() => setEditing(item)}
              >
                {t('actions.edit')}
              </Button>
            )}
            {canWrite && item.active && (
              <Button
                size="small"
                variant="secondary"
                aria-label={t('actions.switchOffOf', { code: item.code })}
                onClick={() => setSwitching(item)}
              >
                {t('actions.switchOff')}
              </Button>
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
        subtitle={t('page.subtitle', { brand: brandName, timeZone })}
        actions={canWrite ? <Button onClick={() => setEditing('new')}>{t('page.add')}</Button> : undefined}
      />
      <nav className={styles.tabs} aria-label={t('page.views')}>
        {VIEWS.map((name) => (
          <Button
            key={name}
            size="small"
            variant="secondary"
            className={styles.tab}
            aria-current={name === view ? 'page' : undefined}
            onClick={() => list.setFilters({ active: name === 'all' ? '' : String(name === 'on') })}
          >
            {t(`page.view.${name}`)}
          </Button>
        ))}
      </nav>
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
      <ConfirmDialog
        open={switching !== null}
        onOpenChange={(open) => !open && setSwitching(null)}
        title={switching && t('switchOff.title', { code: switching.code })}
        description={t('switchOff.text')}
        confirmLabel={t('actions.switchOff')}
        onConfirm={() => (switching ? switchOff(switching) : Promise.resolve())}
      />
    </>
  );
}
