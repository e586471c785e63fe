import { GAME_FRAME_MESSAGES } from '@parlay/contract/constants';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Tells the game in the frame each time the member's balance changes after it opened, so that a
 * movement made elsewhere (another tab, a deposit, an operator's adjustment) shows in the game as well
 * as in the header. The message goes to the game's own origin only and carries no amount: the game
 * reads its balance from its server. `gameUrl` is empty while there is no real-money game to tell.
 */
export function useFrameBalanceMessages(
  frame: RefObject<HTMLIFrameElement | null>,
  gameUrl: string | null | undefined,
  balance: number | undefined,
): void {
  const last = useRef(balance);
  useEffect(() => {
    const previous = last.current;
    last.current = balance;
    if (previous === undefined || balance === undefined || balance === previous || !gameUrl) return;
    frame.current?.contentWindow?.postMessage(
      { type: GAME_FRAME_MESSAGES.balanceChanged },
      new URL(gameUrl, window.location.href).origin,
    );
  }, [balance, frame, gameUrl]);
}
