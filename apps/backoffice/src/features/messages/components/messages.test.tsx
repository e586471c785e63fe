import {
  BACKOFFICE_CALLS,
  FeedbackItemResponseSchema,
  FeedbackPageResponseSchema,
  SentMessagePageResponseSchema,
  SentMessageResponseSchema,
  type FeedbackItem,
  type SentMessage,
} from '@parlay/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, fail, ok } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const sentMessage = (overrides: Partial<SentMessage> = {}): SentMessage => ({
  id: '1',
  at: '2026-11-27T09:00:00.000Z',
  audience: { kind: 'member', memberId: 42, account: 'demo' },
  title: 'Hello',
  body: 'Hi there',
  author: 'demo-support',
  recipients: 1,
  readBy: 0,
  ...overrides,
});

const feedbackItem = (overrides: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id: '5',
  at: '2026-11-27T08:00:00.000Z',
  content: 'The lobby is slow on my phone in the evening.',
  from: { kind: 'member', memberId: 42, account: 'demo' },
  language: 'EN',
  answer: null,
  answeredAt: null,
  answeredBy: null,
  delivery: null,
  ...overrides,
});

describe('MessagesConsole', () => {
  it('writes to one member at once, and to everyone only after a confirmation', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      answer('session', buildSession({ roles: ['support'] })),
      http.get(BACKOFFICE_CALLS.sentMessages.path, () =>
        ok(SentMessagePageResponseSchema, { items: [sentMessage({ readBy: 1 })], nextCursor: null }),
      ),
      http.post(BACKOFFICE_CALLS.sendMessage.path, async ({ request }) => {
        const body = (await request.json()) as { audience: { kind: string } };
        bodies.push(body);
        return ok(SentMessageResponseSchema, sentMessage({ recipients: body.audience.kind === 'all' ? 3 : 1 }));
      }),
    );
    renderApp('/brands/parlay/messages');
    const table = await screen.findByRole('table', { name: 'Sent messages' });
    expect(within(table).getByText('Member demo')).toBeVisible();
    expect(within(table).getByText('1 of 1')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText("Enter the member's account.")).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /Member account/ }), 'demo');
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'About your withdrawal');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'It is on its way.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Sent to 1 member')).toBeVisible();
    // The form is empty again. (user-event keeps its own idea of a field's text across a form's reset: cleared here.)
    const title = screen.getByRole('textbox', { name: /Title/ });
    const body = screen.getByRole('textbox', { name: /^Message/ });
    expect(title).toHaveValue('');
    expect(body).toHaveValue('');

    await user.selectOptions(screen.getByRole('combobox', { name: 'To' }), 'all');
    await user.clear(title);
    await user.type(title, 'Maintenance');
    await user.clear(body);
    await user.type(body, 'Tonight 02:00.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to many members?' });
    expect(bodies).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Sent to 3 members')).toBeVisible();
    expect(bodies).toEqual([
      { audience: { kind: 'member', account: 'demo' }, title: 'About your withdrawal', body: 'It is on its way.' },
      { audience: { kind: 'all' }, title: 'Maintenance', body: 'Tonight 02:00.' },
    ]);
  });

  it('shows a read-only operator the list and no form', async () => {
    server.use(
      answer('session', buildSession({ roles: ['readOnly'] })),
      http.get(BACKOFFICE_CALLS.sentMessages.path, () =>
        ok(SentMessagePageResponseSchema, { items: [], nextCursor: null }),
      ),
    );
    renderApp('/brands/parlay/messages');
    expect(await screen.findByText('No message sent yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
  });
});

describe('FeedbackInbox', () => {
  it("answers a member's feedback into the mailbox, and says a visitor's answer reached nobody", async () => {
    const user = userEvent.setup();
    let items = [feedbackItem(), feedbackItem({ id: '4', from: { kind: 'visitor' }, content: 'Nice site.' })];
    const asked: string[] = [];
    server.use(
      answer('session', buildSession({ roles: ['support'] })),
      http.get(BACKOFFICE_CALLS.feedbackList.path, ({ request }) => {
        asked.push(new URL(request.url).search);
        return ok(FeedbackPageResponseSchema, { items, nextCursor: null });
      }),
      http.post(BACKOFFICE_CALLS.answerFeedback.path, async ({ params, request }) => {
        const { answer: text } = (await request.json()) as { answer: string };
        if (params['feedbackId'] === '4') return fail('BO_FEEDBACK_ALREADY_ANSWERED');
        const answered = feedbackItem({
          answer: text,
          answeredAt: '2026-11-27T10:00:00.000Z',
          answeredBy: 'demo-support',
          delivery: 'mailbox',
        });
        items = [answered, items[1]!];
        return ok(FeedbackItemResponseSchema, answered);
      }),
    );
    renderApp('/brands/parlay/feedback');
    const table = await screen.findByRole('table', { name: 'Feedback' });
    expect(within(table).getAllByText('Not answered')).toHaveLength(2);
    await user.click(within(table).getByRole('button', { name: 'Feedback 5: read and answer' }));
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'We added servers.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText("The answer is in the member's mailbox.")).toBeVisible();
    await waitFor(() => expect(within(table).getByText('Answered')).toBeVisible());

    await user.click(within(table).getByRole('button', { name: 'Feedback 4: read and answer' }));
    expect(screen.getByText('A visitor has no mailbox: the answer is recorded, but nobody receives it.')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Thanks.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('This feedback has already been answered.')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'open');
    await waitFor(() => expect(asked.at(-1)).toContain('status=open'));
  });
});
