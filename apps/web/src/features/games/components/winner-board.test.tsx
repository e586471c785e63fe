import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { offline, unanswered } from '../../../test/api';
import { createTestQueryClient, renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { gamesKeys } from '../api/query-keys';
import type { RankEntry } from '../api/get-rank-list';
import { timeAgo, WinnerBoard } from './winner-board';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');

/**
 * The board over a cache holding the call's answer, read at NOW. Older than the board's 15 s by the
 * test's clock, it is asked for again, and that call fails: the cache is what shows.
 */
async function renderBoard(language: 'ko' | 'en', list: RankEntry[]) {
  await i18n.changeLanguage(language);
  server.use(offline());
  const client = createTestQueryClient({ staleTime: Infinity });
  client.setQueryData(gamesKeys.winners(), list, { updatedAt: NOW });
  return renderWithShell(<WinnerBoard />, { client });
}

describe(WinnerBoard.name, () => {
  afterEach(() => cleanup());

  it('ranks the wins as the server sent them, with the masked account, the game, the amount, the multiplier and how long ago', async () => {
    await renderBoard('en', [
      {
        account: 'de**o',
        gameId: 7,
        gameType: 'RNG',
        gameName: 'Parlay Dice',
        vassalage: 'HOUSE',
        winMinor: 1_250_000,
        stakeMinor: 100_000,
        multiplier: 12.5,
        currency: 'KRW',
        settledAt: '2026-11-25T11:55:00.000Z',
      },
      {
        account: 'pl**r',
        gameId: 9,
        gameType: 'LOTT',
        gameName: 'Lucky Parlay',
        vassalage: 'HOUSE',
        winMinor: 98_000,
        stakeMinor: 0,
        multiplier: null,
        currency: 'KRW',
        settledAt: '2026-11-25T09:00:00.000Z',
      },
    ]);
    const board = screen.getByRole('list', { name: 'Big wins' });
    const entries = within(board).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      '1de**oParlay Dice₩1,250,00012.5×5 minutes ago',
      // A round staked nothing (a free spin) has no multiplier to tell.
      '2pl**rLucky Parlay₩98,0003 hours ago',
    ]);
    // A game opens from its entry; a lottery, which has its own launch, is named without a link.
    expect(within(entries[0]!).getByRole('link', { name: 'Parlay Dice' })).toHaveAttribute('href', '/game?gameId=7');
    expect(within(entries[1]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says in words that it is loading while the board call runs, with no label on a div of no role', async () => {
    await i18n.changeLanguage('en');
    // The board call never answers.
    server.use(unanswered('rankList'));
    const { container } = renderWithShell(<WinnerBoard />);
    const loading = await screen.findByText('Loading games…');
    expect(loading.closest('[aria-busy="true"]')).not.toBeNull();
    // axe: aria-prohibited-attr (serious), found by the shell's accessibility journey while a row loaded.
    expect(container.querySelectorAll('div[aria-label]:not([role])')).toHaveLength(0);
  });

  it('says honestly that nobody has won yet, in Korean', async () => {
    await renderBoard('ko', []);
    expect(screen.getByRole('heading', { name: '빅윈' })).toBeInTheDocument();
    expect(screen.getByText('아직 당첨 기록이 없습니다')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('tells the multiplier in Korean', async () => {
    await renderBoard('ko', [
      {
        account: 'de**o',
        gameId: 7,
        gameType: 'RNG',
        gameName: 'Parlay Dice',
        vassalage: 'HOUSE',
        winMinor: 20_000,
        stakeMinor: 1_000,
        multiplier: 20,
        currency: 'KRW',
        settledAt: '2026-11-25T11:59:30.000Z',
      },
    ]);
    expect(screen.getByRole('listitem')).toHaveTextContent('₩20,00020배방금');
  });
});

describe(timeAgo.name, () => {
  it('says just now under a minute, then minutes, hours and days', () => {
    const at = (ms: number) => new Date(NOW - ms).toISOString();
    expect(timeAgo(at(59_000), NOW, 'en', 'just now')).toBe('just now');
    expect(timeAgo(at(60_000), NOW, 'en', 'just now')).toBe('1 minute ago');
    expect(timeAgo(at(2 * 3_600_000), NOW, 'ko', '방금')).toBe('2시간 전');
    expect(timeAgo(at(26 * 3_600_000), NOW, 'en', 'just now')).toBe('yesterday');
    // A clock a little behind the server's never says 'in 2 minutes'.
    expect(timeAgo(new Date(NOW + 120_000).toISOString(), NOW, 'en', 'just now')).toBe('just now');
  });
});
