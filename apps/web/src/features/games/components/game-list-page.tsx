import {
  CRASH_CLASSIFICATION,
  LIVE_CLASS_CODES,
  type Game,
  type GameType,
  type LiveClass,
  type VendorLane,
} from '@parlay/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon, type IconName } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { PageTitle } from '../../../lib/page-title';
import type { GameListFilters } from '../api/query-keys';
import type { PageChange } from '../hooks/use-last-page-when-past-end';
import type { GameListCategory } from '../lib/game-list-categories';
import { useOpenGame } from '../hooks/use-open-game';
import { FavoriteGrid } from './favorite-grid';
import styles from './game-list-page.module.css';
import { PagedGameGrid } from './paged-game-grid';
import { PvpRooms } from './pvp-rooms';
import { LazyVassalagePopup } from './lazy-vassalage-popup';

/** What each category lists and shows: keyed by the one list of categories, so none is missed. */
const CATEGORIES: Record<GameListCategory, { gameType: GameType | null; icon: IconName }> = {
  rng: { gameType: 'RNG', icon: 'slots' },
  live: { gameType: 'LIVE', icon: 'live' },
  pvp: { gameType: 'PVP', icon: 'pvp' },
  fish: { gameType: 'FISH', icon: 'fish' },
  hot: { gameType: null, icon: 'fire' },
  fav: { gameType: null, icon: 'heart' },
};

/** The vendor tab value that lists every vendor of the category. */
export const ALL_VENDORS = 'ALL';
const SEARCH_DELAY_MS = 300;

function isLiveClass(value: string | null): value is LiveClass {
  return value !== null && (LIVE_CLASS_CODES as string[]).includes(value);
}

/**
 * The one game-list page of /rng /live /pvp /fish /hot /fav (docs/product/games-and-wallet.md#game-lists): vendor tabs
 * in `?page=` (the first vendor when none is chosen), crash games of every vendor with `?gameClassify=Crash`,
 * live classes, search by name, and 21 then 18 cards a page.
 */
export function GameListPage({
  category,
  lanes,
}: {
  category: GameListCategory;
  /** The brand's vendor lanes; undefined while they load. */
  lanes: readonly VendorLane[] | undefined;
}) {
  const { t } = useTranslation('games');
  const [params, setParams] = useSearchParams();
  const [popupGame, setPopupGame] = useState<Game | null>(null);
  const openGame = useOpenGame(setPopupGame);
  const { gameType, icon } = CATEGORIES[category];

  const vendors = gameType ? (lanes ?? []).filter((lane) => lane.title === gameType).flatMap((lane) => lane.cards) : [];
  // A category no vendor of the brand offers a game of (the navigation does not lead here, an old link may):
  // it says so, with no search, tabs or filter chips over a list that cannot fill.
  const isEmptyCategory = gameType !== null && lanes !== undefined && vendors.length === 0;
  // The filter chips wait for the vendors too: until they are known the category may turn out empty.
  const showChips = gameType === null || vendors.length > 0;
  const chosen = params.get('page') ?? params.get('vassalage');
  const isCrash = category === 'rng' && params.get('gameClassify') === CRASH_CLASSIFICATION;
  // Crash is a kind of slot every vendor may have, not a category of its own: with no vendor chosen it
  // lists every vendor's crash games, where a category opens on its first vendor
  // (docs/product/games-and-wallet.md#game-lists).
  const defaultVendor = isCrash ? null : (vendors[0]?.vassalage ?? null);
  const vassalage = chosen === ALL_VENDORS ? null : (chosen ?? defaultVendor);
  const liveClass = category === 'live' && isLiveClass(params.get('liveClass')) ? params.get('liveClass') : null;
  const gameName = params.get('gameName')?.trim() ?? '';
  const page = Math.max(1, Number.parseInt(params.get('p') ?? '1', 10) || 1);

  const [search, setSearch] = useState(gameName);
  const [syncedName, setSyncedName] = useState(gameName);
  // The name the box last wrote into the address, until the address shows it.
  const [writtenName, setWrittenName] = useState<string | null>(null);
  if (gameName !== syncedName) {
    setSyncedName(gameName);
    setWrittenName(null);
    // The address changed (back button, a link): the box shows what is searched. When the change is
    // the box's own search arriving, the member may have typed on meanwhile (the address changes in a
    // transition, after keys pressed since): the box keeps what was typed.
    if (gameName !== writtenName && search.trim() !== gameName) setSearch(gameName);
  }
  useEffect(() => {
    if (search.trim() === gameName) return;
    const timer = setTimeout(() => {
      setWrittenName(search.trim());
      update({ gameName: search.trim() || null });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // The address is a dependency too: when the box's own search arrives after more typing, the box
    // differs from it and searches again. `update` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, gameName]);

  /**
   * Changes filters in the address; any filter change goes back to the first card page. A new card
   * page is a new history entry unless `replace` says it corrects the address in place.
   */
  function update(changes: Record<string, string | null>, keepPage = false, replace = !('p' in changes)) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        if (!keepPage) next.delete('p');
        return next;
      },
      { replace },
    );
  }

  /** Another card page; page 1 leaves `p` out of the address. */
  const changePage: PageChange = (next, options) =>
    update({ p: next > 1 ? String(next) : null }, true, options?.replace);

  function hrefWith(changes: Record<string, string | null>): string {
    const next = new URLSearchParams(params);
    next.delete('p');
    next.delete('vassalage');
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const text = next.toString();
    return text ? `?${text}` : '?';
  }

  const filters: GameListFilters =
    category === 'hot'
      ? { isHot: 1, gameName: gameName || undefined }
      : {
          gameType: gameType ?? undefined,
          vassalage: vassalage ?? undefined,
          gameName: gameName || undefined,
          gameClassify: isCrash ? CRASH_CLASSIFICATION : undefined,
          liveClass: liveClass ?? undefined,
        };

  const title = isCrash ? t('categories.CRASH') : t(`categories.${category}`);
  const listLabel = vassalage
    ? `${title} · ${vendors.find((v) => v.vassalage === vassalage)?.displayName ?? vassalage}`
    : title;
  // An empty list speaks of what narrowed it: the search, the vendor, the kind of table, or the category.
  let emptyText = 'noGamesCategoryText';
  if (gameName) emptyText = 'noResultsText';
  else if (vassalage) emptyText = 'noGamesText';
  else if (liveClass) emptyText = 'noGamesClassText';
  const empty = (
    <EmptyState
      icon={isCrash ? 'crash' : icon}
      title={gameName ? t('noResults', { query: gameName }) : t('noGames')}
      text={t(emptyText)}
    />
  );

  const header = (
    <>
      <PageTitle name={listLabel} />
      <PageHeader
        icon={isCrash ? 'crash' : icon}
        title={title}
        subtitle={t(`subtitles.${isCrash ? 'crash' : category}`)}
      />
    </>
  );
  if (isEmptyCategory) {
    return (
      <div className={styles.page}>
        {header}
        <EmptyState icon={icon} title={t('noGames')} text={t('noGamesCategoryText')} />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      {header}

      <div className={styles.toolbar}>
        <label className={styles.search}>
          <Icon name="search" size={18} />
          <span className="visually-hidden">{t('searchLabel')}</span>
          <input
            type="search"
            value={search}
            maxLength={64}
            placeholder={t('searchPlaceholder')}
            onChange={(event) => setSearch(event.target.value)}
            enterKeyHint="search"
          />
        </label>
      </div>

      {vendors.length > 0 && (
        <nav className={styles.tabs} aria-label={t('vendors')}>
          <Link
            to={hrefWith({ page: ALL_VENDORS })}
            className={styles.tab}
            aria-current={vassalage === null ? 'page' : undefined}
            replace
          >
            {t('allVendors')}
          </Link>
          {vendors.map((vendor) => (
            <Link
              key={vendor.vassalage}
              to={hrefWith({ page: vendor.vassalage })}
              className={styles.tab}
              aria-current={vassalage === vendor.vassalage ? 'page' : undefined}
              data-down={vendor.status !== 'active' ? '' : undefined}
              replace
            >
              {vendor.displayName}
              {vendor.isHot === 1 && <span className={styles.tabHot}>{t('hot')}</span>}
            </Link>
          ))}
        </nav>
      )}

      {category === 'rng' && showChips && (
        <nav className={styles.chips} aria-label={t('classify')}>
          <Link
            to={hrefWith({ gameClassify: null })}
            className={styles.chip}
            aria-current={!isCrash ? 'page' : undefined}
            replace
          >
            {t('allSlots')}
          </Link>
          <Link
            to={hrefWith({ gameClassify: CRASH_CLASSIFICATION })}
            className={styles.chip}
            aria-current={isCrash ? 'page' : undefined}
            replace
          >
            <Icon name="crash" size={14} />
            {t('categories.CRASH')}
          </Link>
        </nav>
      )}

      {category === 'live' && showChips && (
        <nav className={styles.chips} aria-label={t('liveClassLabel')}>
          <Link
            to={hrefWith({ liveClass: null })}
            className={styles.chip}
            aria-current={liveClass === null ? 'page' : undefined}
            replace
          >
            {t('allClasses')}
          </Link>
          {LIVE_CLASS_CODES.map((code) => (
            <Link
              key={code}
              to={hrefWith({ liveClass: code })}
              className={styles.chip}
              aria-current={liveClass === code ? 'page' : undefined}
              replace
            >
              {t(`liveClasses.${code}`)}
            </Link>
          ))}
        </nav>
      )}

      {category === 'pvp' && showChips && <PvpRooms />}

      {category === 'fav' ? (
        <FavoriteGrid search={gameName} page={page} onPageChange={changePage} onOpen={openGame} label={listLabel} />
      ) : (
        <PagedGameGrid
          filters={filters}
          page={page}
          onPageChange={changePage}
          onOpen={openGame}
          label={listLabel}
          empty={empty}
        />
      )}

      <LazyVassalagePopup game={popupGame} onClose={() => setPopupGame(null)} onOpen={openGame} />
    </div>
  );
}
