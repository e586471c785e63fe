import type { Game } from '@parlay/contract';
import { SUPPORT_PLAY_FREE_TRIAL } from '@parlay/contract/constants';
import { useCallback } from 'react';
import type { NavigateOptions } from 'react-router';
import { useSafeNavigate } from '../../../hooks/use-safe-navigate';
import { guardProtectedAction } from '../../../lib/account-gate';
import { openModal } from '../../../lib/modal-store';
import { isFreePlayGuest, useSessionStore } from '../../../lib/session-store';
import { resolveGame, type PlayMode } from '../lib/navigation';
import { useSignInMessage } from './use-sign-in-message';

/**
 * Opens a game as docs/product/games-and-wallet.md#opening-a-game says: a VASSALAGE game shows its popup list
 * (`onPopup`), lottery games go to the lottery routes, other games launch in /game. Starting a game needs a sign-in:
 * a guest gets the login popup with the not-logged-in message instead, a trial account the warning on real money. A
 * guest's free trial also goes through a sign-in (decision 0007), and the popup's message says so. A free-play guest
 * plays every game that has a trial in practice, with its practice money (decision 0072).
 */
export function useOpenGame(onPopup: (game: Game) => void) {
  const navigate = useSafeNavigate();
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  const isGuest = useSessionStore((state) => isFreePlayGuest(state.member));
  const signInMessage = useSignInMessage();
  return useCallback(
    (game: Game, asked: PlayMode = 'real', options?: NavigateOptions) => {
      const mode = isGuest && game.supportPlay === SUPPORT_PLAY_FREE_TRIAL ? 'trial' : asked;
      const target = resolveGame(game, mode);
      if (target.kind === 'popup') {
        onPopup(game);
        return;
      }
      if (!isSignedIn) {
        openModal('loginPopupModal', { message: signInMessage(mode) });
        return;
      }
      // Real money is a protected action: a trial (type 4) account gets the in_need_true_account dialog.
      if (mode === 'real' && !guardProtectedAction()) return;
      navigate(target.to, options);
    },
    [isGuest, isSignedIn, navigate, onPopup, signInMessage],
  );
}
