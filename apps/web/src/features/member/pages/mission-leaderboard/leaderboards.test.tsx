import {
  LEADERBOARD_CALLS,
  LeaderboardSummaryResponseSchema,
  MISSION_CALLS,
  MissionSummaryResponseSchema,
  type LeaderboardItem,
} from '@parlay/contract';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { storeLanguage } from '../../../../lib/storage';
import { ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import MissionLeaderboardPage from './index';

// 19:30 in Seoul on Saturday 28 November: the week ends Sunday at midnight, in 1 day 4 h 30 min.
const NOW = new Date('2026-11-28T10:30:00.000Z');

const WEEKLY: LeaderboardItem = {
  id: 1,
  code: 'WEEKLYBET',
  title: 'Weekly wager race',
  summary: 'The top 5 win.',
  measure: 'valid_bet',
  gameType: null,
  minBetMinor: 0,
  period: 'weekly',
  periodStart: '2026-11-23',
  periodEnd: '2026-11-29',
  endsAt: '2026-11-29T15:00:00.000Z',
  started: true,
  startsAt: null,
  prizesMinor: [50_000, 30_000, 20_000],
  top: [
    { rank: 1, account: 'de****1', score: 900_000, isMe: false },
    { rank: 2, account: 'de****2', score: 400_000, isMe: false },
  ],
  me: { rank: 14, score: 12_000 },
  lastPeriod: {
    periodStart: '2026-11-16',
    periodEnd: '2026-11-22',
    winners: [
      { rank: 1, account: 'de**o', score: 1_200_000, isMe: true, prizeMinor: 50_000 },
      { rank: 2, account: 'de****7', score: 800_000, isMe: false, prizeMinor: 30_000 },
    ],
  },
};
const BIGWIN: LeaderboardItem = {
  ...WEEKLY,
  id: 2,
  code: 'BIGWIN',
  title: 'Biggest win of the week',
  summary: '',
  measure: 'multiplier',
  gameType: 'RNG',
  minBetMinor: 1_000,
  prizesMinor: [30_000],
  top: [{ rank: 1, account: 'de**o', score: 1_250, isMe: true }],
  me: { rank: 1, score: 1_250 },
  lastPeriod: null,
};

describe('MissionLeaderboardPage, leaderboards', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    storeLanguage('EN');
    await i18n.changeLanguage('en');
    server.use(
      http.get(MISSION_CALLS.summary.path, () =>
        ok(MissionSummaryResponseSchema, {
          readyCount: 0,
          currency: 'KRW',
          currencyExponent: 0,
          timeZone: 'Asia/Seoul',
          items: [],
        }),
      ),
      http.get(LEADERBOARD_CALLS.leaderboard.path, () =>
        ok(LeaderboardSummaryResponseSchema, {
          currency: 'KRW',
          currencyExponent: 0,
          timeZone: 'Asia/Seoul',
          items: [WEEKLY, BIGWIN],
        }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    useSessionStore.getState().endSession();
    localStorage.clear();
  });

  it("shows each board's standings, my rank, the prizes, the time left and the last winners, in EN and KO", async () => {
    const user = userEvent.setup();
    renderWithShell(<MissionLeaderboardPage />);
    expect(await screen.findByRole('tab', { name: 'Missions', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Leaderboards' }));
    expect(await screen.findByRole('heading', { name: 'Leaderboards', level: 2 })).toBeInTheDocument();
    const [weekly, bigwin] = (await screen.findAllByTestId('leaderboard')) as [HTMLElement, HTMLElement];

    expect(within(weekly).getByRole('heading', { name: 'Weekly wager race' })).toBeInTheDocument();
    expect(weekly).toHaveTextContent('This week, Nov 23 – Nov 29');
    expect(within(weekly).getByTestId('leaderboard-time-left')).toHaveTextContent('1d 4h');
    expect(within(weekly).getByTestId('leaderboard-me')).toHaveTextContent('#14 · ₩12,000');
    expect(within(weekly).getByTestId('leaderboard-me-line')).toHaveTextContent('You are #14 with ₩12,000.');
    expect(within(weekly).getByTestId('leaderboard-prizes')).toHaveTextContent(/1₩50,000.*2₩30,000.*3₩20,000/);
    const [top, winners] = within(weekly).getAllByRole('table') as [HTMLElement, HTMLElement];
    expect(
      within(top)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RankMemberValid bets', '1de****1₩900,000', '2de****2₩400,000']);
    expect(winners).toHaveTextContent("Last period's winners (Nov 16 – Nov 22)");
    expect(within(winners).getAllByRole('row')[1]).toHaveTextContent('1de**oYou₩1,200,000₩50,000');

    // A multiplier board writes ×12.50 and its minimum bet; my row in its top is marked, no line under it.
    expect(bigwin).toHaveTextContent('Biggest win multiplier · Slots');
    expect(bigwin).toHaveTextContent('Rounds with a bet of ₩1,000 or more count.');
    expect(within(bigwin).getByTestId('leaderboard-me')).toHaveTextContent('#1 · ×12.50');
    expect(within(bigwin).queryByTestId('leaderboard-me-line')).toBeNull();
    expect(within(bigwin).queryByTestId('leaderboard-winners')).toBeNull();

    storeLanguage('KO');
    await act(() => i18n.changeLanguage('ko'));
    expect(await screen.findByRole('heading', { name: '리더보드', level: 2 })).toBeInTheDocument();
    const [koWeekly] = screen.getAllByTestId('leaderboard') as [HTMLElement];
    expect(within(koWeekly).getByTestId('leaderboard-me')).toHaveTextContent('14위 · ₩12,000');
    expect(within(koWeekly).getByTestId('leaderboard-time-left')).toHaveTextContent('1일 4시간');
  });
});
