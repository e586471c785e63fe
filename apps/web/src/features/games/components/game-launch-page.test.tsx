import { WHITELABEL } from '@parlay/contract/constants';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index';
import { useModalStore } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { buildSystemStatus, flag } from '../../../test/fixtures';
import { renderWithShell } from '../../../test/render-with-shell';
import { GameLaunchPage } from './game-launch-page';

/** /game opened straight from its address by a guest, on a brand with free play on or off. */
function openAsGuest(route: string, freePlay = true) {
  renderWithShell(<GameLaunchPage />, {
    route,
    status: buildSystemStatus({ whitelabel: [flag(WHITELABEL.FREE_PLAY, freePlay)] }),
  });
  return useModalStore.getState().current;
}

describe(GameLaunchPage.name, () => {
  let launches: number;
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useSessionStore.getState().endSession();
    useModalStore.setState({ current: null });
    launches = 0;
    vi.stubGlobal('fetch', async (input: string) => {
      if (String(input).includes('/wps/game/launchGame')) launches += 1;
      throw new TypeError('offline');
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks a guest on a trial address to log in or play free as a guest, as the card's 'Free trial' does", () => {
    const message = 'Log in, or play free as a guest, to try this game.';
    expect(openAsGuest('/game?gameId=7&nodeId=1&vassalage=HOUSE&playMode=trial')).toEqual({
      name: 'loginPopupModal',
      payload: { message },
    });
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(launches).toBe(0);
  });

  it('asks a guest on a trial address of a brand without free play only to log in', () => {
    expect(openAsGuest('/game?gameId=7&playMode=trial', false)).toEqual({
      name: 'loginPopupModal',
      payload: { message: 'Log in to try this game for free.' },
    });
  });

  it('still tells a guest on a real-money address that they are not logged in', () => {
    expect(openAsGuest('/game?gameId=7')).toEqual({
      name: 'loginPopupModal',
      payload: { message: 'Sorry, you are not logged in yet, please log in.' },
    });
    expect(screen.getByText('Sorry, you are not logged in yet, please log in.')).toBeInTheDocument();
  });
});
