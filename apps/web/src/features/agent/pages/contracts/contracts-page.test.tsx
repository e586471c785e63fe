import {
  AGENT_CALLS,
  AgentIncomeResponseSchema,
  ContractActionResponseSchema,
  KindContractsResponseSchema,
  TeamPageResponseSchema,
  type AgentIncome,
  type Contract,
  type ContractActionRequest,
  type DownlineMember,
  type KindContracts,
} from '@parlay/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import { ContractsPage } from './contracts-page';
import { parseRate } from './components/offer-dialog';

const contract = (id: number, fields: Partial<Contract> = {}): Contract => ({
  id,
  kind: 'realtime_salary',
  salaryType: 'single_bet',
  period: null,
  tiers: [
    { rateBp: 20, minActiveMembers: 0, minValidBetMinor: 0 },
    { rateBp: 40, minActiveMembers: 2, minValidBetMinor: 50_000 },
  ],
  topRateBp: 40,
  uplineAccount: null,
  downlineAccount: 'agent',
  status: 'active',
  terminationRequestedBy: null,
  endReason: null,
  createdAt: '2026-10-19T03:00:00.000Z',
  activatedAt: '2026-10-19T03:00:00.000Z',
  endedAt: null,
  version: 1,
  ...fields,
});

const member = (id: number, account: string, type: number): DownlineMember => ({
  id,
  account,
  nickname: null,
  level: 1,
  type,
  uplineId: 1,
  uplineAccount: 'agent',
  balanceMinor: 0,
  lastLoginAt: null,
  status: 'active',
  createdAt: '2026-10-01T00:00:00.000Z',
  childCount: 0,
});

/**
 * The kind's contracts as a little server: each POST is kept, and answered by `answer` (a refusal, or the contract
 * changed as the action would); a read after it answers what `state` holds then.
 */
function answerContracts(
  state: KindContracts,
  answer: (body: ContractActionRequest, attempt: number) => Response | KindContracts,
) {
  const posts: ContractActionRequest[] = [];
  let current = state;
  server.use(
    // The kind's settlement records below the contracts: none unless a test answers some (answerRecords).
    http.get(AGENT_CALLS.agentIncome.path, ({ request }) => ok(AgentIncomeResponseSchema, records(request))),
    http.get(AGENT_CALLS.kindContracts.path, ({ request }) => {
      expect(new URL(request.url).searchParams.get('kind')).toBe(state.kind);
      return ok(KindContractsResponseSchema, current);
    }),
    http.post(AGENT_CALLS.processContract.path, async ({ request }) => {
      const body = (await request.json()) as ContractActionRequest;
      posts.push(body);
      const result = answer(body, posts.length);
      if (result instanceof Response) return result;
      current = result;
      const changed = [...result.fromUpline, ...result.toDownline].find((row) => row.id === body.contractId);
      return ok(ContractActionResponseSchema, {
        contract: changed ?? result.toDownline.at(-1)!,
        endedDownline: body.confirmDownlineTermination ? [{ contractId: 9, account: 'subagent2' }] : [],
      });
    }),
    http.get(AGENT_CALLS.teamMembers.path, ({ request }) => {
      expect(new URL(request.url).searchParams.get('direct')).toBe('true');
      return ok(TeamPageResponseSchema, {
        items: [member(2, 'subagent', 1), member(3, 'demoplayer09', 0)],
        nextCursor: null,
        currency: 'KRW',
        currencyExponent: 0,
      });
    }),
  );
  return posts;
}

/** The kind's settlement records as the server answers `query`: a page of lines of the kind asked. */
function records(request: Request, fields: Partial<AgentIncome> = {}): AgentIncome {
  const query = new URL(request.url).searchParams;
  return {
    currency: 'KRW',
    currencyExponent: 0,
    timeZone: 'Asia/Seoul',
    from: query.get('from')!,
    to: query.get('to')!,
    totals: { earnedMinor: 0, paidOutMinor: 0, netMinor: 0, pendingInMinor: 0, pendingOutMinor: 0 },
    byKind: [],
    rebateMinor: 0,
    lines: [],
    nextCursor: null,
    ...fields,
  };
}

/** A real-time salary line of the agent's own contract, 5 minutes of 2026-11-27 (21:30 in Seoul). */
const record = (id: number, fields: Partial<AgentIncome['lines'][number]> = {}): AgentIncome['lines'][number] => ({
  id,
  contractId: 1,
  kind: 'realtime_salary',
  salaryType: 'single_bet',
  rhythm: '5m',
  periodStart: '2026-11-27T12:30:00.000Z',
  periodEnd: '2026-11-27T12:35:00.000Z',
  agentAccount: 'agent',
  payerAccount: null,
  direction: 'earned',
  activeMembers: 3,
  validBetMinor: 250_000,
  profitLossMinor: -40_000,
  rateBp: 40,
  baseMinor: 250_000,
  amountMinor: 1_000,
  carryMinor: 0,
  status: 'paid',
  settledAt: '2026-11-27T12:35:10.000Z',
  paidAt: '2026-11-27T12:35:10.000Z',
  ...fields,
});

const base: KindContracts = {
  kind: 'realtime_salary',
  reqtype: 'none',
  fromUpline: [contract(1)],
  toDownline: [],
  history: [],
};

describe(ContractsPage.name, () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 1, account: 'agent' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => cleanup());

  it('offers a direct downline agent a contract on my terms, its rates capped at my top rate', async () => {
    const posts = answerContracts(base, (body) => ({
      ...base,
      toDownline: [contract(5, { uplineAccount: 'agent', downlineAccount: body.downlineAccount!, status: 'offered' })],
    }));
    const user = userEvent.setup();
    renderWithShell(<ContractsPage kind="realtime_salary" />);

    const mine = await screen.findByRole('article', { name: 'From the site' });
    expect(within(mine).getByText('Valid bets')).toBeVisible();
    expect(within(mine).getByRole('table')).toHaveTextContent('0.4%');
    // The brand's contract changes through the operator: no termination asked here.
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Offer a contract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a real-time salary contract' });
    const picker = within(dialog).getByRole('combobox', { name: 'Direct downline agent' });
    // Direct downline agents only: the player is not offered.
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose an agent', 'subagent']),
    );
    const top = within(dialog).getByRole('group', { name: 'Tier 2' });
    expect(within(top).getByRole('textbox', { name: 'Rate (%)' })).toHaveValue('0.4');

    await user.selectOptions(picker, 'subagent');
    await user.clear(within(top).getByRole('textbox', { name: 'Rate (%)' }));
    await user.type(within(top).getByRole('textbox', { name: 'Rate (%)' }), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Tier 2: the rate cannot exceed your own top rate (0.4%).',
    );
    expect(posts).toEqual([]);

    await user.clear(within(top).getByRole('textbox', { name: 'Rate (%)' }));
    await user.type(within(top).getByRole('textbox', { name: 'Rate (%)' }), '0.35');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Contract offered to subagent.');
    expect(posts).toEqual([
      {
        action: 'offer',
        downlineAccount: 'subagent',
        terms: {
          kind: 'realtime_salary',
          salaryType: 'single_bet',
          period: null,
          tiers: [
            { rateBp: 20, minActiveMembers: 0, minValidBetMinor: 0 },
            { rateBp: 35, minActiveMembers: 2, minValidBetMinor: 50_000 },
          ],
        },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const given = await screen.findByRole('article', { name: 'To subagent' });
    expect(within(given).getByText('Offered')).toBeVisible();
    expect(within(given).getByRole('button', { name: 'Cancel the offer To subagent' })).toBeVisible();
  });

  it('accepts an offer whose rate ends downline contracts once the agent confirmed them', async () => {
    const offered = contract(7, { uplineAccount: 'agent', downlineAccount: 'subagent', status: 'offered', version: 3 });
    const state: KindContracts = { ...base, reqtype: 'new', fromUpline: [offered] };
    const posts = answerContracts(state, (body) =>
      body.confirmDownlineTermination
        ? { ...state, reqtype: 'none', fromUpline: [{ ...offered, status: 'active', version: 4 }] }
        : fail('CONTRACT_CONFIRM_DOWNLINE_TERMINATION', { accounts: ['subagent2'], contractIds: [9] }),
    );
    const user = userEvent.setup();
    renderWithShell(<ContractsPage kind="realtime_salary" />);

    const card = await screen.findByRole('article', { name: 'From agent' });
    expect(within(card).getByText('This offer waits for your answer.')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Accept the contract From agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'End downline contracts?' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Contracts that end' })).getByText('subagent2'),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Accept and end them' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Contract accepted. These downline contracts ended: subagent2.',
    );
    expect(posts).toEqual([
      { action: 'accept', contractId: 7, version: 3 },
      { action: 'accept', contractId: 7, version: 3, confirmDownlineTermination: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await screen.findByRole('article', { name: 'From agent' })).findByText('Active')).toBeVisible();
  });

  it('shows a refusal in words, and reads the contracts again', async () => {
    const given = contract(8, {
      uplineAccount: 'agent',
      downlineAccount: 'subagent',
      terminationRequestedBy: 'downline',
    });
    const state: KindContracts = {
      ...base,
      reqtype: 'terminate',
      toDownline: [given],
      history: [
        contract(6, {
          uplineAccount: 'agent',
          downlineAccount: 'subagent',
          status: 'terminated',
          endReason: 'replaced',
          endedAt: '2026-11-18T03:00:00.000Z',
        }),
      ],
    };
    let reads = 0;
    const posts = answerContracts(state, () => fail('CONTRACT_CHANGED'));
    server.use(
      http.get(AGENT_CALLS.kindContracts.path, () => {
        reads += 1;
        return ok(KindContractsResponseSchema, state);
      }),
    );
    const user = userEvent.setup();
    renderWithShell(<ContractsPage kind="realtime_salary" />);

    const card = await screen.findByRole('article', { name: 'To subagent' });
    expect(within(card).getByText('The other side asks to end this contract: confirm to end it.')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'History' })).getByRole('row', { name: /agent → subagent/ }),
    ).toHaveTextContent('Replaced by a new contract');
    await user.click(within(card).getByRole('button', { name: 'Confirm termination of the contract To subagent' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The contract has changed. Please check it again.');
    expect(posts).toEqual([{ action: 'confirmTermination', contractId: 8, version: 1 }]);
    await waitFor(() => expect(reads).toBe(2));
  });

  it("lists the kind's settlement records below the contracts, newest first, more by the cursor", async () => {
    answerContracts(base, () => fail('CONTRACT_CHANGED'));
    const sent: URLSearchParams[] = [];
    server.use(
      http.get(AGENT_CALLS.agentIncome.path, ({ request }) => {
        const query = new URL(request.url).searchParams;
        sent.push(query);
        return ok(
          AgentIncomeResponseSchema,
          query.get('cursor') === 'c1'
            ? records(request, {
                lines: [
                  record(1, { status: 'none', rateBp: 0, baseMinor: -5_000, carryMinor: -5_000, amountMinor: 0 }),
                ],
              })
            : records(request, {
                lines: [
                  record(3),
                  record(2, { direction: 'paid_out', agentAccount: 'subagent', payerAccount: 'agent' }),
                ],
                nextCursor: 'c1',
              }),
        );
      }),
    );
    const user = userEvent.setup();
    renderWithShell(<ContractsPage kind="realtime_salary" />);

    const region = await screen.findByRole('region', { name: 'Settlement records' });
    expect(sent[0]!.get('kind')).toBe('realtime_salary');
    expect(sent[0]!.has('cursor')).toBe(false);
    const rows = () => within(region).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(2);
    // The kind is the page's: under each period its rhythm and measure, not its kind.
    expect(within(region).getByRole('columnheader', { name: 'Period' })).toBeVisible();
    expect(within(rows()[0]!).getByRole('rowheader')).toHaveTextContent(/9:30\s–\s9:35\sPM5 minutes · Valid bets$/);
    expect(rows()[0]!.querySelector('[data-label="Rate"]')).toHaveTextContent('0.4%on ₩250,000');
    expect(rows()[0]!.querySelector('[data-label="Amount"]')).toHaveTextContent('+₩1,000');
    expect(rows()[1]!.querySelector('[data-label="Direction"]')).toHaveTextContent('Paid to subagent');
    expect(rows()[1]!.querySelector('[data-label="Amount"]')).toHaveTextContent('−₩1,000');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(sent.at(-1)!.get('cursor')).toBe('c1');
    expect(sent.at(-1)!.get('kind')).toBe('realtime_salary');
    expect(rows()[2]!.querySelector('[data-label="Status"]')).toHaveTextContent('None');
    // Nothing met and a negative base: carried whole to the next period.
    expect(rows()[2]!.querySelector('[data-label="Rate"]')).toHaveTextContent('—carried −₩5,000');
  });

  it('says so when no period of the kind was settled in the days', async () => {
    answerContracts(base, () => fail('CONTRACT_CHANGED'));
    renderWithShell(<ContractsPage kind="realtime_salary" />);
    expect(await screen.findByText(/^No settlements for /)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Settlement records' })).not.toBeInTheDocument();
  });

  it('reads a rate typed in percent as basis points', () => {
    expect([parseRate('40'), parseRate('0.45'), parseRate('0,5'), parseRate('100')]).toEqual([4000, 45, 50, 10_000]);
    expect([parseRate('0'), parseRate('100.01'), parseRate('1.234'), parseRate('x')]).toEqual([null, null, null, null]);
  });
});
