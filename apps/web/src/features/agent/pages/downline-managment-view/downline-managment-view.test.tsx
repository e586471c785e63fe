import {
  AGENT_CALLS,
  DownlineTransferOverviewResponseSchema,
  DownlineTransferResponseSchema,
  TeamPageResponseSchema,
  TRANSFER_CALLS,
  type DownlineMember,
  type DownlineTransferOverview,
  type TeamPage,
  type TransferDownlineRequest,
} from '@parlay/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import DownlineManagementPage from './index';

let nextId = 100;

function member(account: string, fields: Partial<DownlineMember> = {}): DownlineMember {
  nextId += 1;
  return {
    id: nextId,
    account,
    nickname: null,
    level: 1,
    type: 0,
    uplineId: 7,
    uplineAccount: 'agent01',
    balanceMinor: 12_000,
    lastLoginAt: '2026-11-27T10:00:00.000Z',
    status: 'active',
    createdAt: '2026-11-01T03:00:00.000Z',
    childCount: 0,
    ...fields,
  };
}

const page = (items: DownlineMember[], nextCursor: string | null = null): TeamPage => ({
  items,
  nextCursor,
  currency: 'KRW',
  currencyExponent: 0,
});

const TRANSFER_OVERVIEW: DownlineTransferOverview = {
  scope: 'any',
  limits: { minMinor: 1_000, maxMinor: 20_000, dailyMaxMinor: 30_000 },
  sentTodayMinor: 5_000,
  balanceMinor: 50_000,
  currency: 'KRW',
};

/** The agent's transfer overview, counting the times it is read. */
function answerTransferOverview(fields: Partial<DownlineTransferOverview> = {}) {
  const read = { times: 0 };
  const handler = http.get(TRANSFER_CALLS.downlineOverview.path, () => {
    read.times += 1;
    return ok(DownlineTransferOverviewResponseSchema, { ...TRANSFER_OVERVIEW, ...fields });
  });
  return { handler, read };
}

const sentTransfer = (body: TransferDownlineRequest, account: string) => ({
  transferNo: '7001',
  amountMinor: body.amountMinor,
  currency: 'KRW',
  downlineAccount: account,
  balanceMinor: TRANSFER_OVERVIEW.balanceMinor - body.amountMinor,
  at: '2026-11-28T10:00:00.000Z',
  repeated: false,
});

describe('DownlineManagementPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 1, account: 'agent01' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('lists the team, searches by an account prefix and direct members, and loads more by the cursor', async () => {
    const sent: URLSearchParams[] = [];
    server.use(
      answerTransferOverview().handler,
      http.get(AGENT_CALLS.teamMembers.path, ({ request }) => {
        const query = new URL(request.url).searchParams;
        sent.push(query);
        if (query.get('account') === 'kim') return ok(TeamPageResponseSchema, page([member('kim01')]));
        if (query.get('cursor') === 'after-bob') {
          return ok(TeamPageResponseSchema, page([member('carol', { level: 3, lastLoginAt: null })]));
        }
        return ok(
          TeamPageResponseSchema,
          page(
            [
              member('alice', { type: 41, childCount: 2, nickname: 'Al' }),
              member('bob', { level: 2, status: 'locked', balanceMinor: 5_500 }),
            ],
            'after-bob',
          ),
        );
      }),
    );
    const user = userEvent.setup();
    renderWithShell(<DownlineManagementPage />);

    const table = await screen.findByRole('table');
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent('aliceAl');
    expect(within(rows()[0]!).getByText('Agent')).toBeVisible();
    expect(within(rows()[1]!).getByText('Member')).toBeVisible();
    expect(within(rows()[1]!).getByText('Locked')).toBeVisible();
    expect(within(rows()[1]!).getByText('₩5,500')).toBeVisible();
    expect(sent[0]!.has('account')).toBe(false);
    expect(sent[0]!.has('direct')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('carol')).toBeVisible();
    expect(rows()).toHaveLength(3);
    expect(within(rows()[2]!).getByText('Never')).toBeVisible();
    expect(sent.at(-1)!.get('cursor')).toBe('after-bob');
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Account' }), ' kim ');
    await user.click(screen.getByRole('checkbox', { name: 'Direct members only' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('kim01')).toBeVisible();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    expect(sent.at(-1)!.get('account')).toBe('kim');
    expect(sent.at(-1)!.get('direct')).toBe('true');
    expect(sent.at(-1)!.has('cursor')).toBe(false);
  });

  it('shows the direct members as a tree; a node with members opens on a click and loads them, a page at a time', async () => {
    const asked: (string | null)[] = [];
    server.use(
      answerTransferOverview().handler,
      // The list, the page's first tab.
      http.get(AGENT_CALLS.teamMembers.path, () => ok(TeamPageResponseSchema, page([]))),
      http.get(AGENT_CALLS.teamChildren.path, ({ request }) => {
        const query = new URL(request.url).searchParams;
        const parent = query.get('parentId');
        asked.push(parent === null ? null : `${parent}${query.get('cursor') ? `@${query.get('cursor')}` : ''}`);
        if (parent === null) {
          return ok(
            TeamPageResponseSchema,
            page([member('alice', { id: 11, type: 41, childCount: 3 }), member('zed', { id: 12 })]),
          );
        }
        if (parent === '11' && !query.get('cursor')) {
          return ok(TeamPageResponseSchema, page([member('amy', { level: 2 }), member('andy', { level: 2 })], 'andy'));
        }
        return ok(TeamPageResponseSchema, page([member('ann', { level: 2 })]));
      }),
    );
    const user = userEvent.setup();
    renderWithShell(<DownlineManagementPage />);
    await user.click(await screen.findByRole('tab', { name: 'Tree' }));

    const tree = await screen.findByRole('list', { name: 'Your direct members' });
    const alice = within(tree).getByRole('button', { name: /^alice/ });
    expect(alice).toHaveAttribute('aria-expanded', 'false');
    expect(alice).toHaveTextContent('3 members');
    // A member without members of its own has nothing to open.
    expect(within(tree).queryByRole('button', { name: /^zed/ })).not.toBeInTheDocument();
    expect(within(tree).getByText('zed')).toBeVisible();
    expect(asked).toEqual([null]);

    await user.click(alice);
    expect(alice).toHaveAttribute('aria-expanded', 'true');
    const branch = await screen.findByRole('list', { name: 'Members of alice' });
    expect(within(branch).getByText('amy')).toBeVisible();
    expect(within(branch).getByText('andy')).toBeVisible();
    expect(asked).toEqual([null, '11']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(branch).findByText('ann')).toBeVisible();
    expect(asked).toEqual([null, '11', '11@andy']);

    await user.click(alice);
    expect(screen.queryByRole('list', { name: 'Members of alice' })).not.toBeInTheDocument();
  });

  it('sends money from a row: my balance and the limits first, then the amount checked, one request, the balance after', async () => {
    const bodies: TransferDownlineRequest[] = [];
    let balance = 12_000;
    const overview = answerTransferOverview();
    server.use(
      overview.handler,
      http.get(AGENT_CALLS.teamMembers.path, () =>
        ok(
          TeamPageResponseSchema,
          page([member('alice', { id: 21, balanceMinor: balance }), member('bob', { id: 22, level: 3 })]),
        ),
      ),
      http.post(TRANSFER_CALLS.transferDownline.path, async ({ request }) => {
        const body = (await request.json()) as TransferDownlineRequest;
        bodies.push(body);
        await delay(30);
        balance += body.amountMinor;
        return ok(DownlineTransferResponseSchema, sentTransfer(body, 'alice'));
      }),
    );
    const user = userEvent.setup();
    renderWithShell(<DownlineManagementPage />);
    const table = await screen.findByRole('table');
    // The brand lets the agent send to its whole downline: bob, three levels down, has his Send too.
    expect(within(table).getByRole('button', { name: 'Send money to bob' })).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Send money to alice' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send money to alice' });
    expect(await within(dialog).findByText('Balance')).toBeVisible();
    expect(within(dialog).getByText('Balance').nextElementSibling).toHaveTextContent('₩50,000');
    expect(within(dialog).getByText('Left today').nextElementSibling).toHaveTextContent('₩25,000');
    expect(within(dialog).getByText('Sent today ₩5,000 of ₩30,000')).toBeVisible();
    expect(within(dialog).getByText('Per transfer').nextElementSibling).toHaveTextContent('₩1,000 – ₩20,000');

    const amount = within(dialog).getByLabelText('Amount (KRW)');
    await user.type(amount, '999');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('The least you can send is ₩1,000.')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '26000');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('The most you can send at once is ₩20,000.')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Enter your 6-digit payment password.')).toBeVisible();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText('Payment password'), '246810');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Send' }));
    const result = await within(dialog).findByRole('status');
    expect(result).toHaveTextContent('₩1,000 was sent to alice.');
    expect(result).toHaveTextContent('Your balance is now ₩49,000.');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ memberId: 21, amountMinor: 1_000, paymentPassword: '246810' });
    expect(bodies[0]!.requestId).toMatch(/^web-/);
    // The list reads its balances again.
    expect(await within(table).findByText('₩13,000')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal, tries again under the same request id, and makes a new one at the next opening", async () => {
    const bodies: TransferDownlineRequest[] = [];
    const overview = answerTransferOverview();
    server.use(
      overview.handler,
      http.get(AGENT_CALLS.teamMembers.path, () => ok(TeamPageResponseSchema, page([member('alice', { id: 31 })]))),
      http.post(TRANSFER_CALLS.transferDownline.path, async ({ request }) => {
        const body = (await request.json()) as TransferDownlineRequest;
        bodies.push(body);
        return bodies.length === 1
          ? fail('TRANSFER_DOWNLINE_DIRECT_ONLY')
          : ok(DownlineTransferResponseSchema, sentTransfer(body, 'alice'));
      }),
    );
    const user = userEvent.setup();
    renderWithShell(<DownlineManagementPage />);
    const table = await screen.findByRole('table');

    async function send(dialog: HTMLElement) {
      await user.type(await within(dialog).findByLabelText('Amount (KRW)'), '2000');
      await user.type(within(dialog).getByLabelText('Payment password'), '246810');
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    }

    await user.click(within(table).getByRole('button', { name: 'Send money to alice' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send money to alice' });
    await send(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can send only to your direct members.');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('₩2,000 was sent to alice.');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.requestId).toBe(bodies[0]!.requestId);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Each opening reads the overview again and sends under a request id of its own.
    const readBefore = overview.read.times;
    await user.click(within(table).getByRole('button', { name: 'Send money to alice' }));
    dialog = await screen.findByRole('dialog', { name: 'Send money to alice' });
    await waitFor(() => expect(overview.read.times).toBe(readBefore + 1));
    await send(dialog);
    expect(await within(dialog).findByRole('status')).toBeVisible();
    expect(bodies).toHaveLength(3);
    expect(bodies[2]!.requestId).not.toBe(bodies[0]!.requestId);
  });

  it('on a brand that allows direct members only, offers Send on the active direct members alone, in the list and the tree', async () => {
    server.use(
      answerTransferOverview({ scope: 'direct' }).handler,
      http.get(AGENT_CALLS.teamMembers.path, () =>
        ok(
          TeamPageResponseSchema,
          page([
            member('alice', { id: 41 }),
            member('bob', { id: 42, level: 2 }),
            // Locked: it cannot receive money (TRANSFER_DOWNLINE_UNAVAILABLE).
            member('carl', { id: 43, status: 'locked' }),
          ]),
        ),
      ),
      http.get(AGENT_CALLS.teamChildren.path, ({ request }) => {
        const parent = new URL(request.url).searchParams.get('parentId');
        return parent === null
          ? ok(TeamPageResponseSchema, page([member('alice', { id: 41, type: 41, childCount: 1 })]))
          : ok(TeamPageResponseSchema, page([member('bob', { id: 42, level: 2 })]));
      }),
    );
    const user = userEvent.setup();
    renderWithShell(<DownlineManagementPage />);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('button', { name: /^Send money to/ })).toHaveLength(1));
    expect(within(table).getByRole('button', { name: 'Send money to alice' })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Tree' }));
    const tree = await screen.findByRole('list', { name: 'Your direct members' });
    await user.click(within(tree).getByRole('button', { name: /^alice/ }));
    const branch = await screen.findByRole('list', { name: 'Members of alice' });
    expect(within(branch).getByText('bob')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send money to bob' })).not.toBeInTheDocument();

    await user.click(within(tree).getByRole('button', { name: 'Send money to alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send money to alice' });
    expect(await within(dialog).findByLabelText('Amount (KRW)')).toBeVisible();
  });
});
