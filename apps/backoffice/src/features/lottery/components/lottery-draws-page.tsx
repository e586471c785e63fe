import type { BoLotteryDraw } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { SelectField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useCan, useOperatorSession } from '../../../lib/session';
import { useLotteryDraws, useLotteryGames } from '../api/lottery';
import styles from './lottery.module.css';
import { VoidDialog } from './void-dialog';

const draw = columnsOf<BoLotteryDraw>();

const STATUS_TONES: Record<BoLotteryDraw['status'], 'ok' | 'warn' | 'off' | 'plain'> = {
  scheduled: 'plain',
  open: 'ok',
  closed: 'warn',
  drawn: 'warn',
  settled: 'plain',
  void: 'off',
};

/** A draw's numbers as players read them: five digits, twenty numbers, or a regional draw's special prize. */
function resultText(result: BoLotteryDraw['result']): string | null {
  if (!result) return null;
  if (result.digits) return result.digits.join(' ');
  if (result.numbers) return result.numbers.map((number) => String(number).padStart(2, '0')).join(' ');
  if (result.prizes) return result.prizes.special?.join(' ') ?? null;
  return null;
}

/**
 * A draw's detail: its times, its commitment and reveal, a regional draw's every prize, and the void (an operator
 * of every brand with games.write, before any payout: the vendor refuses it after).
 */
function DrawDetail({ item, onVoid }: { item: BoLotteryDraw; onVoid: () => void }) {
  const { t } = useTranslation('lottery');
  const canWrite = useCan('games.write');
  const session = useOperatorSession();
  const voidable = canWrite && session.allBrands && item.status !== 'void' && item.status !== 'settled';
  return (
    <>
      <dl className={styles.detail}>
        <dt>{t('draws.opensAt')}</dt>
        <dd>{formatTime(item.opensAt)}</dd>
        <dt>{t('draws.closesAt')}</dt>
        <dd>{formatTime(item.closesAt)}</dd>
        <dt>{t('draws.drawsAt')}</dt>
        <dd>{formatTime(item.drawsAt)}</dd>
        {item.drawnAt && (
          <>
            <dt>{t('draws.drawnAt')}</dt>
            <dd>{formatTime(item.drawnAt)}</dd>
          </>
        )}
        {item.settledAt && (
          <>
            <dt>{t('draws.settledAt')}</dt>
            <dd>{formatTime(item.settledAt)}</dd>
          </>
        )}
        {item.voidedAt && (
          <>
            <dt>{t('draws.voidedAt')}</dt>
            <dd>
              {formatTime(item.voidedAt)} · {item.voidReason}
            </dd>
          </>
        )}
        <dt>{t('draws.seedHash')}</dt>
        <dd className={styles.hash}>{item.seedHash ?? t('draws.noSeed')}</dd>
        {item.seedHash && (
          <>
            <dt>{t('draws.seed')}</dt>
            <dd className={styles.hash}>{item.seed ?? t('draws.seedSecret')}</dd>
          </>
        )}
        {item.result?.prizes && (
          <>
            <dt>{t('draws.prizes')}</dt>
            <dd>
              {Object.entries(item.result.prizes).map(([tier, numbers]) => (
                <span key={tier} className={styles.prize}>
                  <strong>{t(`tiers.${tier}`, { defaultValue: tier })}</strong> {numbers.join(' ')}
                </span>
              ))}
            </dd>
          </>
        )}
      </dl>
      {voidable && (
        <div className={styles.detailActions}>
          <Button variant="danger" size="small" onClick={onVoid}>
            {t('void.open')}
          </Button>
        </div>
      )}
    </>
  );
}

/** One game's draws: the game chosen in the address, its draws newest first a page at a time. */
function Draws({ brand, game }: { brand: string; game: string }) {
  const { t } = useTranslation('lottery');
  const list = useKeysetList(['game'] as const);
  const query = useLotteryDraws(brand, game, list.cursor);
  const [voiding, setVoiding] = useState<BoLotteryDraw | null>(null);
  const currency = query.data?.currency ?? 'KRW';
  const money = (minor: number) => formatMoney(minor, currency);
  const columns = [
    draw.accessor('drawNo', {
      header: t('draws.drawNo'),
      cell: (info) => (
        <span className={styles.name}>
          <strong className={styles.nowrap}>{info.getValue()}</strong>
          <span className={styles.code}>{formatTime(info.row.original.drawsAt)}</span>
        </span>
      ),
    }),
    draw.accessor('status', {
      header: t('draws.status'),
      cell: (info) => <Badge tone={STATUS_TONES[info.getValue()]}>{t(`statuses.${info.getValue()}`)}</Badge>,
    }),
    draw.accessor('result', {
      header: t('draws.result'),
      cell: (info) => {
        const text = resultText(info.getValue());
        return text ? <span className={styles.result}>{text}</span> : <span className={styles.muted}>—</span>;
      },
    }),
    draw.accessor('seedHash', {
      header: t('draws.commitment'),
      cell: (info) => {
        const hash = info.getValue();
        if (!hash) return <span className={styles.muted}>{t('draws.entered')}</span>;
        return (
          <span className={styles.name}>
            <span className={styles.code} title={hash}>
              {hash.slice(0, 12)}…
            </span>
            <span className={styles.muted}>{info.row.original.seed ? t('draws.revealed') : t('draws.committed')}</span>
          </span>
        );
      },
    }),
    draw.accessor('slips', {
      header: () => <span className={styles.number}>{t('draws.slips')}</span>,
      cell: (info) => <span className={styles.number}>{info.getValue().toLocaleString()}</span>,
    }),
    draw.accessor('stakeMinor', {
      header: () => <span className={styles.number}>{t('draws.stakes')}</span>,
      cell: (info) => <span className={styles.number}>{money(info.getValue())}</span>,
    }),
    draw.accessor('payoutMinor', {
      header: () => <span className={styles.number}>{t('draws.payouts')}</span>,
      cell: (info) => <span className={styles.number}>{money(info.getValue())}</span>,
    }),
    draw.accessor('ggrMinor', {
      header: () => <span className={styles.number}>{t('draws.ggr')}</span>,
      cell: (info) => (
        <span className={`${styles.number} ${info.getValue() < 0 ? styles.negative : ''}`}>
          {money(info.getValue())}
          {info.row.original.openSlips > 0 && (
            <span className={styles.pending}>{t('draws.open', { count: info.row.original.openSlips })}</span>
          )}
        </span>
      ),
    }),
  ];
  return (
    <>
      <DataTable
        caption={t('draws.caption', { game })}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={<EmptyState icon="clock" title={t('draws.empty')} text={t('draws.emptyText')} />}
        renderDetail={(item) => <DrawDetail item={item} onVoid={() => setVoiding(item)} />}
        detailLabel={(item) => t('draws.detailOf', { drawNo: item.drawNo })}
      />
      {voiding && <VoidDialog brand={brand} item={voiding} onClose={() => setVoiding(null)} />}
    </>
  );
}

/**
 * A lottery game's draws for the brand (issue 38): each with its times and status, the commitment published
 * before betting opens and the seed revealed at the draw (a regional draw's result is entered instead), the
 * result, and the brand's slips, stakes, payouts and GGR on it.
 */
export function LotteryDrawsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('lottery');
  const list = useKeysetList(['game'] as const);
  const games = useLotteryGames(brand);
  const header = <PageHeader title={t('draws.title')} subtitle={t('draws.subtitle', { brand: brandName })} />;
  if (games.isPending) return <PageLoader />;
  if (games.isError) {
    return (
      <>
        {header}
        <ErrorState error={games.error} onRetry={() => void games.refetch()} />
      </>
    );
  }
  const game = games.data.games.some((each) => each.code === list.filters.game)
    ? list.filters.game
    : games.data.games[0]!.code;
  return (
    <>
      {header}
      <p className={styles.note}>{t('draws.howTo')}</p>
      <div className={styles.filters}>
        <SelectField
          label={t('draws.game')}
          value={game}
          onChange={(event) => list.setFilters({ game: event.target.value })}
        >
          {games.data.games.map((each) => (
            <option key={each.code} value={each.code}>
              {each.name} ({each.code})
            </option>
          ))}
        </SelectField>
      </div>
      <Draws key={game} brand={brand} game={game} />
    </>
  );
}
