import type { BoLeaderboard, BoLeaderboardPage, BoLeaderboardStandings } from '@parlay/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/index';
import { answer } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const WEEKLY: BoLeaderboard = {
  id: 1,
  code: 'WEEKLYBET',
  titleKo: '주간 베팅 랭킹',
  titleEn: 'Weekly wager race',
  summaryKo: '',
  summaryEn: '',
  measure: 'valid_bet',
  gameType: null,
  minBetMinor: 0,
  period: 'weekly',
  prizesMinor: [50_000, 30_000],
  startsAt: null,
  endsAt: null,
  active: true,
  version: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  currentPeriodStart: '2026-11-23',
  members: 17,
};
const BIGWIN: BoLeaderboard = {
  ...WEEKLY,
  id: 2,
  code: 'BIGWIN',
  titleEn: 'Biggest win of the week',
  measure: 'multiplier',
  gameType: 'RNG',
  minBetMinor: 1_000,
  prizesMinor: [30_000],
  members: 4,
};
const PAGE: BoLeaderboardPage = {
  items: [BIGWIN, WEEKLY],
  nextCursor: null,
  currency: 'KRW',
  currencyExponent: 0,
  timeZone: 'Asia/Seoul',
};
const standingsOf = (periodStart: string): BoLeaderboardStandings => ({
  leaderboardId: 1,
  periodStart,
  periodEnd: periodStart === '2026-11-23' ? '2026-11-29' : '2026-11-22',
  current: periodStart === '2026-11-23',
  paidAt: periodStart === '2026-11-23' ? null : '2026-11-22T15:10:00.000Z',
  paidMinor: periodStart === '2026-11-23' ? 0 : 80_000,
  rows: [
    {
      rank: 1,
      memberId: 41,
      account: 'demoplayer07',
      score: 900_000,
      reachedAt: '2026-11-20T10:00:00.000Z',
      prizeMinor: 50_000,
      movementId: periodStart === '2026-11-23' ? null : 901,
      refused: null,
    },
    {
      rank: 2,
      memberId: 42,
      account: 'closed01',
      score: 400_000,
      reachedAt: '2026-11-20T11:00:00.000Z',
      prizeMinor: 30_000,
      movementId: null,
      // The paid period's second prize was refused: the account was closed.
      refused: periodStart === '2026-11-23' ? null : 'ACCOUNT_DISABLED',
    },
  ],
  periods: ['2026-11-23', '2026-11-16'],
  currency: 'KRW',
  currencyExponent: 0,
});

const signedIn = (roles: ('admin' | 'readOnly')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the leaderboards page', () => {
  it("lists each board's measure, period, prizes and members, and opens a period's standings with its payout", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      signedIn(['readOnly']),
      answer('leaderboards', PAGE),
      answer('leaderboardStandings', ({ url }) => {
        asked.push(url.search);
        return standingsOf(url.searchParams.get('periodStart') ?? '2026-11-23');
      }),
    );
    renderApp('/brands/parlay/leaderboards');
    const table = await screen.findByRole('table', { name: 'Leaderboards' });
    const weekly = within(table).getByRole('row', { name: /WEEKLYBET/ });
    expect(weekly).toHaveTextContent('Weekly wager race');
    expect(weekly).toHaveTextContent('Valid bets');
    expect(weekly).toHaveTextContent('Weekly (from Monday)');
    expect(within(weekly).getByTestId('leaderboard-prizes')).toHaveTextContent('#1 ₩50,000#2 ₩30,000');
    expect(within(weekly).getByTestId('leaderboard-members')).toHaveTextContent('17 members');
    const bigwin = within(table).getByRole('row', { name: /BIGWIN/ });
    expect(bigwin).toHaveTextContent('Biggest win multiplier');
    expect(bigwin).toHaveTextContent('Slots · bets of ₩1,000 or more');
    // Read-only: standings, but no add, edit or switch off.
    expect(screen.queryByRole('button', { name: 'Add a leaderboard' })).toBeNull();
    expect(within(weekly).queryByRole('button', { name: 'Edit WEEKLYBET' })).toBeNull();

    await user.click(within(weekly).getByRole('button', { name: 'Standings of WEEKLYBET' }));
    const dialog = await screen.findByRole('dialog', { name: 'Standings of WEEKLYBET' });
    expect(await within(dialog).findByTestId('standings-payout')).toHaveTextContent(
      'Running: the prizes are paid after 2026-11-29 ends.',
    );
    expect(within(dialog).getByTestId('standings')).toHaveTextContent('demoplayer07 #41₩900,000');
    expect(within(dialog).getByTestId('standings')).toHaveTextContent('Prize to win');
    await user.selectOptions(within(dialog).getByLabelText('Period from'), '2026-11-16');
    expect(await within(dialog).findByText(/Paid ₩80,000 at/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('standings')).toHaveTextContent('Prize paid');
    expect(within(dialog).getByTestId('prize-refused-2')).toHaveTextContent('Not paid (account closed): ₩30,000');
    expect(asked).toEqual(['', '?periodStart=2026-11-16']);

    await user.keyboard('{Escape}');
    await act(() => changeLanguage('KO'));
    expect(await screen.findByRole('table', { name: '리더보드' })).toBeInTheDocument();
    await act(() => changeLanguage('EN'));
  });
});
