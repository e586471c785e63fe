import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index';
import { useSessionStore } from '../../lib/session-store';
import { buildGame, envelope } from '../../test/fixtures';
import { renderWithShell } from '../../test/render-with-shell';
import { LotteryPage } from './lottery-page';

const SEA_LOTTO = buildGame({
  id: 11,
  vassalage: 'TCG_SEA',
  gameName: 'SEA Lottery',
  gameType: 'ELOTT',
  code: 'SEA_LOTTO',
  accountTypeName: 'TCG_SEA',
});

function renderPage(path: string) {
  return renderWithShell(<LotteryPage title="SEA lottery" accountType="SEA" />, { route: path });
}

describe(LotteryPage.name, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useSessionStore.setState({ token: 'token-1', account: 'demo', isSignedIn: true });
    vi.stubGlobal('fetch', async (input: string) => {
      const url = new URL(input, 'http://site.test');
      if (url.pathname === '/lgw/games/game_menus') {
        return envelope({ list: [{ gameGroupCode: 'TCG_SEA', labelName: 'TCG SEA', gameMenus: [SEA_LOTTO] }] });
      }
      if (url.pathname === '/wps/game/launchGame') {
        return envelope({ game_url: 'https://lotto.example.test/play', playMode: 'real' });
      }
      return new Response('{}', { status: 404 });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.setState({ token: null, account: null, isSignedIn: false });
  });

  it("names the lottery in the title bar by the lottery menu's game name, with the play type", async () => {
    renderPage('/seaLottery?gameCode=SEA_LOTTO&playType=L1');
    expect(await screen.findByText('SEA Lottery · L1')).toBeInTheDocument();
    expect(screen.queryByText(/SEA_LOTTO/)).not.toBeInTheDocument();
  });

  it('sends a member who came without a lottery to the e-lottery list to choose one', async () => {
    renderPage('/seaLottery');
    expect(screen.getByText('Choose a lottery')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to e-lottery' })).toHaveAttribute('href', '/elott');
    expect(screen.queryByText(/operator/)).not.toBeInTheDocument();
  });

  it('shows the code of a lottery no vendor offers, as nothing else names it', async () => {
    renderPage('/seaLottery?gameCode=NO_SUCH_LOTTO');
    expect(await screen.findByText('This lottery is not on offer')).toBeInTheDocument();
    expect(screen.getByText('NO_SUCH_LOTTO')).toBeInTheDocument();
  });
});
