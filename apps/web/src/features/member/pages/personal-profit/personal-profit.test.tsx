import { BettingProfitResponseSchema, WALLET_CALLS, type BettingProfit } from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import PersonalProfitPage from './index';

const figures = (rounds: number, stake: number, payout: number) => ({
  rounds,
  stakeMinor: stake,
  validBetMinor: stake,
  payoutMinor: payout,
  profitMinor: payout - stake,
});

/** Every day of the period asked for at 0 but two: a win on the first day, a loss on the last. */
function profitOf(from: string, to: string): BettingProfit {
  const days: BettingProfit['days'] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push({ day: new Date(at).toISOString().slice(0, 10), ...figures(0, 0, 0) });
  }
  days[0] = { ...days[0]!, ...figures(2, 3_000, 8_000) };
  days[days.length - 1] = { ...days.at(-1)!, ...figures(1, 2_000, 0) };
  return {
    from,
    to,
    currency: 'KRW',
    totals: figures(3, 5_000, 8_000),
    days,
    categories: [
      { gameType: 'RNG', ...figures(2, 3_000, 8_000) },
      { gameType: 'LIVE', ...figures(1, 2_000, 0) },
    ],
  };
}

function answerProfit(sent: URLSearchParams[]) {
  return http.get(WALLET_CALLS.bettingProfit.path, ({ request }) => {
    const query = new URL(request.url).searchParams;
    sent.push(query);
    return ok(BettingProfitResponseSchema, profitOf(query.get('from')!, query.get('to')!));
  });
}

describe('PersonalProfitPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('shows the last 30 days: totals, a bar a day that won or lost, and the categories', async () => {
    const sent: URLSearchParams[] = [];
    server.use(answerProfit(sent));
    const { container } = renderWithShell(<PersonalProfitPage />);
    const chart = await screen.findByRole('img', { name: /^30 days from .*: won on 1, lost on 1\.$/ });
    // Only the two days with a result have a bar, one above the zero line and one below.
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    const totals = screen.getByRole('region', { name: 'Totals of the period' });
    expect(within(totals).getByText('Win/loss').nextElementSibling).toHaveTextContent('+₩3,000');
    const categories = screen.getByRole('region', { name: 'By category' });
    expect(
      within(categories)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Slots', 'Live']);
    const days = screen.getByRole('region', { name: 'By day' });
    // Only the days played, the latest first.
    expect(within(days).getAllByRole('rowheader')).toHaveLength(2);
    expect(container.textContent).not.toContain('NaN');
    const first = sent[0]!;
    expect(
      (Date.parse(`${first.get('to')}T00:00:00Z`) - Date.parse(`${first.get('from')}T00:00:00Z`)) / 86_400_000,
    ).toBe(29);
  });

  it('switches to the last 7 days and back 7 more', async () => {
    const user = userEvent.setup();
    const sent: URLSearchParams[] = [];
    server.use(answerProfit(sent));
    renderWithShell(<PersonalProfitPage />);
    await screen.findByRole('img', { name: /^30 days/ });
    await user.click(screen.getByRole('button', { name: 'Previous 7 days' }));
    expect(await screen.findByRole('img', { name: /^7 days/ })).toBeInTheDocument();
    // The period ends today: nothing was played after it.
    expect(screen.getByRole('button', { name: 'The 7 days after' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'The 7 days before' }));
    await screen.findByRole('img', { name: /^7 days/ });
    const [last7, previous] = sent.slice(-2);
    expect(previous!.get('to')).toBe(
      new Date(Date.parse(`${last7!.get('from')}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
    );
    expect(screen.getByRole('button', { name: 'The 7 days after' })).toBeEnabled();
  });

  it('says so when nothing settled in the period', async () => {
    server.use(
      http.get(WALLET_CALLS.bettingProfit.path, ({ request }) => {
        const query = new URL(request.url).searchParams;
        const empty = profitOf(query.get('from')!, query.get('to')!);
        return ok(BettingProfitResponseSchema, {
          ...empty,
          totals: figures(0, 0, 0),
          days: empty.days.map((day) => ({ ...day, ...figures(0, 0, 0) })),
          categories: [],
        });
      }),
    );
    renderWithShell(<PersonalProfitPage />);
    expect(await screen.findByText('No settled rounds in this period')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
