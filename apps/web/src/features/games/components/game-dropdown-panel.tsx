import { DIRECT_OPEN_CATEGORIES, type Game, type VendorCard } from '@parlay/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { vendorPath } from '../../../lib/vendor-path';
import { useGameListPages } from '../api/get-game-list';
import { useOpenGame } from '../hooks/use-open-game';
import { getCardPageCount, getCardWindow, getServerPages, sliceWindow } from '../lib/paging';
import { GameCard } from './game-card';
import styles from './game-dropdown.module.css';
import { GameThumb } from './game-thumb';
import { LazyVassalagePopup } from './lazy-vassalage-popup';

function hasGameCards(vendor: VendorCard | undefined): boolean {
  return vendor !== undefined && !(DIRECT_OPEN_CATEGORIES as readonly string[]).includes(vendor.gameType);
}

function VendorGames({ vendor, onOpen }: { vendor: VendorCard; onOpen: (game: Game, mode: 'real' | 'trial') => void }) {
  const { t } = useTranslation('games');
  const [page, setPage] = useState(1);
  const cardWindow = getCardWindow(page);
  const pageNos = getServerPages(cardWindow);
  const filters = useMemo(() => ({ gameType: vendor.gameType, vassalage: vendor.vassalage }), [vendor]);
  const results = useGameListPages(filters, pageNos);
  const total = results.find((result) => result.data)?.data?.total ?? 0;
  const pages = new Map<number, Game[]>();
  pageNos.forEach((pageNo, index) => {
    const data = results[index]?.data;
    if (data && data.pageNum === pageNo) pages.set(pageNo, data.games);
  });
  const isLoading = results.some((result) => result.isPending || result.isPlaceholderData);
  const isFailed = results.some((result) => result.isError);
  const loaded = { page, cards: sliceWindow(cardWindow, pages), pageCount: getCardPageCount(total) };
  // The cards of the page before stay while the next one loads: a short loading line in their place
  // would shrink the panel from under the pointer, and the dropdown (shown on :hover) would close.
  const [settled, setSettled] = useState<typeof loaded | null>(null);
  if (!isLoading && !isFailed && settled?.page !== page) setSettled(loaded);
  const { cards, pageCount } = isLoading && settled ? settled : loaded;

  if (isFailed) return <p className={styles.note}>{t('loadFailed')}</p>;
  if (isLoading && cards.length === 0) return <p className={styles.note}>{t('loading')}</p>;
  if (cards.length === 0) return <p className={styles.note}>{t('noGames')}</p>;
  return (
    <div className={styles.games} aria-busy={isLoading}>
      <ul className={styles.cards} aria-label={vendor.displayName}>
        {cards.map((game) => (
          <li key={game.id}>
            <GameCard game={game} onOpen={onOpen} compact />
          </li>
        ))}
      </ul>
      <div className={styles.pager}>
        <Link to={vendorPath(vendor)} className={styles.all}>
          {t('seeAllOf', { vendor: vendor.displayName })}
        </Link>
        {pageCount > 1 && (
          <span className={styles.steps}>
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('previous')}
            </button>
            <span>
              {page} / {pageCount}
            </span>
            <button type="button" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
              {t('next')}
            </button>
          </span>
        )}
      </div>
    </div>
  );
}

/** The dropdown's content: the category's vendors, and the game cards of the vendor pointed at. */
export function GameDropdownPanel({ vendors, title }: { vendors: readonly VendorCard[]; title: string }) {
  const { t } = useTranslation('games');
  const [active, setActive] = useState<string | null>(null);
  const [popupGame, setPopupGame] = useState<Game | null>(null);
  const openGame = useOpenGame(setPopupGame);
  const current = vendors.find((vendor) => vendor.vassalage === active) ?? vendors.find(hasGameCards);
  const showGames = hasGameCards(current);

  return (
    <>
      <div className={styles.panel} data-wide={vendors.some(hasGameCards) ? '' : undefined}>
        <div className={styles.side}>
          <p className={styles.title}>{title}</p>
          <ul className={styles.vendors}>
            {vendors.map((vendor) => (
              <li key={`${vendor.gameType}-${vendor.vassalage}`}>
                <Link
                  to={vendorPath(vendor)}
                  className={styles.vendor}
                  aria-current={current?.vassalage === vendor.vassalage && showGames ? 'true' : undefined}
                  onPointerEnter={() => setActive(vendor.vassalage)}
                  onFocus={() => setActive(vendor.vassalage)}
                >
                  <span className={styles.vendorIcon}>
                    <GameThumb icon={vendor.smallIcon} name={vendor.displayName} size="small" />
                  </span>
                  <span className={styles.vendorName} title={vendor.displayName}>
                    {vendor.displayName}
                  </span>
                  {vendor.isHot === 1 && <span className={styles.hot}>{t('hot')}</span>}
                  {vendor.status !== 'active' && <span className={styles.downTag}>{t('maintenanceShort')}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        {showGames && current && <VendorGames key={current.vassalage} vendor={current} onOpen={openGame} />}
      </div>
      <LazyVassalagePopup game={popupGame} onClose={() => setPopupGame(null)} onOpen={openGame} />
    </>
  );
}
