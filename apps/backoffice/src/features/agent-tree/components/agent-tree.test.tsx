import type { BoTreeNode, BoTreePage } from '@parlay/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/index';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const node = (id: number, account: string, fields: Partial<BoTreeNode> = {}): BoTreeNode => ({
  id,
  account,
  nickname: null,
  type: 0,
  status: 'active',
  uplineId: null,
  uplineAccount: null,
  level: 0,
  childCount: 0,
  downlineCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});
const AGENT = node(1, 'agent', { type: 1, childCount: 2, downlineCount: 3 });
const SUB = node(2, 'subagent', {
  type: 2,
  uplineId: 1,
  uplineAccount: 'agent',
  level: 1,
  childCount: 1,
  downlineCount: 1,
});
const LEAF = node(3, 'demoplayer05', { uplineId: 2, uplineAccount: 'subagent', level: 2 });
const OTHER = node(4, 'agent2', { type: 41 });
const page = (items: BoTreeNode[]): BoTreePage => ({ items, nextCursor: null });

const signedIn = (roles: ('admin' | 'readOnly')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the downline tree page', () => {
  it('lists members with their upline and level, searches, and opens the children of a node and of its child', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      signedIn(['readOnly']),
      answer('agentTree', ({ url }) => {
        asked.push(url.search);
        return url.searchParams.get('account') === 'sub' ? page([SUB]) : page([AGENT, OTHER, SUB]);
      }),
      answer('agentTreeChildren', ({ params }) => (params.memberId === '1' ? page([SUB]) : page([LEAF]))),
    );
    renderApp('/brands/parlay/agent-tree');
    const table = await screen.findByRole('table', { name: 'Downline tree' });
    const sub = within(table).getByRole('row', { name: /subagent/ });
    expect(sub).toHaveTextContent('Agent');
    expect(within(sub).getByTestId('tree-counts')).toHaveTextContent('1 direct1 in all');
    expect(within(table).getByRole('row', { name: /agent2/ })).toHaveTextContent('Top (no upline)');
    // Read-only: no move.
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();

    await user.click(within(table).getAllByRole('button', { name: 'Members under agent' })[0]!);
    const children = await screen.findByRole('list', { name: 'Members under it' });
    expect(children).toHaveTextContent('subagent');
    await user.click(within(children).getByRole('button', { name: 'Members under subagent' }));
    expect(await within(children).findByText('demoplayer05')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Account starts with'), 'sub');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await within(table).findAllByRole('row')).toHaveLength(2);
    expect(asked.at(-1)).toBe('?limit=50&account=sub');

    await act(() => changeLanguage('KO'));
    expect(await screen.findByRole('table', { name: '하위 조직도' })).toBeInTheDocument();
    await act(() => changeLanguage('EN'));
  });

  it("moves a member under another agent found by its account, and shows the server's refusal of a cycle", async () => {
    const user = userEvent.setup();
    const moves: unknown[] = [];
    server.use(
      signedIn(['admin']),
      answer('agentTree', ({ url }) => {
        const account = url.searchParams.get('account');
        if (account === 'demoplayer05') return page([]);
        if (account) return page([AGENT, OTHER].filter((item) => item.account.startsWith(account.toLowerCase())));
        return page([AGENT, OTHER, SUB]);
      }),
      answer('moveAgentTreeMember', async ({ request }) => {
        const body = (await request.json()) as { uplineId: number | null };
        moves.push(body);
        if (body.uplineId === 2) return fail('AGENT_UPLINE_CYCLE');
        return { ...SUB, uplineId: 4, uplineAccount: 'agent2' };
      }),
    );
    renderApp('/brands/parlay/agent-tree');
    const table = await screen.findByRole('table', { name: 'Downline tree' });
    await user.click(within(table).getByRole('button', { name: 'Move subagent under another upline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move subagent under another upline' });
    expect(dialog).toHaveTextContent('Now under agent. Its downline (1 member) moves with it.');

    await user.type(within(dialog).getByLabelText(/New upline/), 'demoplayer05');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('No agent of this brand has the account demoplayer05.')).toBeInTheDocument();
    expect(moves).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/New upline/));
    await user.type(within(dialog).getByLabelText(/New upline/), 'AGENT2');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('subagent is now under agent2.')).toBeInTheDocument();
    expect(moves).toEqual([{ uplineId: 4 }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open with the refusal when the server refuses the move', async () => {
    const user = userEvent.setup();
    server.use(
      signedIn(['admin']),
      answer('agentTree', ({ url }) => (url.searchParams.get('account') ? page([SUB]) : page([AGENT, SUB]))),
      answer('moveAgentTreeMember', () => fail('AGENT_UPLINE_CYCLE')),
    );
    renderApp('/brands/parlay/agent-tree');
    const table = await screen.findByRole('table', { name: 'Downline tree' });
    await user.click(within(table).getByRole('button', { name: 'Move agent under another upline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move agent under another upline' });
    await user.type(within(dialog).getByLabelText(/New upline/), 'subagent');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(
      await within(dialog).findByText('A member cannot be moved under itself or its own downline.'),
    ).toBeInTheDocument();
  });
});
