import type { Game } from '@parlay/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon, type IconName } from '../../../components/ui/icon';
import { openModal } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { useFavoriteGames } from '../api/get-favorite-games';
import { useHotGames } from '../api/get-hot-games';
import { useRecentGames } from '../api/get-recent-games';
import { useOpenGame } from '../hooks/use-open-game';
import type { PlayMode } from '../lib/navigation';
import { GameCard } from './game-card';
import styles from './lobby-game-rows.module.css';
import { LazyVassalagePopup } from './lazy-vassalage-popup';
import { WinnerBoard } from './winner-board';

const ROW_LIMIT = 12;

function Row({
  id,
  icon,
  title,
  moreTo,
  games,
  isPending,
  error,
  empty,
  onOpen,
}: {
  id: string;
  icon: IconName;
  title: string;
  moreTo?: string;
  games: readonly Game[] | undefined;
  isPending: boolean;
  error: Error | null;
  empty: ReactNode;
  onOpen: (game: Game, mode: PlayMode) => void;
}) {
  const { t } = useTranslation('games');
  let body: ReactNode;
  if (error) body = <EmptyState compact icon="info" title={t('loadFailed')} text={error.message} />;
  else if (isPending || !games)
    // The words, not an aria-label: a label on a div with no role is not read (axe: aria-prohibited-attr).
    body = (
      <div className={styles.placeholder} aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  else if (games.length === 0) body = empty;
  else {
    body = (
      <ul className={styles.row} aria-labelledby={id}>
        {games.slice(0, ROW_LIMIT).map((game) => (
          <li key={game.id}>
            <GameCard game={game} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          <Icon name={icon} size={20} />
          {title}
        </h2>
        {moreTo && games && games.length > 0 && (
          <Link to={moreTo} className={styles.more}>
            {t('seeAll')}
            <Icon name="chevronRight" size={14} />
          </Link>
        )}
      </div>
      {body}
    </section>
  );
}

/**
 * The home lobby's game rows: hot games for everyone, my collection and recently played for members, and
 * the brand's winner board.
 */
export function LobbyGameRows() {
  const { t } = useTranslation('games');
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const [popupGame, setPopupGame] = useState<Game | null>(null);
  const openGame = useOpenGame(setPopupGame);
  const hot = useHotGames();
  const favorites = useFavoriteGames();
  const recent = useRecentGames();

  const signIn = (
    <Button size="small" onClick={() => openModal('loginPopupModal', {})}>
      {t('signIn')}
    </Button>
  );

  return (
    <div className={styles.rows}>
      <Row
        id="lobby-hot"
        icon="fire"
        title={t('rows.hot')}
        moreTo="/hot"
        games={hot.data}
        isPending={hot.isPending}
        error={hot.error}
        empty={<EmptyState compact icon="fire" title={t('noHotGames')} />}
        onOpen={openGame}
      />
      <Row
        id="lobby-fav"
        icon="heart"
        title={t('rows.fav')}
        moreTo="/fav"
        games={isSignedIn ? favorites.data : []}
        isPending={isSignedIn && favorites.isPending}
        error={favorites.error}
        empty={
          isSignedIn ? (
            <EmptyState compact icon="heart" title={t('noFavorites')} text={t('noFavoritesText')} />
          ) : (
            <EmptyState compact icon="heart" title={t('signInForFavorites')} action={signIn} />
          )
        }
        onOpen={openGame}
      />
      <Row
        id="lobby-recent"
        icon="refresh"
        title={t('rows.recent')}
        games={isSignedIn ? recent.data : []}
        isPending={isSignedIn && recent.isPending}
        error={recent.error}
        empty={
          isSignedIn ? (
            <EmptyState compact icon="refresh" title={t('noRecent')} text={t('noRecentText')} />
          ) : (
            <EmptyState compact icon="refresh" title={t('signInForRecent')} action={signIn} />
          )
        }
        onOpen={openGame}
      />
      <WinnerBoard />
      <LazyVassalagePopup game={popupGame} onClose={() => setPopupGame(null)} onOpen={openGame} />
    </div>
  );
}
