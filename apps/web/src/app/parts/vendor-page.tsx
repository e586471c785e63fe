import type { Game, GameType, VendorCard } from '@parlay/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import type { IconName } from '../../components/ui/icon';
import { PageHeader } from '../../components/ui/page-header';
import { PageLoader } from '../../components/ui/page-loader';
import { GameThumb } from '../../features/games/components/game-thumb';
import { LazyVassalagePopup } from '../../features/games/components/lazy-vassalage-popup';
import { useOpenGame } from '../../features/games/hooks/use-open-game';
import { useOpenVendor } from '../../features/games/hooks/use-open-vendor';
import { useGameVendor } from '../../features/navigation/api/get-game-vendor';
import { PageTitle } from '../../lib/page-title';
import { vendorPath } from '../../lib/vendor-path';
import styles from './vendor-page.module.css';

/** The vendors of these game types, each once (TCG_SEA is in both the ELOTT and the LOTT lane). */
function findVendors(lanes: readonly { title: GameType; cards: VendorCard[] }[], gameTypes: GameType[]) {
  const cards: VendorCard[] = [];
  for (const lane of lanes) {
    if (!gameTypes.includes(lane.title)) continue;
    for (const card of lane.cards) {
      if (!cards.some((known) => known.vassalage === card.vassalage)) cards.push(card);
    }
  }
  return cards;
}

/**
 * A category page whose vendors open directly (sports, e-sports, lotteries): the vendors the catalogue
 * lists for it, or, when it lists none, a player's empty state with the way back to the lobby. `?vassalage=` names a vendor to open: its
 * game starts straight away (docs/product/games-and-wallet.md#opening-a-vendor), in place of this page in the
 * history, so Back does not start it again; a guest is asked to sign in and stays here.
 */
export function VendorPage({
  gameTypes,
  icon,
  title,
  subtitle,
}: {
  gameTypes: GameType[];
  icon: IconName;
  title: string;
  subtitle: string;
}) {
  const { t } = useTranslation('shell');
  const vendor = useGameVendor();
  const [params] = useSearchParams();
  const location = useLocation();
  const [popupGame, setPopupGame] = useState<Game | null>(null);
  const openGame = useOpenGame(setPopupGame);
  const openVendor = useOpenVendor(setPopupGame);
  const [unopened, setUnopened] = useState<{ name: string; reason: 'no-game' | 'failed' } | null>(null);
  const handled = useRef<string | null>(null);
  const cards = findVendors(vendor.data?.data.lanes ?? [], gameTypes);
  const chosen = cards.find((card) => card.vassalage === params.get('vassalage'));

  useEffect(() => {
    // Once per visit of the address: a click on the same vendor again is a new visit (a new key).
    if (!chosen || handled.current === location.key) return;
    handled.current = location.key;
    setUnopened(null);
    void openVendor(chosen, { replace: true }).then((result) => {
      if (result === 'no-game' || result === 'failed') setUnopened({ name: chosen.displayName, reason: result });
    });
  }, [chosen, location.key, openVendor]);

  return (
    <>
      <PageTitle name={title} />
      <PageHeader icon={icon} title={title} subtitle={subtitle} />
      {unopened && (
        <p className={styles.notice} role="status">
          {t(unopened.reason === 'no-game' ? 'pages.vendorHasNoGame' : 'pages.vendorOpenFailed', {
            vendor: unopened.name,
          })}
        </p>
      )}
      {vendor.isPending ? (
        <PageLoader />
      ) : cards.length > 0 ? (
        <ul className={styles.grid}>
          {cards.map((card) => (
            <li key={card.vassalage}>
              <Link to={vendorPath(card)} className={styles.card}>
                <span className={styles.icon}>
                  <GameThumb icon={card.smallIcon} name={card.displayName} size="small" />
                </span>
                <span className={styles.name}>{card.displayName}</span>
                {card.status !== 'active' && <span className={styles.status}>{t('comingSoon')}</span>}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState
          icon={icon}
          title={t('pages.noVendors')}
          text={t('pages.noVendorsText')}
          action={
            <Link to="/index" className={buttonClassName()}>
              {t('backToLobby')}
            </Link>
          }
        />
      )}
      <LazyVassalagePopup game={popupGame} onClose={() => setPopupGame(null)} onOpen={openGame} />
    </>
  );
}
