import type { BrandOfferGame, BrandOfferVendor, SetBrandGameRequest } from '@parlay/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useBrandOffer, useBrandOfferVendor } from '../api/get-brand-offer';
import { useOfferGames } from '../api/get-offer-games';
import { gamesKeys } from '../api/query-keys';
import { useSetBrandGame } from '../api/set-brand-game';
import styles from './games.module.css';
import { GameOrderEditor } from './game-order-editor';
import { PromotionCredits } from './promotion-credits';
import { FeedStatusBadge } from './labels';
import { Switch } from './switch';

const FILTERS = ['q', 'listed', 'hot'] as const;
/** The vendor page's views, in the address (`?view=`): its games, their order, its promotion credits. */
const VIEWS = ['games', 'order', 'promotions'] as const;
type View = (typeof VIEWS)[number];
const column = columnsOf<BrandOfferGame>();
const yesNo = (value: string) => (value === 'yes' || value === 'no' ? value : undefined);

/** One vendor as the brand offers it: its games (listed, hot), filtered and paged, and their order. */
export function OfferVendor({ brand, vendorCode }: { brand: string; vendorCode: string }) {
  const { t } = useTranslation('games');
  const query = useBrandOfferVendor(brand, vendorCode);
  const [params] = useSearchParams();
  const view: View = (VIEWS as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as View)
    : 'games';
  // The brand's currency, for the promotion credits' totals.
  const offer = useBrandOffer(brand, { enabled: view === 'promotions' });
  const back = (
    <Link to={`/brands/${encodeURIComponent(brand)}/games`} className={styles.back}>
      <Icon name="chevronLeft" size={16} />
      {t('vendor.back')}
    </Link>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <>
        <PageHeader title={vendorCode} back={back} />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const vendor = query.data;
  return (
    <>
      <PageHeader title={vendor.name} subtitle={t('vendor.subtitle', { code: vendor.code })} back={back} />
      <dl className={styles.facts}>
        <div>
          <dt>{t('vendor.feedStatus')}</dt>
          <dd>
            <FeedStatusBadge status={vendor.status} />
          </dd>
        </div>
        <div>
          <dt>{t('vendor.offered')}</dt>
          <dd>
            {vendor.enabled ? <Badge tone="ok">{t('vendor.yes')}</Badge> : <Badge tone="off">{t('vendor.no')}</Badge>}
          </dd>
        </div>
        <div>
          <dt>{t('vendor.listedGames')}</dt>
          <dd>{t('offer.listed', { listed: vendor.listed, games: vendor.games })}</dd>
        </div>
      </dl>
      {!vendor.enabled && <p className={styles.warning}>{t('vendor.notOffered')}</p>}
      <nav className={styles.views} aria-label={t('vendor.views')}>
        {VIEWS.map((item) => (
          <Link
            key={item}
            to={{ search: item === 'games' ? '' : `?view=${item}` }}
            className={styles.view}
            aria-current={item === view ? 'page' : undefined}
          >
            {t(`vendor.view.${item}`)}
          </Link>
        ))}
      </nav>
      {view === 'order' && <GameOrderEditor brand={brand} vendor={vendor} />}
      {view === 'promotions' && offer.data && (
        <PromotionCredits brand={brand} vendor={vendor} currency={offer.data.currency} />
      )}
      {view === 'games' && <OfferGames brand={brand} vendor={vendor} />}
    </>
  );
}

function OfferGames({ brand, vendor }: { brand: string; vendor: BrandOfferVendor }) {
  const { t } = useTranslation('games');
  const client = useQueryClient();
  const canWrite = useCan('games.write');
  const list = useKeysetList(FILTERS);
  const listed = yesNo(list.filters.listed);
  const hot = yesNo(list.filters.hot);
  const query = useOfferGames(brand, vendor.code, { q: list.filters.q || undefined, listed, hot, cursor: list.cursor });
  const change = useSetBrandGame(brand);
  const isFiltered = Boolean(list.filters.q || listed || hot);

  async function choose(game: BrandOfferGame, choices: Omit<SetBrandGameRequest, 'version'>, done: string) {
    try {
      const changed = await change.mutateAsync({
        brand,
        vendor: vendor.code,
        game: game.code,
        ...choices,
        version: vendor.version,
      });
      // The next change carries the offer's new version at once, before the vendor is asked again.
      client.setQueryData<BrandOfferVendor>(gamesKeys.offerVendor(brand, vendor.code), (current) =>
        current ? { ...current, version: changed.version } : current,
      );
      toast.success(done);
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
    }
  }

  const columns = [
    column.accessor('sortOrder', {
      header: t('games.place'),
      cell: (info) => <span className={styles.number}>{info.getValue()}</span>,
    }),
    column.accessor('gameName', {
      header: t('games.game'),
      cell: (info) => (
        <span className={styles.name}>
          <strong>{info.getValue()}</strong>
          <span className={styles.code}>
            {info.row.original.code}
            {!info.row.original.topLevel && ` · ${t('games.inLobby')}`}
          </span>
        </span>
      ),
    }),
    column.accessor('gameType', { header: t('games.type'), cell: (info) => t(`types.${info.getValue()}`) }),
    column.accessor('status', {
      header: t('games.feedStatus'),
      cell: (info) => <FeedStatusBadge status={info.getValue()} />,
    }),
    column.display({
      id: 'listed',
      header: t('games.listed'),
      cell: (info) => {
        const game = info.row.original;
        return (
          <Switch
            label={game.listed ? t('games.shown') : t('games.hidden')}
            aria-label={t('games.listedOf', { name: game.gameName })}
            checked={game.brandEnabled ?? game.status === 'active'}
            disabled={!canWrite || change.isPending}
            onChange={(event) =>
              void choose(
                game,
                { enabled: event.target.checked },
                t(event.target.checked ? 'games.shownDone' : 'games.hiddenDone', { name: game.gameName }),
              )
            }
          />
        );
      },
    }),
    column.display({
      id: 'hot',
      header: t('games.hot'),
      cell: (info) => {
        const game = info.row.original;
        return (
          <Switch
            label={game.isHot ? <Icon name="star" size={16} className={styles.hot} /> : null}
            aria-label={t('games.hotOf', { name: game.gameName })}
            checked={game.isHot}
            disabled={!canWrite || change.isPending}
            onChange={(event) =>
              void choose(
                game,
                { hot: event.target.checked },
                t(event.target.checked ? 'games.hotDone' : 'games.notHotDone', { name: game.gameName }),
              )
            }
          />
        );
      },
    }),
    column.display({
      id: 'choice',
      header: t('games.choice'),
      cell: (info) => {
        const game = info.row.original;
        const isOwn = game.brandEnabled !== null || game.brandHot !== null;
        if (!isOwn) return <span className={styles.muted}>{t('games.followsFeed')}</span>;
        return (
          <span className={styles.badges}>
            <Badge>{t('games.brandChoice')}</Badge>
            {canWrite && (
              <Button
                variant="ghost"
                size="small"
                disabled={change.isPending}
                aria-label={t('games.resetOf', { name: game.gameName })}
                onClick={() =>
                  void choose(game, { enabled: null, hot: null }, t('games.resetDone', { name: game.gameName }))
                }
              >
                {t('games.reset')}
              </Button>
            )}
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <form
        className={styles.filters}
        role="search"
        aria-label={t('games.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const text = (name: string) => {
            const value = data.get(name);
            return typeof value === 'string' ? value : '';
          };
          list.setFilters({ q: text('q'), listed: text('listed'), hot: text('hot') });
        }}
      >
        <TextField
          label={t('games.search')}
          name="q"
          type="search"
          defaultValue={list.filters.q}
          key={`q-${list.filters.q}`}
        />
        <SelectField label={t('games.listed')} name="listed" defaultValue={listed ?? ''} key={`l-${listed ?? ''}`}>
          <option value="">{t('games.any')}</option>
          <option value="yes">{t('games.shown')}</option>
          <option value="no">{t('games.hidden')}</option>
        </SelectField>
        <SelectField label={t('games.hot')} name="hot" defaultValue={hot ?? ''} key={`h-${hot ?? ''}`}>
          <option value="">{t('games.any')}</option>
          <option value="yes">{t('games.hotOnly')}</option>
          <option value="no">{t('games.notHot')}</option>
        </SelectField>
        <div className={styles.filterActions}>
          <Button type="submit" variant="secondary">
            <Icon name="search" size={16} />
            {t('games.apply')}
          </Button>
          {isFiltered && (
            <Button variant="ghost" onClick={() => list.setFilters({ q: '', listed: '', hot: '' })}>
              {t('games.clear')}
            </Button>
          )}
        </div>
      </form>
      <DataTable
        caption={t('games.caption', { name: vendor.name })}
        columns={columns}
        getRowId={(game) => game.code}
        query={query}
        paging={list}
        empty={
          <EmptyState
            icon="grid"
            title={isFiltered ? t('games.noMatchTitle') : t('games.emptyTitle')}
            text={isFiltered ? t('games.noMatchText') : t('games.emptyText')}
          />
        }
      />
    </>
  );
}
