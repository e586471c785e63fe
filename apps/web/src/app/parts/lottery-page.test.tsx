import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index';
import { useSessionStore } from '../../lib/session-store';
import { answer } from '../../test/api';
import { buildGame } from '../../test/fixtures';
import { renderWithShell } from '../../test/render-with-shell';
import { server } from '../../test/server';
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
    server.use(
      answer('gameMenus', { list: [{ gameGroupCode: 'TCG_SEA', labelName: 'TCG SEA', gameMenus: [SEA_LOTTO] }] }),
      answer('launchGame', {
        game_url: 'https://lotto.example.test/play',
        playMode: 'real',
        sessionExpiresAt: '2026-01-01T00:00:00Z',
      }),
      // The frame's bar shows the member's balance.
      answer('balance', { sumBalance: 50_000, currency: 'KRW', currencyExponent: 0 }),
    );
  });
  afterEach(() => {
    cleanup();
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
