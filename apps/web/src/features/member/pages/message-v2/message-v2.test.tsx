import {
  ListAnnouncementsResponseSchema,
  FeedbackResponseSchema,
  MailboxChangeResponseSchema,
  MESSAGE_CALLS,
  MessagePageResponseSchema,
  ReadMessageResponseSchema,
  SYSTEM_CALLS,
  UnreadCountResponseSchema,
  WALLET_CALLS,
  type Message,
  type MessagePage,
} from '@parlay/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, ws } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok, silentRealtime } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import MessagesPage from './index';

const message = (overrides: Partial<Message>): Message => ({
  id: 'm1',
  kind: 'system',
  title: 'Deposit credited',
  body: 'Your deposit of 100,000 KRW has been credited.',
  createdAt: '2026-11-20T03:00:00.000Z',
  readAt: null,
  ...overrides,
});

/** The mailbox as the server holds it: reads, read-all and removals change it, and each call is recorded. */
function answerMailbox(initial: Message[], sent: string[] = []) {
  let items = [...initial];
  const unread = () => items.filter((item) => item.readAt === null).length;
  const page = (): MessagePage => ({ items, nextCursor: null, unreadCount: unread() });
  return [
    http.get(MESSAGE_CALLS.messages.path, () => ok(MessagePageResponseSchema, page())),
    http.get(MESSAGE_CALLS.unreadCount.path, () => ok(UnreadCountResponseSchema, { count: unread() })),
    http.post(MESSAGE_CALLS.readAllMessages.path, () => {
      sent.push('read-all');
      items = items.map((item) => ({ ...item, readAt: item.readAt ?? '2026-11-21T00:00:00.000Z' }));
      return ok(MailboxChangeResponseSchema, { count: 0 });
    }),
    http.post(MESSAGE_CALLS.readMessage.path, ({ params }) => {
      sent.push(`read ${String(params['id'])}`);
      items = items.map((item) => (item.id === params['id'] ? { ...item, readAt: '2026-11-21T00:00:00.000Z' } : item));
      const read = items.find((item) => item.id === params['id'])!;
      return ok(ReadMessageResponseSchema, { message: read, unreadCount: unread() });
    }),
    http.delete(MESSAGE_CALLS.deleteMessage.path, ({ params }) => {
      sent.push(`delete ${String(params['id'])}`);
      items = items.filter((item) => item.id !== params['id']);
      return ok(MailboxChangeResponseSchema, { count: unread() });
    }),
  ];
}

describe('MessagesPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it("says the mailbox's own unread count while the live count has not come, never 0 unread", async () => {
    let answerCount = () => {};
    const counted = new Promise<void>((resolve) => (answerCount = resolve));
    server.use(
      silentRealtime(),
      // The live count is slow to come; the mailbox's first page answers at once.
      http.get(MESSAGE_CALLS.unreadCount.path, async () => {
        await counted;
        return ok(UnreadCountResponseSchema, { count: 2 });
      }),
      ...answerMailbox([message({ id: 'm2' }), message({ id: 'm3' })]),
    );
    renderWithShell(<MessagesPage />);
    await screen.findByRole('list', { name: 'Mailbox' });
    expect(screen.getByText('2 unread messages')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeEnabled();
    answerCount();
  });

  it('lists the mailbox, opens a message (read once), marks all read and removes one after a confirmation', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    server.use(
      silentRealtime(),
      ...answerMailbox(
        [
          message({ id: 'm2', title: 'Deposit credited' }),
          message({ id: 'o1', kind: 'operator', title: 'Welcome', body: 'Line one\nLine two' }),
          message({ id: 'm1', title: 'Old one', readAt: '2026-11-19T00:00:00.000Z' }),
        ],
        sent,
      ),
    );
    renderWithShell(<MessagesPage />);
    const list = await screen.findByRole('list', { name: 'Mailbox' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      expect.stringContaining('Deposit credited'),
      expect.stringContaining('Welcome'),
      expect.stringContaining('Old one'),
    ]);
    expect(screen.getByText('2 unread messages')).toBeVisible();

    await user.click(within(list).getByRole('button', { name: /Welcome/ }));
    expect(await screen.findByText(/Line one/)).toBeVisible();
    await waitFor(() => expect(screen.getByText('1 unread message')).toBeVisible());
    await user.click(within(list).getByRole('button', { name: /Welcome/ }));
    await user.click(within(list).getByRole('button', { name: /Welcome/ }));
    expect(sent.filter((call) => call === 'read o1')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByText('0 unread messages')).toBeVisible());
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('“Welcome” will be removed from your mailbox.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Welcome/ })).toBeNull());
    expect(sent).toEqual(['read o1', 'read-all', 'delete o1']);
  });

  it('takes the unread count pushed on the member socket, and reloads the mailbox', async () => {
    const realtime = ws.link(`ws://${location.host}${WALLET_CALLS.balanceSocket.path}`);
    let mailbox = [message({ id: 'm1' })];
    const clients: { send: (data: string) => void }[] = [];
    server.use(
      http.get(MESSAGE_CALLS.messages.path, () =>
        ok(MessagePageResponseSchema, { items: mailbox, nextCursor: null, unreadCount: mailbox.length }),
      ),
      http.get(MESSAGE_CALLS.unreadCount.path, () => ok(UnreadCountResponseSchema, { count: mailbox.length })),
      realtime.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', () => clients.push(client));
      }),
    );
    renderWithShell(<MessagesPage />);
    expect(await screen.findByRole('button', { name: /Deposit credited/ })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Mailbox/ })).toHaveTextContent('1'));
    await waitFor(() => expect(clients).toHaveLength(1));

    // An operator writes to the member: the server pushes the new count on the socket the balance shares.
    mailbox = [message({ id: 'o9', kind: 'operator', title: 'Just arrived' }), ...mailbox];
    clients[0]!.send(JSON.stringify({ type: 'balance', sumBalance: 5, currency: 'KRW' }));
    clients[0]!.send(JSON.stringify({ type: 'unreadCount', count: 2 }));
    expect(await screen.findByRole('button', { name: /Just arrived/ })).toBeVisible();
    expect(screen.getByRole('tab', { name: /Mailbox/ })).toHaveTextContent('2');
  });

  it("sends a member's feedback without a proof of work, after checking its words", async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      silentRealtime(),
      ...answerMailbox([]),
      http.put(MESSAGE_CALLS.feedback.path, async ({ request }) => {
        bodies.push(await request.json());
        return ok(FeedbackResponseSchema, { id: '7' });
      }),
    );
    renderWithShell(<MessagesPage />);
    await user.click(await screen.findByRole('tab', { name: 'Feedback' }));
    const field = screen.getByLabelText(/Your feedback/);
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter content.');
    await user.type(field, 'too short to send');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please write at least 10 words.');
    expect(bodies).toEqual([]);

    await user.type(field, ' but now it has enough words to be sent');
    expect(screen.getByText('13 words of 500')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you, your feedback has been sent.');
    expect(bodies).toEqual([{ content: 'too short to send but now it has enough words to be sent' }]);
    expect(field).toHaveValue('');
  });

  it("shows the brand's notices 9 a page, and the server's refusal when the mailbox cannot load", async () => {
    const user = userEvent.setup();
    const notice = (id: number) => ({
      id,
      type: 'PL' as const,
      title: `Notice ${id}`,
      content: `<p>Text of <b>notice</b> ${id}</p>`,
      imageUrl: null,
      linkUrl: null,
      groupName: null,
      timestamp: `2026-11-${String(10 + id).padStart(2, '0')}T10:00:00.000Z`,
    });
    server.use(
      silentRealtime(),
      http.get(MESSAGE_CALLS.messages.path, () => fail('NEED_TRUE_ACCOUNT')),
      http.get(MESSAGE_CALLS.unreadCount.path, () => ok(UnreadCountResponseSchema, { count: 0 })),
      http.get(SYSTEM_CALLS.announcements.path, () =>
        ok(ListAnnouncementsResponseSchema, {
          banners: [],
          player: Array.from({ length: 11 }, (_, i) => notice(i + 1)),
          popup: [],
          promotion: [],
          other: [],
        }),
      ),
    );
    renderWithShell(<MessagesPage />);
    expect(await screen.findByText('Could not load this')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Platform information' }));
    const list = await screen.findByRole('list', { name: 'Platform information' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(9);
    expect(within(list).getAllByRole('button')[0]).toHaveTextContent('Notice 11');
    await user.click(within(list).getAllByRole('button')[0]!);
    expect(screen.getByText('Text of notice 11')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(within(screen.getByRole('list', { name: 'Platform information' })).getAllByRole('listitem')).toHaveLength(2);
  });
});
