import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The first call builds a whole app over a fresh database; a loaded CI machine needs room.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });
import { MESSAGE_CALLS, type Message, type MessagePage } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { eq, sql } from 'drizzle-orm';
import { memberMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { signInTestMember, solveAltcha, type TestMember } from '../../test/members';
import { MessagesService } from './messages.service';

describe(MessagesService.name, () => {
  let t: TestApp;
  let demoBrandId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await createTestBrand(t.app.db, 'brand-b', 'brand-b.test');
    const [row] = await query<{ id: unknown }>(t.app.db, sql`SELECT id FROM merchants WHERE code = 'parlay'`);
    demoBrandId = toNumber(row!.id);
  });
  afterAll(() => t.close());

  const unreadCount = (authorization?: string, host = 'localhost') =>
    t.app.inject({
      method: 'GET',
      url: '/wps/relay/CSP_unreadCount',
      headers: { host, language: 'EN', ...(authorization ? { authorization } : {}) },
    });

  const send = (to: TestMember, title: string) =>
    t.app.db
      .insert(memberMessages)
      .values({ merchantId: to.merchantId, memberId: to.id, kind: 'platform', title, body: `<p>${title}</p>` })
      .returning({ id: memberMessages.id });

  type Call = { method: 'GET' | 'POST' | 'DELETE' | 'PUT'; path: string };
  const call = (api: Call, options: { authorization?: string; id?: string; query?: string; host?: string } = {}) =>
    t.app.inject({
      method: api.method,
      url: `${api.path.replace(':id', options.id ?? '')}${options.query ?? ''}`,
      headers: {
        host: options.host ?? 'localhost',
        language: 'EN',
        ...(options.authorization ? { authorization: options.authorization } : {}),
      },
    });
  const valueOf = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: T }).value;
  };
  const mailbox = async (authorization: string, search = '') =>
    valueOf<MessagePage>(await call(MESSAGE_CALLS.messages, { authorization, query: search }));

  /** An operator's message stored as the back office stores it (operator-messages.service does the same insert). */
  const operatorMessage = async (
    merchantId: number,
    audience: { kind: 'member'; memberId: number } | { kind: 'all' } | { kind: 'segment'; minRankLevel: number },
    title: string,
  ) => {
    const [row] = await query<{ id: unknown }>(
      t.app.db,
      sql`INSERT INTO operator_messages (merchant_id, audience, member_id, min_rank_level, title, body, actor, recipients)
          VALUES (${merchantId}, ${audience.kind}, ${audience.kind === 'member' ? audience.memberId : null},
                  ${audience.kind === 'segment' ? audience.minRankLevel : null}, ${title}, ${title}, 'cli:test', 1)
          RETURNING id`,
    );
    return `o${toNumber(row!.id)}`;
  };

  describe('GET /wps/relay/CSP_unreadCount', () => {
    it('asks a visitor to sign in with NOT_LOGGED_IN', async () => {
      const response = await unreadCount();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'NOT_LOGGED_IN',
        message: 'Sorry, you are not logged in yet, please log in.',
      });
    });

    it('answers 0 to a member whose mailbox is empty', async () => {
      const { authorization } = await signInTestMember(t.app);
      const response = await unreadCount(authorization);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, code: 'OK', message: '', value: { count: 0 } });
    });

    it("counts only the member's own unread messages", async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const other = await signInTestMember(t.app);
      const [first] = await send(member, 'Deposit credited');
      await send(member, 'Withdrawal approved');
      await send(other.member, 'Not yours');
      expect((await unreadCount(authorization)).json().value).toEqual({ count: 2 });

      await t.app.db.update(memberMessages).set({ readAt: new Date() }).where(eq(memberMessages.id, first!.id));
      expect((await unreadCount(authorization)).json().value).toEqual({ count: 1 });
      expect((await unreadCount(other.authorization)).json().value).toEqual({ count: 1 });
    });

    it("shows a member of another brand none of this brand's messages", async () => {
      const { member } = await signInTestMember(t.app);
      await send(member, 'Deposit credited');
      const elsewhere = await signInTestMember(t.app, { merchantCode: 'brand-b' });
      const response = await unreadCount(elsewhere.authorization, 'brand-b.test');
      expect(response.statusCode).toBe(200);
      expect(response.json().value).toEqual({ count: 0 });
    });

    it('does not count a row filed under another brand, even with the member id', async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const elsewhere = await signInTestMember(t.app, { merchantCode: 'brand-b' });
      await send({ ...member, merchantId: elsewhere.member.merchantId }, 'Misfiled');
      expect((await unreadCount(authorization)).json().value).toEqual({ count: 0 });
    });

    it('gives a trial (type 4) account a count of its own', async () => {
      const { member, authorization } = await signInTestMember(t.app, { agentType: 4 });
      await send(member, 'Welcome');
      expect((await unreadCount(authorization)).json().value).toEqual({ count: 1 });
    });

    it("counts an operator's message to the member and a broadcast, until read", async () => {
      const { member, authorization } = await signInTestMember(t.app);
      await operatorMessage(member.merchantId, { kind: 'member', memberId: member.id }, 'For you');
      await operatorMessage(member.merchantId, { kind: 'all' }, 'For everyone');
      const count = (await unreadCount(authorization)).json().value.count as number;
      expect(count).toBeGreaterThanOrEqual(2);
      valueOf(await call(MESSAGE_CALLS.readAllMessages, { authorization }));
      expect((await unreadCount(authorization)).json().value).toEqual({ count: 0 });
    });
  });

  describe('the mailbox', () => {
    it('refuses a visitor and a trial account, and reads nothing', async () => {
      expect((await call(MESSAGE_CALLS.messages)).json()).toMatchObject({ code: 'NOT_LOGGED_IN' });
      const trial = await signInTestMember(t.app, { agentType: 4 });
      expect((await call(MESSAGE_CALLS.messages, { authorization: trial.authorization })).json()).toMatchObject({
        code: 'NEED_TRUE_ACCOUNT',
      });
    });

    it("lists the member's messages and operators' messages newest first, a page at a time", async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const other = await signInTestMember(t.app);
      await send(member, 'First');
      await send(other.member, 'Not yours');
      await operatorMessage(member.merchantId, { kind: 'member', memberId: member.id }, 'Second');
      await operatorMessage(member.merchantId, { kind: 'member', memberId: other.member.id }, 'Also not yours');
      await send(member, 'Third');

      const first = await mailbox(authorization, '?limit=2');
      expect(first.items.map((item) => item.title)).toEqual(['Third', 'Second']);
      expect(first.items.map((item) => item.kind)).toEqual(['system', 'operator']);
      expect(first.unreadCount).toBe(3);
      expect(first.nextCursor).not.toBeNull();
      const second = await mailbox(authorization, `?limit=2&cursor=${first.nextCursor!}`);
      expect(second.items.map((item) => item.title)).toEqual(['First']);
      expect(second.nextCursor).toBeNull();
    });

    it('pages without a gap or a repeat through messages written in the same microsecond', async () => {
      const { member, authorization } = await signInTestMember(t.app);
      await query(
        t.app.db,
        sql`INSERT INTO member_messages (merchant_id, member_id, kind, title, created_at)
            SELECT ${member.merchantId}, ${member.id}, 'system', 'm' || n, '2026-11-01T00:00:00.123456Z'
              FROM generate_series(1, 5) AS n`,
      );
      const seen: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page: MessagePage = await mailbox(authorization, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      }
      expect(seen).toHaveLength(5);
      expect(new Set(seen).size).toBe(5);
    });

    it('refuses a cursor it did not write', async () => {
      const { authorization } = await signInTestMember(t.app);
      const response = await call(MESSAGE_CALLS.messages, { authorization, query: '?cursor=bm90LWEtY3Vyc29y' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('opens a message, marks it read once, and answers the count after', async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const [row] = await send(member, 'Deposit credited');
      await send(member, 'Another');
      const read = valueOf<{ message: Message; unreadCount: number }>(
        await call(MESSAGE_CALLS.readMessage, { authorization, id: `m${row!.id}` }),
      );
      expect(read.message).toMatchObject({ title: 'Deposit credited', kind: 'system' });
      expect(read.message.readAt).not.toBeNull();
      expect(read.unreadCount).toBe(1);
      const again = valueOf<{ message: Message }>(
        await call(MESSAGE_CALLS.readMessage, { authorization, id: `m${row!.id}` }),
      );
      expect(again.message.readAt).toBe(read.message.readAt);
    });

    it("refuses to open or remove another member's message, or one through another brand, and changes nothing", async () => {
      const { member } = await signInTestMember(t.app);
      const intruder = await signInTestMember(t.app);
      const [row] = await send(member, 'Private');
      const direct = await operatorMessage(member.merchantId, { kind: 'member', memberId: member.id }, 'Private too');
      for (const id of [`m${row!.id}`, direct]) {
        for (const api of [MESSAGE_CALLS.readMessage, MESSAGE_CALLS.deleteMessage]) {
          const response = await call(api, { authorization: intruder.authorization, id });
          expect(response.statusCode, `${api.path} ${id}`).toBe(404);
          expect(response.json()).toMatchObject({ code: 'MESSAGE_NOT_FOUND', message: 'The message was not found.' });
        }
      }
      const elsewhere = await signInTestMember(t.app, { merchantCode: 'brand-b' });
      const response = await call(MESSAGE_CALLS.readMessage, {
        authorization: elsewhere.authorization,
        id: `m${row!.id}`,
        host: 'brand-b.test',
      });
      expect(response.statusCode).toBe(404);
      const [stored] = await t.app.db.select().from(memberMessages).where(eq(memberMessages.id, row!.id));
      expect(stored).toMatchObject({ readAt: null, deletedAt: null });
      const states = await query(
        t.app.db,
        sql`SELECT 1 FROM operator_message_states WHERE message_id = ${Number(direct.slice(1))}`,
      );
      expect(states).toHaveLength(0);
    });

    it('refuses an id of neither kind as invalid', async () => {
      const { authorization } = await signInTestMember(t.app);
      const response = await call(MESSAGE_CALLS.readMessage, { authorization, id: 'x12' });
      expect(response.statusCode).toBe(400);
    });

    it('removes a message from the mailbox only, keeping the row, and a broadcast for this member only', async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const other = await signInTestMember(t.app);
      const [row] = await send(member, 'Remove me');
      const broadcast = await operatorMessage(member.merchantId, { kind: 'all' }, 'Broadcast to remove');
      expect(
        valueOf<{ count: number }>(await call(MESSAGE_CALLS.deleteMessage, { authorization, id: `m${row!.id}` })),
      ).toEqual({ count: expect.any(Number) as number });
      valueOf(await call(MESSAGE_CALLS.deleteMessage, { authorization, id: broadcast }));

      const titles = (await mailbox(authorization)).items.map((item) => item.title);
      expect(titles).not.toContain('Remove me');
      expect(titles).not.toContain('Broadcast to remove');
      expect((await mailbox(other.authorization)).items.map((item) => item.title)).toContain('Broadcast to remove');
      const [stored] = await t.app.db.select().from(memberMessages).where(eq(memberMessages.id, row!.id));
      expect(stored?.deletedAt).not.toBeNull();
      expect((await call(MESSAGE_CALLS.readMessage, { authorization, id: `m${row!.id}` })).statusCode).toBe(404);
    });

    it('marks every message read, its own and operators', async () => {
      const { member, authorization } = await signInTestMember(t.app);
      await send(member, 'One');
      await operatorMessage(member.merchantId, { kind: 'member', memberId: member.id }, 'Two');
      const count = valueOf<{ count: number }>(await call(MESSAGE_CALLS.readAllMessages, { authorization }));
      expect(count).toEqual({ count: 0 });
      expect((await mailbox(authorization)).items.every((item) => item.readAt !== null)).toBe(true);
    });

    it('shows a broadcast to members registered before it and to a segment by rank, never to later members', async () => {
      const low = await signInTestMember(t.app);
      const high = await signInTestMember(t.app);
      await query(t.app.db, sql`UPDATE members SET rank_level = 5 WHERE id = ${high.member.id}`);
      await operatorMessage(demoBrandId, { kind: 'segment', minRankLevel: 4 }, 'VIP only');
      await operatorMessage(demoBrandId, { kind: 'all' }, 'Hello everyone');
      // Registered after both were sent.
      const later = await signInTestMember(t.app);
      await query(
        t.app.db,
        sql`UPDATE members SET created_at = now() + interval '1 second' WHERE id = ${later.member.id}`,
      );

      const titlesOf = async (authorization: string) => (await mailbox(authorization)).items.map((item) => item.title);
      expect(await titlesOf(high.authorization)).toEqual(expect.arrayContaining(['VIP only', 'Hello everyone']));
      expect(await titlesOf(low.authorization)).toContain('Hello everyone');
      expect(await titlesOf(low.authorization)).not.toContain('VIP only');
      expect(await titlesOf(later.authorization)).not.toContain('Hello everyone');
    });
  });

  describe('sendSystemMessage', () => {
    it("writes the template in the member's language with the site and currency filled", async () => {
      const { member: korean } = await signInTestMember(t.app);
      const { member: english } = await signInTestMember(t.app);
      await query(t.app.db, sql`UPDATE members SET language = 'KO' WHERE id = ${korean.id}`);
      await query(t.app.db, sql`UPDATE members SET language = 'EN' WHERE id = ${english.id}`);
      for (const member of [korean, english]) {
        await t.app.db.transaction((tx) =>
          t.app.messages.sendSystemMessage(tx, member, 'depositCredited', { amount: '50,000' }),
        );
      }
      const [ko] = await t.app.db.select().from(memberMessages).where(eq(memberMessages.memberId, korean.id));
      const [en] = await t.app.db.select().from(memberMessages).where(eq(memberMessages.memberId, english.id));
      expect(ko).toMatchObject({
        title: '입금 완료',
        body: '50,000 KRW 입금이 Parlay 계정에 반영되었습니다.',
        kind: 'system',
        templateKey: 'depositCredited',
      });
      expect(en).toMatchObject({
        title: 'Deposit credited',
        body: 'Your deposit of 50,000 KRW has been credited to your Parlay account.',
      });
    });

    it("writes nothing when the caller's transaction rolls back, or a placeholder has no value", async () => {
      const { member } = await signInTestMember(t.app);
      await expect(
        t.app.db.transaction(async (tx) => {
          await t.app.messages.sendSystemMessage(tx, member, 'withdrawalApproved', { amount: '1' });
          throw new Error('the cashier failed after');
        }),
      ).rejects.toThrow('the cashier failed after');
      await expect(
        t.app.db.transaction((tx) =>
          t.app.messages.sendSystemMessage(tx, member, 'withdrawalRejected', { amount: '1' }),
        ),
      ).rejects.toThrow('{reason}');
      const rows = await t.app.db.select().from(memberMessages).where(eq(memberMessages.memberId, member.id));
      expect(rows).toHaveLength(0);
    });
  });

  describe('PUT /wps/feedback', () => {
    let ip = 0;
    const nextIp = () => `10.9.0.${(ip += 1)}`;
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    const feedback = (
      payload: unknown,
      options: { authorization?: string; remoteAddress?: string; host?: string } = {},
    ) =>
      t.app.inject({
        method: 'PUT',
        url: MESSAGE_CALLS.feedback.path,
        headers: {
          host: options.host ?? 'localhost',
          language: 'EN',
          ...(options.authorization ? { authorization: options.authorization } : {}),
        },
        remoteAddress: options.remoteAddress ?? nextIp(),
        payload: payload as Record<string, unknown>,
      });
    const storedFeedback = (id: string) =>
      // member_id as an int: PostgreSQL hands a bigint back as a string, PGlite as a number.
      query<Record<string, unknown>>(
        t.app.db,
        sql`SELECT *, member_id::int AS member_id FROM feedback WHERE id = ${Number(id)}`,
      );

    it("stores a visitor's feedback with a solved proof of work", async () => {
      const remoteAddress = nextIp();
      const altcha = await solveAltcha(t.app, 'localhost', remoteAddress);
      const response = await feedback({ content: words(12), altcha }, { remoteAddress });
      const { id } = valueOf<{ id: string }>(response);
      const [row] = await storedFeedback(id);
      expect(row).toMatchObject({ member_id: null, content: words(12), language: 'EN', ip: remoteAddress });
    });

    it('refuses a visitor without a proof of work, or with one spent already, and stores nothing', async () => {
      const before = await query(t.app.db, sql`SELECT count(*) AS n FROM feedback`);
      expect((await feedback({ content: words(12) })).json()).toMatchObject({ code: 'VERIFICATION_INCOMPLETE' });
      const altcha = await solveAltcha(t.app);
      valueOf(await feedback({ content: words(12), altcha }));
      expect((await feedback({ content: words(12), altcha })).json()).toMatchObject({
        code: 'VERIFICATION_INCOMPLETE',
      });
      const after = await query(t.app.db, sql`SELECT count(*) AS n FROM feedback`);
      expect(toNumber(after[0]!['n'])).toBe(toNumber(before[0]!['n']) + 1);
    });

    it("stores a member's feedback by session, without a proof of work", async () => {
      const { member, authorization } = await signInTestMember(t.app);
      const { id } = valueOf<{ id: string }>(await feedback({ content: words(10) }, { authorization }));
      const [row] = await storedFeedback(id);
      expect(row).toMatchObject({ member_id: member.id, member_account: member.account });
    });

    it('refuses empty content, and content outside the default bounds of 10 to 500 words', async () => {
      const { authorization } = await signInTestMember(t.app);
      expect((await feedback({ content: '  \n ' }, { authorization })).json()).toMatchObject({
        code: 'FEEDBACK_EMPTY',
        message: 'Please enter content.',
      });
      expect((await feedback({ content: words(9) }, { authorization })).json()).toMatchObject({
        code: 'FEEDBACK_TOO_SHORT',
        message: 'Please write at least 10 words.',
      });
      expect((await feedback({ content: words(501) }, { authorization })).json()).toMatchObject({
        code: 'FEEDBACK_TOO_LONG',
        message: 'Please write at most 500 words.',
      });
      valueOf(await feedback({ content: words(500) }, { authorization }));
    });

    it("holds to the brand's own bounds when its configuration sets them", async () => {
      await query(
        t.app.db,
        sql`UPDATE merchants SET config = config || '{"feedbackWords":{"min":2,"max":3}}'::jsonb WHERE code = 'brand-b'`,
      );
      t.app.merchants.invalidate();
      const elsewhere = await signInTestMember(t.app, { merchantCode: 'brand-b' });
      const options = { authorization: elsewhere.authorization, host: 'brand-b.test' };
      expect((await feedback({ content: words(4) }, options)).json()).toMatchObject({ code: 'FEEDBACK_TOO_LONG' });
      valueOf(await feedback({ content: words(2) }, options));
    });

    it('limits a visitor to 5 an hour from one IP, and not a member', async () => {
      const remoteAddress = nextIp();
      for (let i = 0; i < 5; i += 1) {
        expect((await feedback({ content: '' }, { remoteAddress })).statusCode).toBe(400);
      }
      const refused = await feedback({ content: words(12) }, { remoteAddress });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      const { authorization } = await signInTestMember(t.app);
      valueOf(await feedback({ content: words(12) }, { authorization, remoteAddress }));
    });
  });
});
