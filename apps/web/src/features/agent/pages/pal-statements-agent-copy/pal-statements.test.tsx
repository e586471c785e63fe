import {
  AGENT_CALLS,
  TeamProfitLossResponseSchema,
  type MemberProfitLoss,
  type TeamProfitLoss,
} from '@parlay/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import PalStatementsAgentPage from './index';

/** Noon of 2026-11-28 in Seoul, the test brand's time zone. */
const NOW = new Date('2026-11-28T03:00:00.000Z');

const figures = (profitLossMinor: number) => ({
  rounds: 10,
  betMinor: 100_000,
  validBetMinor: 90_000,
  payoutMinor: 100_000 + profitLossMinor,
  profitLossMinor,
});

let nextId = 500;
function member(account: string, fields: Partial<MemberProfitLoss> = {}): MemberProfitLoss {
  nextId += 1;
  return {
    id: nextId,
    account,
    level: 1,
    type: 0,
    ...figures(0),
    depositMinor: 0,
    withdrawalMinor: 0,
    ...fields,
  };
}

function statement(fields: Partial<TeamProfitLoss> = {}): TeamProfitLoss {
  return {
    from: '2026-11-01',
    to: '2026-11-28',
    totals: {
      rounds: 1_234,
      betMinor: 2_500_000,
      validBetMinor: 2_400_000,
      payoutMinor: 2_465_000,
      profitLossMinor: -35_000,
      depositMinor: 700_000,
      withdrawalMinor: 120_000,
      members: 3,
    },
    categories: [
      { gameType: 'LIVE', ...figures(-50_000) },
      { gameType: 'RNG', ...figures(15_000) },
      { gameType: '', ...figures(0) },
    ],
    items: [
      member('alice', { type: 41, ...figures(-50_000), depositMinor: 500_000 }),
      member('bob', { level: 2, ...figures(15_000), withdrawalMinor: 120_000 }),
    ],
    nextCursor: null,
    currency: 'KRW',
    currencyExponent: 0,
    timeZone: 'Asia/Seoul',
    ...fields,
  };
}

/** Answers `answer(query)` and keeps every query the page sent. */
function answer(reply: (query: URLSearchParams) => TeamProfitLoss | 'fail') {
  const sent: URLSearchParams[] = [];
  server.use(
    http.get(AGENT_CALLS.teamProfitLoss.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      sent.push(query);
      const value = reply(query);
      return value === 'fail' ? fail('WALLET_PERIOD_INVALID') : ok(TeamProfitLossResponseSchema, value);
    }),
  );
  return sent;
}

const tile = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling!;

describe('PalStatementsAgentPage', () => {
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

  it("opens on this month: the team's totals as tiles, its game types and its members, profit and loss signed", async () => {
    const sent = answer(() => statement());
    const { container } = renderWithShell(<PalStatementsAgentPage />);

    expect(await screen.findByRole('region', { name: /^Totals/ })).toHaveTextContent('Nov 1, 2026 – Nov 28, 2026');
    expect(sent[0]!.get('from')).toBe('2026-11-01');
    expect(sent[0]!.get('to')).toBe('2026-11-28');
    expect(sent[0]!.has('account')).toBe(false);
    expect(sent[0]!.has('direct')).toBe(false);
    expect(tile('Members')).toHaveTextContent('3');
    expect(tile('Rounds')).toHaveTextContent('1,234');
    expect(tile('Bets')).toHaveTextContent('₩2,500,000');
    expect(tile('Valid bets')).toHaveTextContent('₩2,400,000');
    expect(tile('Payouts')).toHaveTextContent('₩2,465,000');
    expect(tile('Team profit and loss')).toHaveTextContent('−₩35,000');
    expect(tile('Team profit and loss')).toHaveAttribute('data-sign', 'minus');
    expect(tile('Deposits')).toHaveTextContent('₩700,000');
    expect(tile('Withdrawals')).toHaveTextContent('₩120,000');

    // The game types by their names, the one without a type as "Other".
    const types = within(screen.getByRole('region', { name: 'By game type' }))
      .getAllByRole('row')
      .slice(1);
    expect(types.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Live', 'Slots', 'Other']);
    expect(within(types[0]!).getByText('−₩50,000')).toHaveAttribute('data-sign', 'minus');
    expect(within(types[1]!).getByText('+₩15,000')).toHaveAttribute('data-sign', 'plus');
    expect(within(types[2]!).getByText('₩0', { selector: '[data-sign]' })).toHaveAttribute('data-sign', 'zero');

    const rows = within(screen.getByRole('region', { name: 'By member' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('aliceAgent');
    expect(within(rows[0]!).getByText('−₩50,000')).toHaveAttribute('data-sign', 'minus');
    expect(within(rows[0]!).getByText('₩500,000')).toHaveAttribute('data-label', 'Deposits');
    expect(within(rows[1]!).getByText('2')).toHaveAttribute('data-label', 'Level');
    expect(within(rows[1]!).getByText('+₩15,000')).toHaveAttribute('data-sign', 'plus');
    // One page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(container.textContent).not.toContain('NaN');
  });

  it('loads more members by the cursor, the totals kept', async () => {
    const sent = answer((query) =>
      query.get('cursor') === 'after-bob'
        ? statement({ items: [member('carol', { level: 3 })] })
        : statement({ nextCursor: 'after-bob' }),
    );
    const user = userEvent.setup();
    renderWithShell(<PalStatementsAgentPage />);
    const members = await screen.findByRole('region', { name: 'By member' });
    expect(within(members).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(members).findByText('carol')).toBeVisible();
    expect(within(members).getAllByRole('row')).toHaveLength(4);
    expect(sent.at(-1)!.get('cursor')).toBe('after-bob');
    expect(sent.at(-1)!.get('from')).toBe('2026-11-01');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(tile('Members')).toHaveTextContent('3');
  });

  it('reads another period from the presets and the steps, and narrows to an account and the direct members', async () => {
    const sent = answer((query) => statement({ from: query.get('from')!, to: query.get('to')! }));
    const user = userEvent.setup();
    renderWithShell(<PalStatementsAgentPage />);
    await screen.findByRole('region', { name: /^Totals/ });
    // The records' presets: the previous 7 and 30 days (nothing is played in the future).
    expect(screen.queryByRole('button', { name: 'Next 7 days' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous 7 days' }));
    expect(await screen.findByRole('region', { name: /Nov 22, 2026 – Nov 28, 2026/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect([sent.at(-1)!.get('from'), sent.at(-1)!.get('to')]).toEqual(['2026-11-22', '2026-11-28']);

    await user.click(screen.getByRole('button', { name: 'The 7 days before' }));
    expect(await screen.findByRole('region', { name: /Nov 15, 2026 – Nov 21, 2026/ })).toBeVisible();
    expect([sent.at(-1)!.get('from'), sent.at(-1)!.get('to')]).toEqual(['2026-11-15', '2026-11-21']);

    await user.type(screen.getByRole('searchbox', { name: 'Account' }), ' ali ');
    await user.click(screen.getByRole('checkbox', { name: 'Direct members only' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(sent.at(-1)!.get('account')).toBe('ali'));
    expect(sent.at(-1)!.get('direct')).toBe('true');
    expect(sent.at(-1)!.get('from')).toBe('2026-11-15');
  });

  it('says so honestly when nobody in the team has figures in the period, and shows no empty tables', async () => {
    answer(() =>
      statement({
        totals: {
          rounds: 0,
          betMinor: 0,
          validBetMinor: 0,
          payoutMinor: 0,
          profitLossMinor: 0,
          depositMinor: 0,
          withdrawalMinor: 0,
          members: 0,
        },
        categories: [],
        items: [],
      }),
    );
    renderWithShell(<PalStatementsAgentPage />);
    expect(await screen.findByText('No figures for Nov 1, 2026 – Nov 28, 2026')).toBeVisible();
    expect(screen.getByText(/None of your team played, deposited or withdrew/)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Totals/ })).not.toBeInTheDocument();
  });

  it('shows why a period cannot be read, and asks the server nothing for a period it would refuse', async () => {
    const sent = answer(() => 'fail');
    const user = userEvent.setup();
    renderWithShell(<PalStatementsAgentPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The period is not valid');
    const asked = sent.length;

    // Longer than 93 days: the picker says why, the server's refusal goes, and nothing more is sent.
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2020-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a start no later than the end, at most 93 days.',
    );
    expect(screen.queryByText(/The period is not valid/)).not.toBeInTheDocument();
    expect(sent).toHaveLength(asked);
  });
});
