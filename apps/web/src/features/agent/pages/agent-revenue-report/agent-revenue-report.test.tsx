import {
  AGENT_CALLS,
  AgentIncomeResponseSchema,
  type AgentIncome,
  type IncomeTotals,
  type SettlementLine,
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
import AgentRevenueReportPage from './index';

/** Noon of 2026-11-28 in Seoul, the test brand's time zone. */
const NOW = new Date('2026-11-28T03:00:00.000Z');

let nextLine = 0;
/** A daily salary line of the agent's own contract, paid by the site, for the Seoul day 2026-11-27. */
function line(fields: Partial<SettlementLine> = {}): SettlementLine {
  nextLine += 1;
  return {
    id: nextLine,
    contractId: 1,
    kind: 'daily_salary',
    salaryType: 'single_bet',
    rhythm: 'D',
    periodStart: '2026-11-26T15:00:00.000Z',
    periodEnd: '2026-11-27T15:00:00.000Z',
    agentAccount: 'agent',
    payerAccount: null,
    direction: 'earned',
    activeMembers: 4,
    validBetMinor: 1_200_000,
    profitLossMinor: -300_000,
    rateBp: 150,
    baseMinor: 1_200_000,
    amountMinor: 18_000,
    carryMinor: 0,
    status: 'paid',
    settledAt: '2026-11-27T15:01:00.000Z',
    paidAt: '2026-11-27T15:01:00.000Z',
    ...fields,
  };
}

const totals = (fields: Partial<IncomeTotals> = {}): IncomeTotals => ({
  earnedMinor: 0,
  paidOutMinor: 0,
  netMinor: 0,
  pendingInMinor: 0,
  pendingOutMinor: 0,
  ...fields,
});

function income(fields: Partial<AgentIncome> = {}): AgentIncome {
  return {
    currency: 'KRW',
    currencyExponent: 0,
    timeZone: 'Asia/Seoul',
    from: '2026-10-30',
    to: '2026-11-28',
    totals: totals({ earnedMinor: 68_000, paidOutMinor: 9_000, netMinor: 59_000, pendingOutMinor: 2_500 }),
    byKind: [
      { kind: 'dividend', ...totals({ earnedMinor: 50_000, netMinor: 50_000 }) },
      { kind: 'daily_salary', ...totals({ earnedMinor: 18_000, paidOutMinor: 9_000, netMinor: 9_000 }) },
      { kind: 'realtime_salary', ...totals({ pendingOutMinor: 2_500 }) },
    ],
    rebateMinor: 3_200,
    lines: [
      line(),
      line({
        contractId: 7,
        agentAccount: 'subagent',
        payerAccount: 'agent',
        direction: 'paid_out',
        activeMembers: 2,
        validBetMinor: 600_000,
        profitLossMinor: 120_000,
        rateBp: 150,
        baseMinor: 600_000,
        amountMinor: 9_000,
      }),
      line({
        kind: 'dividend',
        salaryType: null,
        rhythm: 'M',
        periodStart: '2026-09-30T15:00:00.000Z',
        periodEnd: '2026-10-31T15:00:00.000Z',
        payerAccount: 'topagent',
        rateBp: 2_500,
        profitLossMinor: -250_000,
        baseMinor: 200_000,
        amountMinor: 50_000,
      }),
      line({
        kind: 'realtime_salary',
        salaryType: 'loss',
        rhythm: '5m',
        periodStart: '2026-11-27T12:30:00.000Z',
        periodEnd: '2026-11-27T12:35:00.000Z',
        agentAccount: 'subagent',
        payerAccount: 'agent',
        direction: 'paid_out',
        amountMinor: 2_500,
        status: 'pending',
        paidAt: null,
      }),
    ],
    nextCursor: null,
    ...fields,
  };
}

function answer(reply: (query: URLSearchParams) => AgentIncome | 'fail') {
  const sent: URLSearchParams[] = [];
  server.use(
    http.get(AGENT_CALLS.agentIncome.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      sent.push(query);
      const value = reply(query);
      return value === 'fail' ? fail('NOT_AGENT') : ok(AgentIncomeResponseSchema, value);
    }),
  );
  return sent;
}

const tile = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling!;
const rowsOf = (name: string) => within(screen.getByRole('region', { name })).getAllByRole('row').slice(1);
const cell = (row: HTMLElement, label: string) => row.querySelector(`[data-label="${label}"]`)!;

describe('AgentRevenueReportPage', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 1, account: 'agent' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
    vi.useRealTimers();
  });

  it('opens on the last 30 days: the totals, by contract, my cashback apart, then each settled period', async () => {
    const sent = answer(() => income());
    const { container } = renderWithShell(<AgentRevenueReportPage />);

    expect(await screen.findByRole('region', { name: /^Totals/ })).toHaveTextContent('Oct 30, 2026 – Nov 28, 2026');
    expect([sent[0]!.get('from'), sent[0]!.get('to')]).toEqual(['2026-10-30', '2026-11-28']);
    for (const name of ['kind', 'cursor']) expect(sent[0]!.has(name)).toBe(false);
    expect(tile('Earned')).toHaveTextContent('₩68,000');
    expect(tile('Paid out')).toHaveTextContent('₩9,000');
    expect(tile('Net income')).toHaveTextContent('+₩59,000');
    expect(tile('Net income')).toHaveAttribute('data-sign', 'plus');
    expect(tile('Owed to you')).toHaveTextContent('₩0');
    expect(tile('Owed by you')).toHaveTextContent('₩2,500');
    expect(screen.getByText('Cashback on your own play').closest('p')).toHaveTextContent('₩3,200');

    const kinds = rowsOf('By contract');
    expect(kinds.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Dividend',
      'Daily salary',
      'Real-time salary',
    ]);
    expect(cell(kinds[1]!, 'Net income')).toHaveTextContent('+₩9,000');

    const [own, paid, dividend, realtime] = rowsOf('Settlements');
    // My own daily salary, a Seoul day, from the site; + what it paid me.
    expect(within(own!).getByRole('rowheader')).toHaveTextContent('Nov 27, 2026Daily salary · Valid bets');
    expect(cell(own!, 'Direction')).toHaveTextContent('Earnedfrom the site');
    expect(cell(own!, 'Active members')).toHaveTextContent('4');
    expect(cell(own!, 'Valid bets')).toHaveTextContent('₩1,200,000');
    expect(cell(own!, 'Team profit and loss')).toHaveTextContent('−₩300,000');
    expect(cell(own!, 'Rate')).toHaveTextContent('1.5%on ₩1,200,000');
    expect(cell(own!, 'Amount')).toHaveTextContent('+₩18,000');
    expect(cell(own!, 'Status')).toHaveTextContent('Paid');
    // What I paid my downline agent on its contract: − from my side.
    expect(cell(paid!, 'Direction')).toHaveTextContent('Paid to subagent');
    expect(cell(paid!, 'Amount')).toHaveTextContent('−₩9,000');
    expect(cell(paid!, 'Amount')).toHaveAttribute('data-sign', 'minus');
    // A month's dividend shows its days; its last day the one before the period's end.
    expect(within(dividend!).getByRole('rowheader')).toHaveTextContent('Oct 1 – 31, 2026Dividend · Monthly');
    expect(cell(dividend!, 'Direction')).toHaveTextContent('from topagent');
    // A 5-minute salary shows its times in Seoul (12:30 UTC is 21:30), still owed.
    expect(within(realtime!).getByRole('rowheader')).toHaveTextContent(/9:30\s–\s9:35\sPM/);
    expect(cell(realtime!, 'Status')).toHaveTextContent('Pending');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(container.textContent).not.toContain('NaN');
  });

  it('loads older periods by the cursor, the totals of the first page kept', async () => {
    const sent = answer((query) =>
      query.get('cursor') === 'c1'
        ? income({ totals: totals(), lines: [line({ agentAccount: 'subagent2', direction: 'paid_out' })] })
        : income({ nextCursor: 'c1' }),
    );
    const user = userEvent.setup();
    renderWithShell(<AgentRevenueReportPage />);
    await screen.findByRole('region', { name: 'Settlements' });
    expect(rowsOf('Settlements')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Paid to subagent2')).toBeVisible();
    expect(rowsOf('Settlements')).toHaveLength(5);
    expect(sent.at(-1)!.get('cursor')).toBe('c1');
    expect(tile('Earned')).toHaveTextContent('₩68,000');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when no period was settled in the days, my cashback still shown', async () => {
    answer(() => income({ totals: totals(), byKind: [], lines: [], rebateMinor: 0 }));
    renderWithShell(<AgentRevenueReportPage />);
    expect(await screen.findByText('No income for Oct 30, 2026 – Nov 28, 2026')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Cashback on your own play')).not.toBeInTheDocument();

    cleanup();
    answer(() => income({ totals: totals(), byKind: [], lines: [], rebateMinor: 700 }));
    renderWithShell(<AgentRevenueReportPage />);
    expect(await screen.findByText('No income for Oct 30, 2026 – Nov 28, 2026')).toBeVisible();
    expect(screen.getByText('Cashback on your own play').closest('p')).toHaveTextContent('₩700');
  });

  it('reads another period picked, in Korean too', async () => {
    const sent = answer(() => income());
    const user = userEvent.setup();
    await i18n.changeLanguage('ko');
    renderWithShell(<AgentRevenueReportPage />);
    expect(await screen.findByRole('heading', { name: '내 수익', level: 2 })).toBeVisible();
    expect(await screen.findByRole('region', { name: '정산 내역' })).toBeVisible();
    expect(screen.getByText('순수익', { selector: 'dt' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: '지난 7일' }));
    await waitFor(() => expect(sent.at(-1)!.get('from')).toBe('2026-11-22'));
    expect(sent.at(-1)!.get('to')).toBe('2026-11-28');
  });

  it("shows the server's refusal in the member's language, with a retry", async () => {
    answer(() => 'fail');
    renderWithShell(<AgentRevenueReportPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Non-agents cannot log in');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
