import { AGENT_CALLS, TeamBetsResponseSchema, type TeamBet, type TeamBets } from '@parlay/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import TeamBetsPage from './index';

/** Noon of 2026-11-28 in Seoul, the test brand's time zone. */
const NOW = new Date('2026-11-28T03:00:00.000Z');

let nextRound = 0;
function round(account: string, fields: Partial<TeamBet> = {}): TeamBet {
  nextRound += 1;
  return {
    roundId: `R-${nextRound}`,
    account,
    gameName: 'Lucky Spin',
    gameType: 'RNG',
    vendorName: 'House',
    stakeMinor: 10_000,
    validBetMinor: 10_000,
    winMinor: 4_000,
    profitLossMinor: -6_000,
    status: 'settled',
    startedAt: '2026-11-27T12:30:00.000Z',
    settledAt: '2026-11-27T12:31:00.000Z',
    ...fields,
  };
}

function bets(fields: Partial<TeamBets> = {}): TeamBets {
  return {
    from: '2026-11-22',
    to: '2026-11-28',
    totals: { rounds: 3, stakeMinor: 60_000, validBetMinor: 50_000, winMinor: 75_000, profitLossMinor: 25_000 },
    items: [
      round('alice'),
      round('bob', {
        gameName: 'Baccarat A',
        gameType: 'LIVE',
        stakeMinor: 40_000,
        validBetMinor: 40_000,
        winMinor: 71_000,
        profitLossMinor: 31_000,
      }),
      round('carol', { status: 'open', validBetMinor: 0, winMinor: 0, profitLossMinor: 0 }),
    ],
    nextCursor: null,
    currency: 'KRW',
    currencyExponent: 0,
    timeZone: 'Asia/Seoul',
    ...fields,
  };
}

function answer(reply: (query: URLSearchParams) => TeamBets | 'fail') {
  const sent: URLSearchParams[] = [];
  server.use(
    http.get(AGENT_CALLS.teamBets.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      sent.push(query);
      const value = reply(query);
      return value === 'fail' ? fail('AGENT_NOT_IN_DOWNLINE') : ok(TeamBetsResponseSchema, value);
    }),
  );
  return sent;
}

const tile = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling!;
const rowsOf = () =>
  within(screen.getByRole('region', { name: 'Rounds' }))
    .getAllByRole('row')
    .slice(1);

describe('TeamBetsPage', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 1, account: 'agent01' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
    vi.useRealTimers();
  });

  it("opens on the last 7 days: the period's totals, then each round with its member, game and result", async () => {
    const sent = answer(() => bets());
    const { container } = renderWithShell(<TeamBetsPage />);

    expect(await screen.findByRole('region', { name: /^Totals/ })).toHaveTextContent('Nov 22, 2026 – Nov 28, 2026');
    expect([sent[0]!.get('from'), sent[0]!.get('to')]).toEqual(['2026-11-22', '2026-11-28']);
    for (const name of ['account', 'gameType', 'status', 'cursor']) expect(sent[0]!.has(name)).toBe(false);
    expect(tile('Rounds')).toHaveTextContent('3');
    expect(tile('Bets')).toHaveTextContent('₩60,000');
    expect(tile('Valid bets')).toHaveTextContent('₩50,000');
    expect(tile('Payouts')).toHaveTextContent('₩75,000');
    expect(tile('Team profit and loss')).toHaveTextContent('+₩25,000');
    expect(tile('Team profit and loss')).toHaveAttribute('data-sign', 'plus');

    const rows = rowsOf();
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['alice', 'bob', 'carol']);
    expect(within(rows[0]!).getByText('−₩6,000')).toHaveAttribute('data-sign', 'minus');
    expect(within(rows[0]!).getByText(/Slots · R-/)).toBeVisible();
    // 12:30 UTC is 21:30 in Seoul, the brand's time.
    expect(within(rows[0]!).getByText(/9:30\sPM/)).toHaveAttribute('data-label', 'Time');
    expect(within(rows[1]!).getByText(/Live · R-/)).toBeVisible();
    expect(within(rows[1]!).getByText('+₩31,000')).toHaveAttribute('data-sign', 'plus');
    // An open round has no result yet.
    expect(within(rows[2]!).getByText('Not settled')).toHaveAttribute('data-label', 'Profit and loss');
    expect(within(rows[2]!).getByText('Open')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(container.textContent).not.toContain('NaN');
  });

  it('loads older rounds by the cursor, the totals of the first page kept', async () => {
    const sent = answer((query) =>
      query.get('cursor') === 'c1' ? bets({ totals: null, items: [round('dave')] }) : bets({ nextCursor: 'c1' }),
    );
    const user = userEvent.setup();
    renderWithShell(<TeamBetsPage />);
    await screen.findByRole('region', { name: 'Rounds' });
    expect(rowsOf()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('dave')).toBeVisible();
    expect(rowsOf()).toHaveLength(4);
    expect(sent.at(-1)!.get('cursor')).toBe('c1');
    expect(tile('Rounds')).toHaveTextContent('3');
  });

  it('searches one member, a game type and a status', async () => {
    const sent = answer(() => bets());
    const user = userEvent.setup();
    renderWithShell(<TeamBetsPage />);
    await screen.findByRole('region', { name: 'Rounds' });

    await user.type(screen.getByRole('searchbox', { name: 'Account' }), ' bob ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Game type' }), 'Live');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Open');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(sent.at(-1)!.get('account')).toBe('bob'));
    expect(sent.at(-1)!.get('gameType')).toBe('LIVE');
    expect(sent.at(-1)!.get('status')).toBe('open');
  });

  it('says so when the team has no rounds in the period, and when a search has none', async () => {
    const empty = {
      totals: { rounds: 0, stakeMinor: 0, validBetMinor: 0, winMinor: 0, profitLossMinor: 0 },
      items: [],
    };
    answer(() => bets(empty));
    const user = userEvent.setup();
    renderWithShell(<TeamBetsPage />);
    expect(await screen.findByText('No bets for Nov 22, 2026 – Nov 28, 2026')).toBeVisible();
    expect(screen.getByText(/None of your team played in this period/)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Open');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/No round of this search in this period/)).toBeVisible();
  });

  it("shows the server's refusal in the member's language, with a retry", async () => {
    answer(() => 'fail');
    renderWithShell(<TeamBetsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This member is not in your downline.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
