import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { useSessionStore } from '../../../lib/session-store';
import { useThemeStore } from '../../../lib/theme';
import { answer } from '../../../test/api';
import { buildGame } from '../../../test/fixtures';
import { renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { LotteryLaunch } from './lottery-launch';

const SEA_LOTTO = buildGame({
  id: 11,
  vassalage: 'TCG_SEA',
  gameName: 'SEA Lottery',
  nodeId: 4,
  nodeName: 'TCG SEA Lottery',
  gameType: 'ELOTT',
  code: 'SEA_LOTTO',
  accountTypeName: 'TCG_SEA',
});

describe(LotteryLaunch.name, () => {
  let launches: Record<string, unknown>[];
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    launches = [];
    useSessionStore.setState({ token: 'token-1', account: 'demo', isSignedIn: true });
    server.use(
      answer('gameMenus', { list: [{ gameGroupCode: 'TCG_SEA', labelName: 'TCG SEA', gameMenus: [SEA_LOTTO] }] }),
      answer('launchGame', async ({ request }) => {
        launches.push((await request.json()) as Record<string, unknown>);
        return {
          game_url: 'https://lotto.example.test/play',
          playMode: 'real',
          sessionExpiresAt: '2026-01-01T00:00:00Z',
        };
      }),
    );
  });
  afterEach(() => {
    cleanup();
    useSessionStore.setState({ token: null, account: null, isSignedIn: false });
    useThemeStore.setState({ theme: 'dark' });
  });

  // docs/product/games-and-wallet.md#lottery-launch-payload
  it('launches with the lottery payload: area, prize mode, view, device and the way back', async () => {
    renderWithShell(<LotteryLaunch gameCode="SEA_LOTTO" accountType="SEA" />);
    await waitFor(() => expect(launches).toHaveLength(1));
    expect(launches[0]).toMatchObject({
      gameCode: 'SEA_LOTTO',
      vassalage: 'TCG_SEA',
      launchMode: 'LOTT',
      lottoArea: 'VN',
      prizeMode: 'SEA',
      lottoView: 'betting',
      device: 'WEB',
      backUrl: `${window.location.origin}/elott`,
      language: 'EN',
    });
  });

  it("opens the lottery in the site's theme, added to its address", async () => {
    useThemeStore.setState({ theme: 'light' });
    renderWithShell(<LotteryLaunch gameCode="SEA_LOTTO" accountType="SEA" />);
    const frame = await screen.findByTitle('SEA Lottery');
    expect(new URL(frame.getAttribute('src')!, window.location.origin).searchParams.get('theme')).toBe('light');
  });

  it("allows fullscreen through the frame's allow list only, without the allowfullscreen Chrome warns about", async () => {
    renderWithShell(<LotteryLaunch gameCode="SEA_LOTTO" accountType="SEA" />);
    const frame = await screen.findByTitle('SEA Lottery');
    expect(frame.getAttribute('allow')?.split(/;\s*/)).toContain('fullscreen');
    expect(frame).not.toHaveAttribute('allowfullscreen');
  });
});
