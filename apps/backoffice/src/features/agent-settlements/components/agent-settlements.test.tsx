import type { SettlementLine, SettlementRun, SettlementRuns } from '@parlay/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/index';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { RUNS_PER_PAGE } from '../api/agent-settlements';
import { periodLabel } from './period';

const run = (id: number, fields: Partial<SettlementRun> = {}): SettlementRun => ({
  id,
  kind: 'daily_salary',
  rhythm: 'D',
  periodStart: '2026-11-26T15:00:00.000Z',
  periodEnd: '2026-11-27T15:00:00.000Z',
  settledAt: '2026-11-27T15:01:00.000Z',
  lines: 2,
  paidLines: 1,
  pendingLines: 1,
  paidMinor: 1_000,
  pendingMinor: 10_000,
  brandPaidMinor: 1_000,
  ...fields,
});
const DAILY = run(7);
const WEEKLY_DIVIDEND = run(6, {
  kind: 'dividend',
  rhythm: 'W',
  periodStart: '2026-11-15T15:00:00.000Z',
  periodEnd: '2026-11-22T15:00:00.000Z',
  lines: 3,
  paidLines: 3,
  pendingLines: 0,
  paidMinor: 54_000,
  pendingMinor: 0,
  brandPaidMinor: 40_000,
});
const runs = (
  items: SettlementRun[],
  pending = { lines: 1, minor: 10_000 },
  nextCursor: string | null = null,
): SettlementRuns => ({
  currency: 'KRW',
  currencyExponent: 0,
  timeZone: 'Asia/Seoul',
  runs: items,
  nextCursor,
  pendingLines: pending.lines,
  pendingMinor: pending.minor,
});

const line = (id: number, fields: Partial<SettlementLine> = {}): SettlementLine => ({
  id,
  contractId: 30 + id,
  kind: 'daily_salary',
  salaryType: 'loss',
  rhythm: 'D',
  periodStart: DAILY.periodStart,
  periodEnd: DAILY.periodEnd,
  agentAccount: 'topagent',
  payerAccount: null,
  direction: 'earned',
  activeMembers: 1,
  validBetMinor: 1_000_000,
  profitLossMinor: -10_000,
  rateBp: 1_000,
  baseMinor: 10_000,
  amountMinor: 1_000,
  carryMinor: 0,
  status: 'paid',
  settledAt: DAILY.settledAt,
  paidAt: '2026-11-27T15:01:02.000Z',
  ...fields,
});
const TOP_LINE = line(1);
const SUB_LINE = line(2, {
  salaryType: 'single_bet',
  agentAccount: 'subagent',
  payerAccount: 'topagent',
  rateBp: 100,
  baseMinor: 1_000_000,
  amountMinor: 10_000,
  status: 'pending',
  paidAt: null,
});

const signedIn = (roles: ('admin' | 'readOnly')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the agent settlements page', () => {
  it("pages on with the server's cursor, and back", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const full = Array.from({ length: RUNS_PER_PAGE }, (_, index) =>
      run(200 - index, { pendingLines: 0, pendingMinor: 0 }),
    );
    server.use(
      signedIn(['readOnly']),
      answer('agentSettlements', ({ url }) => {
        asked.push(url.search);
        return url.searchParams.get('cursor') === 'next-page' ? runs([DAILY]) : runs(full, undefined, 'next-page');
      }),
    );
    renderApp('/brands/parlay/agent-settlements');
    const table = await screen.findByRole('table', { name: 'Agent settlements' });
    // The header and a page of runs.
    expect(within(table).getAllByRole('row')).toHaveLength(RUNS_PER_PAGE + 1);
    expect(asked.at(-1)).toBe(`?limit=${RUNS_PER_PAGE}`);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByRole('row', { name: /#7\b/ })).toBeInTheDocument();
    expect(asked.at(-1)).toBe(`?limit=${RUNS_PER_PAGE}&cursor=next-page`);
    // The server said the second page is the last.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await within(table).findByRole('row', { name: /#200\b/ })).toBeInTheDocument();
  });

  it("lists the runs with the brand's pending total, and filters them by pending and kind", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      signedIn(['readOnly']),
      answer('agentSettlements', ({ url }) => {
        asked.push(url.search);
        if (url.searchParams.get('kind') === 'dividend') return runs([WEEKLY_DIVIDEND]);
        if (url.searchParams.get('pendingOnly') === 'true') return runs([DAILY]);
        return runs([DAILY, WEEKLY_DIVIDEND]);
      }),
    );
    renderApp('/brands/parlay/agent-settlements');
    const table = await screen.findByRole('table', { name: 'Agent settlements' });
    expect(screen.getByTestId('pending-total')).toHaveTextContent('Pending: 1 line, ₩10,000');
    const row = within(table).getByRole('row', { name: /#7\b/ });
    expect(row).toHaveTextContent('Daily salary');
    expect(row).toHaveTextContent(periodLabel(DAILY, 'Asia/Seoul'));
    expect(row).toHaveTextContent('2 lines');
    expect(row).toHaveTextContent('1 paid · 1 pending');
    expect(row).toHaveTextContent('₩10,000');
    const dividend = within(table).getByRole('row', { name: /#6\b/ });
    expect(dividend).toHaveTextContent('Weekly');
    expect(dividend).toHaveTextContent(/16 Nov 2026 – 22 Nov 2026/);
    expect(dividend).toHaveTextContent('₩40,000');
    // Read-only: the lines open, nothing is paid from here.
    expect(screen.getByRole('button', { name: 'Lines of run #7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay the pending lines/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'With pending lines' }));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /#6\b/ })).toBeNull());
    expect(asked.at(-1)).toBe(`?limit=${RUNS_PER_PAGE}&pendingOnly=true`);
    await user.selectOptions(screen.getByLabelText('Contract'), 'dividend');
    expect(await within(table).findByRole('row', { name: /#6\b/ })).toBeInTheDocument();
    expect(asked.at(-1)).toBe(`?limit=${RUNS_PER_PAGE}&kind=dividend&pendingOnly=true`);

    await act(() => changeLanguage('KO'));
    expect(await screen.findByRole('table', { name: '에이전트 정산' })).toHaveTextContent('배당');
    await act(() => changeLanguage('EN'));
  });

  it('says so when nothing is settled yet, and nothing is pending', async () => {
    server.use(signedIn(['readOnly']), answer('agentSettlements', runs([], { lines: 0, minor: 0 })));
    renderApp('/brands/parlay/agent-settlements');
    expect(await screen.findByText('No settlements yet')).toBeInTheDocument();
    expect(screen.getByTestId('pending-total')).toHaveTextContent('Nothing pending');
  });

  it("opens a run's lines, pays its pending lines after a confirmation, and shows the result", async () => {
    const user = userEvent.setup();
    let paid = false;
    const paidRun = run(7, { paidLines: 2, pendingLines: 0, paidMinor: 11_000, pendingMinor: 0 });
    server.use(
      signedIn(['admin']),
      answer('agentSettlements', () => (paid ? runs([paidRun], { lines: 0, minor: 0 }) : runs([DAILY]))),
      answer('agentSettlementLines', () =>
        paid
          ? { run: paidRun, lines: [TOP_LINE, { ...SUB_LINE, status: 'paid', paidAt: '2026-11-28T01:00:00.000Z' }] }
          : { run: DAILY, lines: [TOP_LINE, SUB_LINE] },
      ),
      answer('payAgentSettlement', () => {
        paid = true;
        return { paid: 1, stillPending: 0 };
      }),
    );
    renderApp('/brands/parlay/agent-settlements');
    await user.click(await screen.findByRole('button', { name: 'Lines of run #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Daily salary · run #7' });
    const lines = await within(dialog).findByRole('table');
    const top = within(lines).getByRole('row', { name: /^topagent/ });
    expect(top).toHaveTextContent('10%');
    expect(top).toHaveTextContent('Paid');
    const sub = within(lines).getByRole('row', { name: /^subagent/ });
    expect(sub).toHaveTextContent('Contract #32 · On valid bets');
    expect(sub).toHaveTextContent('1 active member');
    expect(sub).toHaveTextContent("Players' result -₩10,000");
    expect(sub).toHaveTextContent('1%');
    expect(sub).toHaveTextContent('₩1,000,000');
    expect(sub).toHaveTextContent('Pending');

    await user.click(within(dialog).getByRole('button', { name: 'Pay pending now' }));
    const confirm = await screen.findByRole('dialog', { name: "Pay run #7's pending lines now?" });
    expect(confirm).toHaveTextContent('1 line (₩10,000) is tried again now.');
    expect(paid).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Pay pending now' }));
    expect(await screen.findByText('1 line paid; 0 still pending.')).toBeInTheDocument();
    expect(paid).toBe(true);
    expect(await within(lines).findByRole('row', { name: /^subagent/ })).toHaveTextContent('Paid');
    expect(within(dialog).queryByRole('button', { name: 'Pay pending now' })).toBeNull();
    expect(await screen.findByTestId('pending-total')).toHaveTextContent('Nothing pending');
  });

  it('says so when the payer is still short: nothing paid, the line still pending', async () => {
    const user = userEvent.setup();
    server.use(
      signedIn(['admin']),
      answer('agentSettlements', runs([DAILY])),
      answer('payAgentSettlement', { paid: 0, stillPending: 1 }),
    );
    renderApp('/brands/parlay/agent-settlements');
    await user.click(await screen.findByRole('button', { name: 'Pay the pending lines of run #7 now' }));
    const confirm = await screen.findByRole('dialog', { name: "Pay run #7's pending lines now?" });
    await user.click(within(confirm).getByRole('button', { name: 'Pay pending now' }));
    expect(await screen.findByText('No line paid: 1 still pending, its payer still short.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the confirmation open with the server's refusal, in the operator's language", async () => {
    const user = userEvent.setup();
    server.use(
      signedIn(['admin']),
      answer('agentSettlements', runs([DAILY])),
      answer('payAgentSettlement', () => fail('AGENT_SETTLEMENT_NOT_FOUND')),
    );
    renderApp('/brands/parlay/agent-settlements');
    await user.click(await screen.findByRole('button', { name: 'Pay the pending lines of run #7 now' }));
    const confirm = await screen.findByRole('dialog', { name: "Pay run #7's pending lines now?" });
    await user.click(within(confirm).getByRole('button', { name: 'Pay pending now' }));
    expect(await screen.findByText('Settlement not found.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: "Pay run #7's pending lines now?" })).toBeInTheDocument();
  });
});
