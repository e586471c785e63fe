import { WHITELABEL } from '@parlay/contract/constants';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { useModalStore } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { answer, offline } from '../../../test/api';
import { buildGame, buildSystemStatus, flag } from '../../../test/fixtures';
import { createTestQueryClient, renderWithShell } from '../../../test/render-with-shell';
import { recordRequests, server } from '../../../test/server';
import { gamesKeys } from '../api/query-keys';
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
  let sent: Request[];
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useSessionStore.getState().endSession();
    useModalStore.setState({ current: null });
    sent = recordRequests();
    server.use(offline());
  });
  afterEach(() => cleanup());
  /** The launches sent so far, counted as they are sent. */
  const launches = () => sent.filter((request) => new URL(request.url).pathname === '/wps/game/launchGame').length;

  it("asks a guest on a trial address to log in or play free as a guest, as the card's 'Free trial' does", () => {
    const message = 'Log in, or play free as a guest, to try this game.';
    expect(openAsGuest('/game?gameId=7&nodeId=1&vassalage=HOUSE&playMode=trial')).toEqual({
      name: 'loginPopupModal',
      payload: { message },
    });
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(launches()).toBe(0);
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

  describe('a member opening a game from a link in a new tab', () => {
    const token = 't'.repeat(43);
    // The paths asked, in the order they were sent.
    const calls = () => sent.map((request) => new URL(request.url).pathname);
    beforeEach(() => {
      useSessionStore.getState().startSession({ token, isAgent: 0, account: 'demo' });
      useSessionStore.getState().setBrand('Lucky Star', 'parlay');
      server.use(
        answer('launchGame', {
          game_url: 'https://games.test/mines?s=1',
          playMode: 'real',
          sessionExpiresAt: '2026-11-26T00:00:00Z',
        }),
        answer('roomList', {
          list: [
            {
              roomId: 31,
              roomName: 'High rollers',
              vassalage: 'PVP',
              gameCode: 'holdem',
              minBet: 1000,
              status: 'active',
            },
          ],
        }),
        // The launch has put the game first among the member's recently played games.
        answer('recentGames', {
          list: [buildGame({ id: 8, gameName: 'Parlay Mines' }), buildGame({ id: 6, gameName: 'Parlay Dice' })],
        }),
      );
    });

    it('names the tab, the bar and the frame after the game, from the recently played games after the launch', async () => {
      const status = buildSystemStatus();
      status.brand.name = 'Lucky Star';
      renderWithShell(<GameLaunchPage />, { route: '/game?gameId=8&nodeId=1&vassalage=HOUSE', status });
      expect(await screen.findByRole('heading', { level: 1, name: 'Parlay Mines' })).toBeInTheDocument();
      expect(screen.getByTitle('Parlay Mines')).toHaveAttribute('src', 'https://games.test/mines?s=1&theme=dark');
      await waitFor(() => expect(document.title).toBe('Parlay Mines · Lucky Star'));
      // Asked after the launch, which is what puts the game in the list.
      expect(calls()).toEqual(['/wps/game/launchGame', '/wps/relay/GCS_recentGame']);
    });

    it("names a PVP room after the room, from the member's room list", async () => {
      renderWithShell(<GameLaunchPage />, { route: '/game?roomId=31' });
      expect(await screen.findByRole('heading', { level: 1, name: 'High rollers' })).toBeInTheDocument();
      expect(screen.getByTitle('High rollers')).toBeInTheDocument();
      expect(calls()).not.toContain('/wps/relay/GCS_recentGame');
    });

    it('launches a free-play guest in practice whatever the link says: it has no real money (decision 0072)', async () => {
      useSessionStore.getState().setMember({ id: 9, account: 'guest0a1b2c3d4e', type: 0, isFreePlay: true });
      renderWithShell(<GameLaunchPage />, { route: '/game?gameId=8&nodeId=1&vassalage=HOUSE' });
      await waitFor(() => expect(launches()).toBe(1));
      const launch = sent.find((request) => new URL(request.url).pathname === '/wps/game/launchGame');
      const asked =
        launch?.method === 'GET' ? Object.fromEntries(new URL(launch.url).searchParams) : await launch?.clone().json();
      expect(asked).toMatchObject({ gameId: expect.anything(), playMode: 'trial' });
    });

    it("marks the lobby's recently played row out of date, so that it shows the game on the way back", async () => {
      const client = createTestQueryClient({ staleTime: Infinity });
      client.setQueryData(gamesKeys.recent(token), [buildGame({ id: 6, gameName: 'Parlay Dice' })]);
      client.setQueryData(gamesKeys.hot('RNG', 'EN'), [buildGame({ id: 8, gameName: 'Parlay Mines' })]);
      renderWithShell(<GameLaunchPage />, { route: '/game?gameId=8', client });
      expect(await screen.findByRole('heading', { level: 1, name: 'Parlay Mines' })).toBeInTheDocument();
      await waitFor(() => expect(client.getQueryState(gamesKeys.recent(token))?.isInvalidated).toBe(true));
      // The name came from the hot games already held: no call for it.
      expect(calls()).toEqual(['/wps/game/launchGame']);
    });
  });
});
