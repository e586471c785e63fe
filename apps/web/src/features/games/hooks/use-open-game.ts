import type { Game } from '@parlay/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSafeNavigate } from '../../../hooks/use-safe-navigate';
import { openModal } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { resolveGame, type PlayMode } from '../lib/navigation';

/**
 * Opens a game as spec 01 §4 says: a VASSALAGE game shows its popup list (`onPopup`), lottery games go
 * to the lottery routes, other games launch in /game. Starting a game needs a sign-in: a guest gets
 * the login popup with the not-logged-in message instead.
 */
export function useOpenGame(onPopup: (game: Game) => void) {
  const { t } = useTranslation('games');
  const navigate = useSafeNavigate();
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  return useCallback(
    (game: Game, mode: PlayMode = 'real') => {
      const target = resolveGame(game, mode);
      if (target.kind === 'popup') {
        onPopup(game);
        return;
      }
      if (!isSignedIn) {
        openModal('loginPopupModal', { message: t('notLoggedIn') });
        return;
      }
      navigate(target.to);
    },
    [isSignedIn, navigate, onPopup, t],
  );
}
