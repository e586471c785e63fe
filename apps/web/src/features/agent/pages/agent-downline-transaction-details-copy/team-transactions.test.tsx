import {
  AGENT_CALLS,
  TeamTransactionsResponseSchema,
  type TeamTransaction,
  type TeamTransactions,
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
import TeamTransactionsPage from './index';

/** Noon of 2026-11-28 in Seoul, the test brand's time zone. */
const NOW = new Date('2026-11-28T03:00:00.000Z');

let nextNo = 900;
function movement(account: string, fields: Partial<TeamTransaction> = {}): TeamTransaction {
  nextNo += 1;
  return {
    transactionNo: String(nextNo),
    account,
    type: 'deposit',
    amountMinor: 50_000,
    counterpartyAccount: null,
    at: '2026-11-27T01:00:00.000Z',
    ...fields,
  };
}

function transactions(fields: Partial<TeamTransactions> = {}): TeamTransactions {
  return {
    from: '2026-11-22',
    to: '2026-11-28',
    totals: {
      count: 3,
      amountMinor: 30_000,
      byType: [
        { type: 'deposit', count: 1, amountMinor: 50_000 },
        { type: 'withdrawal', count: 1, amountMinor: -20_000 },
        { type: 'downlineTransfer', count: 1, amountMinor: 0 },
      ],
    },
    items: [
      movement('alice'),
      movement('bob', { type: 'withdrawal', amountMinor: -20_000 }),
      movement('carol', { type: 'downlineTransfer', amountMinor: 5_000, counterpartyAccount: 'subagent' }),
    ],
    nextCursor: null,
    currency: 'KRW',
    currencyExponent: 0,
    timeZone: 'Asia/Seoul',
    ...fields,
  };
}

function answer(reply: (query: URLSearchParams) => TeamTransactions | 'fail') {
  const sent: URLSearchParams[] = [];
  server.use(
    http.get(AGENT_CALLS.teamTransactions.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      sent.push(query);
      const value = reply(query);
      return value === 'fail' ? fail('WALLET_PERIOD_INVALID') : ok(TeamTransactionsResponseSchema, value);
    }),
  );
  return sent;
}

const tile = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling!;
const rowsOf = () =>
  within(screen.getByRole('region', { name: 'Movements' }))
    .getAllByRole('row')
    .slice(1);

describe('TeamTransactionsPage', () => {
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

  it("opens on the last 7 days: the totals by type, then each movement signed from its member's side", async () => {
    const sent = answer(() => transactions());
    const { container } = renderWithShell(<TeamTransactionsPage />);

    expect(await screen.findByRole('region', { name: /^Totals/ })).toHaveTextContent('Nov 22, 2026 – Nov 28, 2026');
    expect([sent[0]!.get('from'), sent[0]!.get('to')]).toEqual(['2026-11-22', '2026-11-28']);
    expect(sent[0]!.has('type')).toBe(false);
    expect(sent[0]!.has('account')).toBe(false);
    expect(tile('All movements')).toHaveTextContent('+₩30,0003 movements');
    expect(tile('Deposit')).toHaveTextContent('+₩50,0001 movement');
    expect(tile('Withdrawal')).toHaveAttribute('data-sign', 'minus');
    expect(tile('Downline transfer')).toHaveAttribute('data-sign', 'zero');

    const rows = rowsOf();
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['alice', 'bob', 'carol']);
    expect(within(rows[0]!).getByText('Deposit')).toHaveAttribute('data-label', 'Type');
    expect(within(rows[0]!).getByText('—')).toHaveAttribute('data-label', 'From or to');
    expect(within(rows[1]!).getByText('−₩20,000')).toHaveAttribute('data-sign', 'minus');
    expect(within(rows[2]!).getByText('subagent')).toHaveAttribute('data-label', 'From or to');
    // 01:00 UTC is 10:00 in Seoul, the brand's time.
    expect(within(rows[0]!).getByText(/10:00\sAM/)).toHaveAttribute('data-label', 'Time');
    expect(container.textContent).not.toContain('NaN');
  });

  it('loads older movements by the cursor, and searches a member and a type', async () => {
    const sent = answer((query) =>
      query.get('cursor') === 'c1'
        ? transactions({ totals: null, items: [movement('dave', { type: 'bonus' })] })
        : transactions({ nextCursor: 'c1' }),
    );
    const user = userEvent.setup();
    renderWithShell(<TeamTransactionsPage />);
    await screen.findByRole('region', { name: 'Movements' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('dave')).toBeVisible();
    expect(rowsOf()).toHaveLength(4);
    expect(sent.at(-1)!.get('cursor')).toBe('c1');

    await user.type(screen.getByRole('searchbox', { name: 'Account' }), 'carol');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Downline transfer');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(sent.at(-1)!.get('type')).toBe('downlineTransfer'));
    expect(sent.at(-1)!.get('account')).toBe('carol');
    expect(sent.at(-1)!.has('cursor')).toBe(false);
  });

  it('says so when the team moved no money in the period', async () => {
    answer(() => transactions({ totals: { count: 0, amountMinor: 0, byType: [] }, items: [] }));
    renderWithShell(<TeamTransactionsPage />);
    expect(await screen.findByText('No movements for Nov 22, 2026 – Nov 28, 2026')).toBeVisible();
    expect(screen.getByText(/None of your team deposited, withdrew/)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the member's language", async () => {
    answer(() => 'fail');
    renderWithShell(<TeamTransactionsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The period is not valid');
  });
});
