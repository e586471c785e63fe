import {
  BACKOFFICE_CALLS,
  callWithParams,
  MESSAGE_CALLS,
  type AuditEntry,
  type FeedbackItem,
  type MessagePage,
  type Page,
  type SentMessage,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WALLET_CALLS } from '@parlay/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { signInTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { messagesBackofficeRoutes } from './messages.bo-routes';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

describe(messagesBackofficeRoutes.name, () => {
  let t: TestApp;
  let support: string;
  let content: string;
  let readOnly: string;
  let socketUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    await query(
      t.app.db,
      sql`INSERT INTO merchants (code, name, currency, time_zone, config, site, whitelabel)
          SELECT 'other', 'Other', currency, time_zone, config, site, whitelabel FROM merchants WHERE code = 'parlay'`,
    );
    support = await signInAs(t.app, 'demo-support');
    content = await signInAs(t.app, 'demo-content');
    readOnly = await signInAs(t.app, 'demo-readonly');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    socketUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${WALLET_CALLS.balanceSocket.path}`;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const call = (
    cookie: string,
    api: Api,
    params: Record<string, string | number> = {},
    payload?: unknown,
    search = '',
  ) =>
    callBackoffice(t.app, {
      method: api.method,
      url: `${callWithParams(api, { brand: 'parlay', ...params } as never).path}${search}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });
  const valueOf = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: T }).value;
  };
  const auditOf = async (action: string, targetId: string): Promise<AuditEntry[]> =>
    (
      await t.app.audit.search(
        { allBrands: true, merchantIds: [] },
        { limit: 50, action, targetType: action.split('.')[0]!, targetId },
      )
    ).items;
  const countRows = async (table: 'operator_messages' | 'audit_log') =>
    toNumber((await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM ${sql.raw(table)}`))[0]!.n);
  const mailboxOf = async (authorization: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: MESSAGE_CALLS.messages.path,
      headers: { host: 'localhost', authorization },
    });
    return valueOf<MessagePage>(response);
  };

  /** A member's socket, signed in, with the messages it is sent after the first balance and count. */
  async function openSocket(token: string) {
    const socket = new WebSocket(socketUrl);
    const received: unknown[] = [];
    const waiters: ((value: unknown) => void)[] = [];
    socket.on('message', (raw: Buffer) => {
      const message: unknown = JSON.parse(raw.toString('utf8'));
      const waiter = waiters.shift();
      if (waiter) waiter(message);
      else received.push(message);
    });
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', token }));
    const next = () =>
      received.length > 0 ? Promise.resolve(received.shift()) : new Promise((done) => waiters.push(done));
    await next(); // the balance
    return { socket, next };
  }

  describe('sending', () => {
    it("writes to one member by account: the message is in the member's mailbox, its badge pushed, audited", async () => {
      const { member, authorization, token } = await signInTestMember(t.app);
      const client = await openSocket(token);
      expect(await client.next()).toEqual({ type: 'unreadCount', count: 0 });

      const sent = valueOf<SentMessage>(
        await call(
          support,
          BACKOFFICE_CALLS.sendMessage,
          {},
          {
            audience: { kind: 'member', account: member.account.toUpperCase() },
            title: 'About your withdrawal',
            body: 'It is on its way.\nThank you.',
          },
        ),
      );
      expect(sent).toMatchObject({
        audience: { kind: 'member', memberId: member.id, account: member.account },
        author: 'demo-support',
        recipients: 1,
        readBy: 0,
      });
      expect(await client.next()).toEqual({ type: 'unreadCount', count: 1 });
      const page = await mailboxOf(authorization);
      expect(page.items[0]).toMatchObject({
        kind: 'operator',
        title: 'About your withdrawal',
        body: 'It is on its way.\nThank you.',
      });
      expect(await auditOf('message.send', sent.id)).toHaveLength(1);

      // The member reads it: the badge follows, and the list says one has read it.
      await t.app.inject({
        method: 'POST',
        url: MESSAGE_CALLS.readMessage.path.replace(':id', page.items[0]!.id),
        headers: { host: 'localhost', authorization },
      });
      expect(await client.next()).toEqual({ type: 'unreadCount', count: 0 });
      const list = valueOf<Page<SentMessage>>(await call(support, BACKOFFICE_CALLS.sentMessages));
      expect(list.items.find((item) => item.id === sent.id)?.readBy).toBe(1);
      client.socket.close();
    });

    it('stores a broadcast to everyone once, and every connected member of the brand hears the new count', async () => {
      const first = await signInTestMember(t.app);
      const second = await signInTestMember(t.app);
      const client = await openSocket(second.token);
      expect(await client.next()).toEqual({ type: 'unreadCount', count: expect.any(Number) as number });
      const rowsBefore = await countRows('operator_messages');
      const members = toNumber(
        (
          await query<{ n: unknown }>(
            t.app.db,
            sql`SELECT count(*) AS n FROM members m JOIN merchants b ON b.id = m.merchant_id
                 WHERE b.code = 'parlay' AND NOT m.is_free_play`,
          )
        )[0]!.n,
      );
      const sent = valueOf<SentMessage>(
        await call(
          support,
          BACKOFFICE_CALLS.sendMessage,
          {},
          {
            audience: { kind: 'all' },
            title: 'Maintenance tonight',
            body: 'From 02:00 to 03:00.',
          },
        ),
      );
      expect(sent.recipients).toBe(members);
      expect(await countRows('operator_messages')).toBe(rowsBefore + 1);
      const pushed = (await client.next()) as { type: string; count: number };
      expect(pushed.type).toBe('unreadCount');
      expect(pushed.count).toBeGreaterThanOrEqual(1);
      for (const { authorization } of [first, second]) {
        expect((await mailboxOf(authorization)).items.map((item) => item.title)).toContain('Maintenance tonight');
      }
      client.socket.close();
    });

    it('sends to a segment by rank level and registration day, and counts who it reaches', async () => {
      const vip = await signInTestMember(t.app);
      await query(t.app.db, sql`UPDATE members SET rank_level = 7 WHERE id = ${vip.member.id}`);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', dateStyle: 'short' }).format(new Date());
      const sent = valueOf<SentMessage>(
        await call(
          support,
          BACKOFFICE_CALLS.sendMessage,
          {},
          {
            audience: { kind: 'segment', minRankLevel: 7, registeredFrom: today, registeredTo: today },
            title: 'Welcome to VIP 7',
            body: 'Your host will call.',
          },
        ),
      );
      expect(sent.audience).toEqual({
        kind: 'segment',
        minRankLevel: 7,
        maxRankLevel: null,
        registeredFrom: today,
        registeredTo: today,
      });
      expect(sent.recipients).toBeGreaterThanOrEqual(1);
      expect((await mailboxOf(vip.authorization)).items[0]?.title).toBe('Welcome to VIP 7');
      const ordinary = await signInTestMember(t.app);
      expect((await mailboxOf(ordinary.authorization)).items.map((item) => item.title)).not.toContain(
        'Welcome to VIP 7',
      );
    });

    it('refuses an unknown account, an empty segment, and a role without messages.write, writing nothing', async () => {
      const rows = await countRows('operator_messages');
      const audits = await countRows('audit_log');
      const message = { title: 'Hello', body: 'Hi' };
      const unknown = await call(
        support,
        BACKOFFICE_CALLS.sendMessage,
        {},
        {
          ...message,
          audience: { kind: 'member', account: 'nobody-here' },
        },
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'BO_MESSAGE_RECIPIENT_NOT_FOUND' });
      const empty = await call(
        support,
        BACKOFFICE_CALLS.sendMessage,
        {},
        { ...message, audience: { kind: 'segment' } },
      );
      expect(empty.statusCode).toBe(400);
      for (const cookie of [content, readOnly]) {
        const denied = await call(cookie, BACKOFFICE_CALLS.sendMessage, {}, { ...message, audience: { kind: 'all' } });
        expect(denied.statusCode).toBe(403);
        expect(denied.json()).toMatchObject({ code: 'BO_PERMISSION_DENIED' });
      }
      expect(await countRows('operator_messages')).toBe(rows);
      expect(await countRows('audit_log')).toBe(audits);
      // Read-only may read the list; content may not.
      expect((await call(readOnly, BACKOFFICE_CALLS.sentMessages)).statusCode).toBe(200);
      expect((await call(content, BACKOFFICE_CALLS.sentMessages)).statusCode).toBe(403);
    });

    it('never reaches a member of another brand, even one named by account', async () => {
      const elsewhere = await signInTestMember(t.app, { merchantCode: 'other' });
      const response = await call(
        support,
        BACKOFFICE_CALLS.sendMessage,
        {},
        {
          audience: { kind: 'member', account: elsewhere.member.account },
          title: 'Hello',
          body: 'Hi',
        },
      );
      expect(response.statusCode).toBe(404);
    });
  });

  describe('feedback', () => {
    const words = 'one two three four five six seven eight nine ten eleven';
    const submit = async (authorization?: string) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: MESSAGE_CALLS.feedback.path,
        headers: { host: 'localhost', language: 'KO', ...(authorization ? { authorization } : {}) },
        payload: { content: words },
      });
      return valueOf<{ id: string }>(response).id;
    };
    const visitorFeedback = async () => {
      const [row] = await query<{ id: unknown }>(
        t.app.db,
        sql`INSERT INTO feedback (merchant_id, content, language)
            SELECT id, ${words}, 'EN' FROM merchants WHERE code = 'parlay' RETURNING id`,
      );
      return String(toNumber(row!.id));
    };

    it("answers a member's feedback into the mailbox, in the member's language, once, audited", async () => {
      const { member, authorization } = await signInTestMember(t.app);
      await query(t.app.db, sql`UPDATE members SET language = 'KO' WHERE id = ${member.id}`);
      const id = await submit(authorization);
      const open = valueOf<Page<FeedbackItem>>(
        await call(support, BACKOFFICE_CALLS.feedbackList, {}, undefined, '?status=open'),
      );
      expect(open.items.find((item) => item.id === id)).toMatchObject({
        from: { kind: 'member', memberId: member.id, account: member.account },
        content: words,
        answer: null,
        delivery: null,
      });

      const answered = valueOf<FeedbackItem>(
        await call(support, BACKOFFICE_CALLS.answerFeedback, { feedbackId: id }, { answer: 'Thank you, fixed.' }),
      );
      expect(answered).toMatchObject({ answer: 'Thank you, fixed.', answeredBy: 'demo-support', delivery: 'mailbox' });
      const [message] = (await mailboxOf(authorization)).items;
      expect(message).toMatchObject({ kind: 'feedback', title: '의견에 대한 답변', readAt: null });
      expect(message?.body).toContain('Thank you, fixed.');
      expect(message?.body).toContain(words);
      expect(await auditOf('feedback.answer', id)).toHaveLength(1);

      const again = await call(support, BACKOFFICE_CALLS.answerFeedback, { feedbackId: id }, { answer: 'Twice' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'BO_FEEDBACK_ALREADY_ANSWERED' });
      expect(await auditOf('feedback.answer', id)).toHaveLength(1);
      expect((await mailboxOf(authorization)).items.filter((item) => item.kind === 'feedback')).toHaveLength(1);
    });

    it("records a visitor's answer as undeliverable: there is no mailbox to reach", async () => {
      const id = await visitorFeedback();
      const answered = valueOf<FeedbackItem>(
        await call(support, BACKOFFICE_CALLS.answerFeedback, { feedbackId: id }, { answer: 'Noted.' }),
      );
      expect(answered).toMatchObject({ from: { kind: 'visitor' }, delivery: 'undeliverable', answer: 'Noted.' });
      const answeredList = valueOf<Page<FeedbackItem>>(
        await call(support, BACKOFFICE_CALLS.feedbackList, {}, undefined, '?status=answered'),
      );
      expect(answeredList.items.map((item) => item.id)).toContain(id);
    });

    it("refuses another brand's feedback and a role without messages.write, changing nothing", async () => {
      const [row] = await query<{ id: unknown }>(
        t.app.db,
        sql`INSERT INTO feedback (merchant_id, content, language)
            SELECT id, ${words}, 'EN' FROM merchants WHERE code = 'other' RETURNING id`,
      );
      const otherId = String(toNumber(row!.id));
      const audits = await countRows('audit_log');
      const response = await call(support, BACKOFFICE_CALLS.answerFeedback, { feedbackId: otherId }, { answer: 'x' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'BO_FEEDBACK_NOT_FOUND' });
      const id = await visitorFeedback();
      const denied = await call(readOnly, BACKOFFICE_CALLS.answerFeedback, { feedbackId: id }, { answer: 'x' });
      expect(denied.statusCode).toBe(403);
      expect(await countRows('audit_log')).toBe(audits);
      const [stored] = await query(
        t.app.db,
        sql`SELECT answer FROM feedback WHERE id IN (${Number(id)}, ${Number(otherId)}) AND answer IS NOT NULL`,
      );
      expect(stored).toBeUndefined();
    });

    it('pages the inbox newest first by keyset', async () => {
      await visitorFeedback();
      await visitorFeedback();
      const first = valueOf<Page<FeedbackItem>>(
        await call(support, BACKOFFICE_CALLS.feedbackList, {}, undefined, '?limit=1'),
      );
      expect(first.items).toHaveLength(1);
      const second = valueOf<Page<FeedbackItem>>(
        await call(support, BACKOFFICE_CALLS.feedbackList, {}, undefined, `?limit=1&cursor=${first.nextCursor!}`),
      );
      expect(Number(second.items[0]!.id)).toBeLessThan(Number(first.items[0]!.id));
    });
  });
});
