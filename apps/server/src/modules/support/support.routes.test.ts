import {
  BACKOFFICE_CALLS,
  callWithParams,
  SUPPORT_CALLS,
  SUPPORT_SEND_LIMIT,
  SUPPORT_VISITOR_HEADER,
  WALLET_CALLS,
  type OpenSupport,
  type SupportConversationDetail,
  type SupportInbox,
  type SupportMessage,
  type SupportThread,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/app';
import { signInTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { SupportService } from './support.service';

type Api = { method: 'GET' | 'POST'; path: string };

/** A real 2×2 PNG, as a phone's screenshot would be (smaller). */
function tinyPng(): Buffer {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

interface Client {
  socket: WebSocket;
  next(): Promise<Record<string, unknown>>;
  /** The next event of a type, the others skipped. */
  nextOf(type: string): Promise<Record<string, unknown>>;
}

describe(SupportService.name, () => {
  let t: TestApp;
  let admin: string;
  let content: string;
  let baseWs: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'demo-admin');
    content = await signInAs(t.app, 'demo-content');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseWs = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  /** A member's (authorization) or a visitor's (token) call of the chat. */
  const customer = (api: Api, who: { authorization?: string; token?: string }, payload?: unknown, extra = {}) =>
    t.app.inject({
      method: api.method,
      url: api.path,
      headers: {
        ...(who.authorization ? { authorization: who.authorization } : {}),
        ...(who.token ? { [SUPPORT_VISITOR_HEADER]: who.token } : {}),
        ...extra,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const operator = (cookie: string, api: Api, params: Record<string, number> = {}, payload?: unknown, search = '') =>
    callBackoffice(t.app, {
      method: api.method,
      url: `${callWithParams(api, { brand: 'parlay', ...params } as never).path}${search}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });

  function connect(path: string, headers: Record<string, string> = {}): Promise<Client> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${baseWs}${path}`, { headers });
      const queue: Record<string, unknown>[] = [];
      const waiters: ((value: Record<string, unknown>) => void)[] = [];
      socket.on('message', (raw: Buffer) => {
        const event = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        const waiter = waiters.shift();
        if (waiter) waiter(event);
        else queue.push(event);
      });
      const next = () =>
        queue.length > 0
          ? Promise.resolve(queue.shift()!)
          : new Promise<Record<string, unknown>>((done) => waiters.push(done));
      const nextOf = async (type: string) => {
        for (;;) {
          const event = await next();
          if (event['type'] === type) return event;
        }
      };
      socket.on('open', () => resolve({ socket, next, nextOf }));
      socket.on('error', reject);
    });
  }
  const inboxSocket = async (cookie: string) => {
    const client = await connect(callWithParams(SUPPORT_CALLS.supportInboxSocket, { brand: 'parlay' }).path, {
      cookie,
      origin: 'http://localhost',
    });
    await client.nextOf('supportReady');
    return client;
  };

  it('keeps a visitor’s conversation by its signed token, and a forged or missing token reads nothing', async () => {
    const opened = await customer(SUPPORT_CALLS.openSupport, {}, { name: 'Kim', email: 'kim@example.com' });
    expect(opened.statusCode).toBe(200);
    const { conversation, visitorToken } = opened.json<{ value: OpenSupport }>().value;
    expect(visitorToken).toMatch(/^\d+\.[0-9a-f]{64}$/);
    expect(conversation).toMatchObject({ status: 'open', messages: [] });

    const sent = await customer(SUPPORT_CALLS.sendSupportMessage, { token: visitorToken! }, { text: '  Hello?  ' });
    expect(sent.json<{ value: SupportMessage }>().value).toMatchObject({ from: 'customer', text: 'Hello?' });
    // Opening again with the token resumes the same conversation, history kept.
    const again = (await customer(SUPPORT_CALLS.openSupport, { token: visitorToken! }, {})).json<{
      value: OpenSupport;
    }>().value;
    expect(again.conversation.id).toBe(conversation.id);
    expect(again.conversation.messages.map((message) => message.text)).toEqual(['Hello?']);

    const forged = `${conversation.id}.${'0'.repeat(64)}`;
    const read = await customer(SUPPORT_CALLS.supportHistory, { token: forged });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'SUPPORT_CONVERSATION_NOT_FOUND' });
    expect((await customer(SUPPORT_CALLS.supportHistory, {})).statusCode).toBe(404);
    // The operator sees who the visitor said they were.
    const detail = (
      await operator(admin, BACKOFFICE_CALLS.supportConversation, { conversationId: conversation.id })
    ).json<{
      value: SupportConversationDetail;
    }>().value;
    expect(detail.customer).toEqual({ kind: 'visitor', name: 'Kim', email: 'kim@example.com' });
  });

  it('gives a member one open conversation, and another member can read neither it nor its pictures', async () => {
    const owner = await signInTestMember(t.app);
    const other = await signInTestMember(t.app);
    const first = (await customer(SUPPORT_CALLS.openSupport, owner, {})).json<{ value: OpenSupport }>().value;
    const second = (await customer(SUPPORT_CALLS.openSupport, owner, {})).json<{ value: OpenSupport }>().value;
    expect(first.visitorToken).toBeNull();
    expect(second.conversation.id).toBe(first.conversation.id);
    await customer(SUPPORT_CALLS.sendSupportMessage, owner, { text: 'my deposit is late' });
    const picture = (
      await customer(SUPPORT_CALLS.sendSupportImage, owner, tinyPng(), { 'content-type': 'image/png' })
    ).json<{ value: SupportMessage }>().value;
    expect(picture.imageId).not.toBeNull();

    // The other member's history is their own (none yet), never the owner's.
    const othersHistory = await customer(SUPPORT_CALLS.supportHistory, other);
    expect(othersHistory.statusCode).toBe(404);
    const othersThread = (await customer(SUPPORT_CALLS.openSupport, other, {})).json<{ value: OpenSupport }>().value;
    expect(othersThread.conversation.id).not.toBe(first.conversation.id);
    expect(othersThread.conversation.messages).toEqual([]);
    const imagePath = callWithParams(SUPPORT_CALLS.supportImage, { imageId: picture.imageId! });
    expect((await customer(imagePath as Api, other)).statusCode).toBe(404);
    // A visitor who guesses a conversation's number gets nothing either.
    expect((await customer(imagePath as Api, { token: `${first.conversation.id}.${'a'.repeat(64)}` })).statusCode).toBe(
      404,
    );
    const own = await customer(imagePath as Api, owner);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a picture whose content is not an image, in the caller’s language, and stores nothing', async () => {
    const member = await signInTestMember(t.app);
    const count = async () =>
      toNumber((await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM support_images`))[0]?.n);
    const countMessages = async () =>
      toNumber((await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM support_messages`))[0]?.n);
    const before = { images: await count(), messages: await countMessages() };
    // An HTML page declared as a PNG, and a PNG signature in front of a script.
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const fakePng = Buffer.concat([tinyPng().subarray(0, 16), Buffer.from('not really a png')]);
    for (const [body, language] of [
      [html, 'KO'],
      [fakePng, 'EN'],
    ] as const) {
      const response = await customer(SUPPORT_CALLS.sendSupportImage, member, body, {
        'content-type': 'image/png',
        language,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: 'SUPPORT_IMAGE_INVALID',
        message:
          language === 'KO'
            ? 'PNG, JPEG, WebP 이미지만 첨부할 수 있습니다.'
            : 'Only PNG, JPEG or WebP pictures can be attached.',
      });
    }
    expect({ images: await count(), messages: await countMessages() }).toEqual(before);
  });

  it('pushes an operator’s reply to the member’s socket and the member’s message to the open inbox', async () => {
    const { authorization, token } = await signInTestMember(t.app);
    const inbox = await inboxSocket(admin);
    // With the inbox open, the member is told an operator is online.
    const opened = (await customer(SUPPORT_CALLS.openSupport, { authorization }, {})).json<{ value: OpenSupport }>()
      .value;
    expect(opened.conversation.operatorsOnline).toBe(true);

    const member = await connect(WALLET_CALLS.balanceSocket.path);
    member.socket.send(JSON.stringify({ type: 'auth', token }));
    await member.nextOf('unreadCount');
    await customer(SUPPORT_CALLS.sendSupportMessage, { authorization }, { text: 'Where is my withdrawal?' });
    const arrived = await inbox.nextOf('supportMessage');
    expect(arrived['message']).toMatchObject({ conversationId: opened.conversation.id, from: 'customer' });

    const listed = (await operator(admin, BACKOFFICE_CALLS.supportInbox)).json<{ value: SupportInbox }>().value;
    const item = listed.items.find((entry) => entry.id === opened.conversation.id);
    expect(item).toMatchObject({ unread: 1, assignee: null, lastMessage: { text: 'Where is my withdrawal?' } });

    const reply = await operator(
      admin,
      BACKOFFICE_CALLS.replySupport,
      { conversationId: opened.conversation.id },
      { text: 'It is on its way.' },
    );
    expect(reply.statusCode).toBe(200);
    // The member's own message comes back first (for their other tabs), then the reply.
    expect((await member.nextOf('supportMessage'))['message']).toMatchObject({ from: 'customer' });
    const pushed = await member.nextOf('supportMessage');
    expect(pushed['message']).toMatchObject({
      from: 'operator',
      text: 'It is on its way.',
      operatorName: 'demo-admin',
    });
    // Answering took the conversation, and read it.
    const after = (await operator(admin, BACKOFFICE_CALLS.supportInbox, {}, undefined, '?assigned=me')).json<{
      value: SupportInbox;
    }>().value;
    expect(after.items.find((entry) => entry.id === opened.conversation.id)).toMatchObject({
      unread: 0,
      assignee: { login: 'demo-admin' },
    });
    member.socket.close();
    inbox.socket.close();
  });

  it('pushes the reply to a visitor’s socket, and a closed conversation takes no more from them', async () => {
    const { visitorToken, conversation } = (await customer(SUPPORT_CALLS.openSupport, {}, {})).json<{
      value: OpenSupport;
    }>().value;
    await customer(
      SUPPORT_CALLS.sendSupportMessage,
      { token: visitorToken! },
      { text: 'Can I play without an account?' },
    );
    const visitor = await connect(WALLET_CALLS.balanceSocket.path);
    visitor.socket.send(JSON.stringify({ type: 'supportAuth', visitorToken }));
    expect(await visitor.nextOf('supportReady')).toEqual({ type: 'supportReady', conversationId: conversation.id });
    const params = { conversationId: conversation.id };
    await operator(admin, BACKOFFICE_CALLS.replySupport, params, { text: 'Yes: Free play.' });
    expect((await visitor.nextOf('supportMessage'))['message']).toMatchObject({ text: 'Yes: Free play.' });

    const closed = await operator(admin, BACKOFFICE_CALLS.closeSupport, params);
    expect(closed.json<{ value: SupportConversationDetail }>().value.status).toBe('closed');
    expect(await visitor.nextOf('supportChange')).toEqual({
      type: 'supportChange',
      conversationId: conversation.id,
      status: 'closed',
    });
    const late = await customer(SUPPORT_CALLS.sendSupportMessage, { token: visitorToken! }, { text: 'thanks' });
    expect(late.json()).toMatchObject({ code: 'SUPPORT_CONVERSATION_CLOSED' });
    expect((await operator(admin, BACKOFFICE_CALLS.replySupport, params, { text: 'x' })).statusCode).toBe(409);
    // The close is in the audit trail.
    const [audited] = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM audit_log WHERE action = 'support.close' AND target_id = ${String(conversation.id)}`,
    );
    expect(toNumber(audited?.n)).toBe(1);
    visitor.socket.close();
  });

  it('refuses a customer’s message past the send limit until the window moves on', async () => {
    const member = await signInTestMember(t.app);
    for (let index = 0; index < SUPPORT_SEND_LIMIT.max; index += 1) {
      const response = await customer(SUPPORT_CALLS.sendSupportMessage, member, { text: `message ${index}` });
      expect(response.statusCode).toBe(200);
    }
    const refused = await customer(SUPPORT_CALLS.sendSupportMessage, member, { text: 'one more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'SUPPORT_RATE_LIMITED' });
    // The window moves on (the messages' times put back rather than waiting a minute).
    await query(
      t.app.db,
      sql`UPDATE support_messages SET created_at = created_at - interval '2 minutes'
          WHERE conversation_id IN (SELECT id FROM support_conversations WHERE member_id = ${member.member.id})`,
    );
    expect((await customer(SUPPORT_CALLS.sendSupportMessage, member, { text: 'one more' })).statusCode).toBe(200);
  });

  it('lets only operators with the messages permissions into the inbox', async () => {
    expect((await operator(content, BACKOFFICE_CALLS.supportInbox)).statusCode).toBe(403);
    const support = await signInAs(t.app, 'demo-support');
    expect((await operator(support, BACKOFFICE_CALLS.supportInbox)).statusCode).toBe(200);
  });

  it('a member’s next message after a close starts a new conversation', async () => {
    const member = await signInTestMember(t.app);
    const first = (await customer(SUPPORT_CALLS.sendSupportMessage, member, { text: 'first' })).json<{
      value: SupportMessage;
    }>().value;
    await operator(admin, BACKOFFICE_CALLS.closeSupport, { conversationId: first.conversationId });
    const history = (await customer(SUPPORT_CALLS.supportHistory, member)).json<{ value: SupportThread }>().value;
    expect(history).toMatchObject({ id: first.conversationId, status: 'closed' });
    const next = (await customer(SUPPORT_CALLS.sendSupportMessage, member, { text: 'second' })).json<{
      value: SupportMessage;
    }>().value;
    expect(next.conversationId).not.toBe(first.conversationId);
  });
});
