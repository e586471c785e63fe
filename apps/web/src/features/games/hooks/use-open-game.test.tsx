import { WHITELABEL } from '@parlay/contract/constants';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { BrandProvider } from '../../../lib/brand';
import { useAccountGateStore } from '../../../lib/account-gate';
import { useModalStore } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { buildGame, buildSystemStatus, flag } from '../../../test/fixtures';
import type { PlayMode } from '../lib/navigation';
import { useOpenGame } from './use-open-game';

function Card({ mode }: { mode: PlayMode }) {
  const openGame = useOpenGame(() => undefined);
  return (
    <button type="button" onClick={() => openGame(buildGame(), mode)}>
      open
    </button>
  );
}

async function openAsGuest(mode: PlayMode, freePlay: boolean) {
  render(
    <BrandProvider status={buildSystemStatus({ whitelabel: [flag(WHITELABEL.FREE_PLAY, freePlay)] })}>
      <MemoryRouter>
        <Card mode={mode} />
      </MemoryRouter>
    </BrandProvider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'open' }));
  return useModalStore.getState().current;
}

describe(useOpenGame.name, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useSessionStore.getState().endSession();
    useModalStore.setState({ current: null });
  });

  it("tells a guest who picks a free trial to log in or play free as a guest, the popup's two ways in", async () => {
    expect(await openAsGuest('trial', true)).toEqual({
      name: 'loginPopupModal',
      payload: { message: 'Log in, or play free as a guest, to try this game.' },
    });
  });

  it('tells a guest of a brand without free play to log in to try the game', async () => {
    expect(await openAsGuest('trial', false)).toEqual({
      name: 'loginPopupModal',
      payload: { message: 'Log in to try this game for free.' },
    });
  });

  it('still tells a guest who picks play now that they are not logged in', async () => {
    expect(await openAsGuest('real', true)).toEqual({
      name: 'loginPopupModal',
      payload: { message: 'Sorry, you are not logged in yet, please log in.' },
    });
  });

  it('opens a game with a trial in practice for a free-play guest, and warns on one without', async () => {
    useSessionStore.getState().startSession({ token: 'guest-token', isAgent: 0, account: 'guest0a1b2c3d4e' });
    useSessionStore.getState().setMember({ id: 9, account: 'guest0a1b2c3d4e', type: 0, isFreePlay: true });
    useAccountGateStore.getState().setTrueAccountWarningOpen(false);
    function Where() {
      const location = useLocation();
      return <output>{`${location.pathname}${location.search}`}</output>;
    }
    function Cards() {
      const openGame = useOpenGame(() => undefined);
      return (
        <>
          <button type="button" onClick={() => openGame(buildGame({ id: 5, supportPlay: 1 }), 'real')}>
            real only
          </button>
          <button type="button" onClick={() => openGame(buildGame({ id: 6, supportPlay: 0 }), 'real')}>
            house game
          </button>
          <Where />
        </>
      );
    }
    render(
      <BrandProvider status={buildSystemStatus({ whitelabel: [flag(WHITELABEL.FREE_PLAY, true)] })}>
        <MemoryRouter initialEntries={['/index']}>
          <Cards />
        </MemoryRouter>
      </BrandProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'real only' }));
    expect(useAccountGateStore.getState().isTrueAccountWarningOpen).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent(/^\/index$/);
    await user.click(screen.getByRole('button', { name: 'house game' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^\/game\?.*gameId=6.*playMode=trial/);
  });
});
