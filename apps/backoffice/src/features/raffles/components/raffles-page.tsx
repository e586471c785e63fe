import { RAFFLE_STATUSES, type BoRaffle, type RaffleStatus } from '@parlay/contract';
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
import { formatCount, numberLocale } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/session';
import { useDeactivateRaffle, useRaffles } from '../api/raffles';
import { DrawDialog } from './draw-dialog';
import { RaffleDialog } from './raffle-dialog';
import styles from './raffles.module.css';
import { ticketRulesInWords } from './rules';

const FILTERS = ['status'] as const;
const VIEWS = ['all', ...RAFFLE_STATUSES] as const;
type View = (typeof VIEWS)[number];
const column = columnsOf<BoRaffle>();
/** A time of the list, to the minute: the row keeps to 1280 px (the draw dialog gives the draw's to the second). */
function shortTime(iso: string): string {
  return new Intl.DateTimeFormat(numberLocale(), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

const STATUS_TONE = { open: 'ok', drawn: 'plain', void: 'off' } as const satisfies Record<RaffleStatus, string>;

/**
 * A brand's raffles (docs/decisions/0055-raffles.md): each one's ticket rules in words, prizes, sale window and draw
 * time, status, entrants and prizes paid, and its draw (the committed seed hash, the seed once revealed, the ticket
 * list and the winners). brand.write adds and edits them (the version opened is sent) and switches one off; each
 * change is audited.
 */
export function RafflesPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t, i18n } = useTranslation('raffles');
  const list = useKeysetList(FILTERS);
  const view: View = VIEWS.includes(list.filters.status as View) ? (list.filters.status as View) : 'all';
  const query = useRaffles(brand, { status: view === 'all' ? undefined : view, cursor: list.cursor });
  const deactivate = useDeactivateRaffle(brand);
  const canWrite = useCan('brand.write');
  const [editing, setEditing] = useState<BoRaffle | 'new' | null>(null);
  const [switching, setSwitching] = useState<BoRaffle | null>(null);
  const [viewing, setViewing] = useState<BoRaffle | null>(null);
  const currency = query.data?.currency ?? 'KRW';
  const timeZone = query.data?.timeZone ?? '';
  const isKorean = i18n.language === 'ko';

  const columns = [
    // The code with its status and on/off, the title beside it (the summary is in the edit dialog): the whole row, its
    // actions included, fits 1280 px.
    column.accessor('code', {
      header: t('columns.code'),
      cell: (info) => {
        const raffle = info.row.original;
        return (
          <span className={cells.name}>
            <span className={cells.code}>{info.getValue()}</span>
            <span className={styles.badges}>
              <Badge tone={STATUS_TONE[raffle.status]}>{t(`statuses.${raffle.status}`)}</Badge>
              {!raffle.active && raffle.status !== 'void' && <Badge tone="off">{t('page.off')}</Badge>}
            </span>
          </span>
        );
      },
    }),
    column.display({
      id: 'title',
      header: t('columns.title'),
      cell: (info) => (
        <strong className={styles.title}>{isKorean ? info.row.original.titleKo : info.row.original.titleEn}</strong>
      ),
    }),
    column.accessor('rules', {
      header: t('columns.rules'),
      cell: (info) => (
        <span className={`${styles.lines} ${styles.rules}`}>
          {ticketRulesInWords(t, info.getValue(), currency).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      ),
    }),
    column.accessor('prizes', {
      header: t('columns.prizes'),
      cell: (info) => {
        const prizes = info.getValue();
        const total = prizes.reduce((sum, prize) => sum + prize.amountMinor, 0);
        return (
          <span className={styles.lines}>
            <span className={cells.nowrap}>{t('page.prizes', { count: prizes.length })}</span>
            <span className={`${cells.nowrap} ${cells.muted}`}>
              {t('page.prizesTotal', { total: formatMoney(total, currency) })}
            </span>
          </span>
        );
      },
    }),
    column.display({
      id: 'dates',
      header: t('columns.dates'),
      cell: (info) => {
        const raffle = info.row.original;
        return (
          <span className={styles.lines}>
            <span className={cells.nowrap}>{t('page.saleFrom', { time: shortTime(raffle.saleStartsAt) })}</span>
            <span className={cells.nowrap}>{t('page.saleUntil', { time: shortTime(raffle.saleEndsAt) })}</span>
            <span className={`${cells.nowrap} ${cells.muted}`}>
              {raffle.drawnAt
                ? t('page.drawnAt', { time: shortTime(raffle.drawnAt) })
                : t('page.drawAt', { time: shortTime(raffle.drawAt) })}
            </span>
          </span>
        );
      },
    }),
    column.accessor('entrants', {
      header: t('columns.entrants'),
      cell: (info) => {
        const raffle = info.row.original;
        return (
          <span className={cells.counts} data-testid="raffle-counts">
            <span>{t('counts.entrants', { value: formatCount(raffle.entrants) })}</span>
            {raffle.totalTickets !== null && (
              <span>{t('counts.tickets', { value: formatCount(raffle.totalTickets) })}</span>
            )}
            {raffle.status === 'drawn' && (
              <span className={cells.muted}>
                {t('counts.paid', { amount: formatMoney(raffle.prizesPaidMinor, currency) })}
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
        const raffle = info.row.original;
        return (
          <RowActions
            stacked
            actions={[
              {
                label: t('actions.draw'),
                ariaLabel: t('actions.drawOf', { code: raffle.code }),
                onClick: () => setViewing(raffle),
              },
              {
                label: t('actions.edit'),
                ariaLabel: t('actions.editOf', { code: raffle.code }),
                onClick: () => setEditing(raffle),
                shown: canWrite && raffle.status === 'open',
              },
              {
                label: t('actions.switchOff'),
                ariaLabel: t('actions.switchOffOf', { code: raffle.code }),
                onClick: () => setSwitching(raffle),
                shown: canWrite && raffle.active && raffle.status === 'open',
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
        onChoose={(name) => list.setFilters({ status: name === 'all' ? '' : name })}
      />
      <DataTable
        caption={t('page.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={<EmptyState icon="star" title={t('page.emptyTitle')} text={t('page.empty')} />}
      />
      {editing && (
        <RaffleDialog
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          brand={brand}
          currency={currency}
          raffle={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {viewing && <DrawDialog brand={brand} raffle={viewing} onClose={() => setViewing(null)} />}
      <SwitchOffDialog
        ns="raffles"
        item={switching}
        onClose={() => setSwitching(null)}
        switchOff={deactivate.mutateAsync}
      />
    </>
  );
}
