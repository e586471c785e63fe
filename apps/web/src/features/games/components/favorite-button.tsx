import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { openModal } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { useAddFavoriteGame } from '../api/add-favorite-game';
import { useFavoriteIds } from '../api/get-favorite-ids';
import { useRemoveFavoriteGame } from '../api/remove-favorite-game';
import styles from './game-card.module.css';

/**
 * The heart on a game card: adds to or removes from my collection; a guest is asked to sign in. Its
 * name stays the same and aria-pressed alone says whether the game is kept: a name that said "add" or
 * "remove" as well had screen readers speak the state twice. The tooltip repeats the name (screen
 * readers commonly skip a description equal to the name) rather than an action word they would read.
 */
export function FavoriteButton({ gameId, gameName }: { gameId: number; gameName: string }) {
  const { t } = useTranslation('games');
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const favorites = useFavoriteIds();
  const add = useAddFavoriteGame();
  const remove = useRemoveFavoriteGame();
  const isFavorite = favorites.data?.has(gameId) ?? false;
  const isBusy = add.isPending || remove.isPending;

  function onClick() {
    if (isBusy) return;
    if (!isSignedIn) {
      openModal('loginPopupModal', { message: t('notLoggedIn') });
      return;
    }
    if (isFavorite) remove.mutate(gameId);
    else add.mutate(gameId);
  }

  const label = t('favorite', { name: gameName });
  return (
    <button
      type="button"
      className={styles.favorite}
      aria-pressed={isFavorite}
      aria-label={label}
      title={label}
      // Not `disabled`: a focused button that turns disabled drops focus to the page's body.
      aria-disabled={isBusy}
      data-active={isFavorite}
      onClick={onClick}
    >
      <Icon name="heart" size={16} />
    </button>
  );
}
