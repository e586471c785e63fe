import {
  AGENT_CALLS,
  AgentAnnouncementPageResponseSchema,
  ReadAgentAnnouncementResponseSchema,
  type AgentAnnouncement,
} from '@parlay/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import AgentAnnouncementPage from './index';

const notice = (id: number, fields: Partial<AgentAnnouncement> = {}): AgentAnnouncement => ({
  id,
  title: `Notice ${id}`,
  content: `<p>Body ${id}</p>`,
  timestamp: '2026-11-20T03:04:05.000Z',
  read: false,
  ...fields,
});

/** The agent's announcements as a little server: 9 a page, and a read marks the notice read. */
function answerNotices(all: AgentAnnouncement[]) {
  const notices = all.map((item) => ({ ...item }));
  const reads: number[] = [];
  const unread = () => notices.filter((item) => !item.read).length;
  return {
    reads,
    handlers: [
      http.get(AGENT_CALLS.agentAnnouncements.path, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
        const items = notices.slice((page - 1) * 9, page * 9);
        return ok(AgentAnnouncementPageResponseSchema, { items, total: notices.length, unread: unread(), pageSize: 9 });
      }),
      http.post(AGENT_CALLS.readAgentAnnouncement.path, async ({ request }) => {
        const { id } = (await request.json()) as { id: number };
        reads.push(id);
        notices.find((item) => item.id === id)!.read = true;
        return ok(ReadAgentAnnouncementResponseSchema, { unread: unread() });
      }),
    ],
  };
}

describe('AgentAnnouncementPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 1, account: 'agent01' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('lists the notices with their time, marks the unread, opens one as clean HTML and marks it read', async () => {
    const api = answerNotices([
      notice(1, { content: '<p>Rates <strong>rise</strong></p><img src="x" onerror="alert(1)">' }),
      notice(2, { read: true }),
    ]);
    server.use(...api.handlers);
    const user = userEvent.setup();
    const { container } = renderWithShell(<AgentAnnouncementPage />);

    const rows = await screen.findAllByTestId('agent-announcement');
    expect(rows.map((row) => row.hasAttribute('data-unread'))).toEqual([true, false]);
    expect(screen.getByText('Notices for agents: 1 unread.')).toBeVisible();
    // yyyy-MM-dd hh:mm:ss in the brand's time zone (Asia/Seoul in the test shell).
    expect(within(rows[0]!).getByText('2026-11-20 12:04:05')).toBeVisible();

    await user.click(screen.getByRole('button', { name: /^Unread:\s*Notice 1/ }));
    expect(await screen.findByText('rise')).toBeVisible();
    expect(container.querySelector('[onerror]')).toBeNull();
    await waitFor(() =>
      expect(screen.getByText('Notices for agents: commission changes, events and rules.')).toBeVisible(),
    );
    expect(api.reads).toEqual([1]);
    expect(screen.getAllByTestId('agent-announcement')[0]).not.toHaveAttribute('data-unread');

    // A read notice opened again is not sent again.
    await user.click(screen.getByRole('button', { name: /^Notice 2/ }));
    expect(await screen.findByText('Body 2')).toBeVisible();
    expect(api.reads).toEqual([1]);
  });

  it('pages by 9', async () => {
    server.use(...answerNotices(Array.from({ length: 11 }, (_, i) => notice(i + 1, { read: true }))).handlers);
    const user = userEvent.setup();
    renderWithShell(<AgentAnnouncementPage />);
    expect(await screen.findAllByTestId('agent-announcement')).toHaveLength(9);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('agent-announcement')).toHaveLength(2));
    expect(screen.getByText('Notice 10')).toBeVisible();
  });

  it('says so when the operator has written none', async () => {
    server.use(...answerNotices([]).handlers);
    renderWithShell(<AgentAnnouncementPage />);
    expect(await screen.findByText('No announcements for agents yet.')).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
