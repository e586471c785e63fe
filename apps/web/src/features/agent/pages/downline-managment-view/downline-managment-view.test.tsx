import { AGENT_CALLS, TeamPageResponseSchema, type DownlineMember, type TeamPage } from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { ok } from '../../../../test/api';
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
    const alice = within(tree).getByRole('button', { name: /alice/ });
    expect(alice).toHaveAttribute('aria-expanded', 'false');
    expect(alice).toHaveTextContent('3 members');
    // A member without members of its own has nothing to open.
    expect(within(tree).queryByRole('button', { name: /zed/ })).not.toBeInTheDocument();
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
});
