import { GAME_FRAME_MESSAGES } from '@parlay/contract/constants';

/** The part of a window that the listener needs: a real window, or a test's stand-in. */
export interface MessageWindow {
  readonly parent: unknown;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * Calls `onChange` once the page that framed this game says the member's balance moved, and only for
 * messages from that page. Messages in quick succession (a round's debit and credit) make one call,
 * `quietMs` after the last. Returns the way to stop listening.
 */
export function onPlatformBalanceChange(win: MessageWindow, onChange: () => void, quietMs = 250): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listener = (event: MessageEvent) => {
    // A game opened in a window of its own has no page around it to listen to.
    if (win.parent === win || event.source !== win.parent) return;
    if ((event.data as { type?: unknown } | null)?.type !== GAME_FRAME_MESSAGES.balanceChanged) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, quietMs);
  };
  win.addEventListener('message', listener);
  return () => {
    clearTimeout(timer);
    win.removeEventListener('message', listener);
  };
}
