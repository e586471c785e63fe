import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The first call builds a whole app over a fresh database; a loaded CI machine needs room.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });
import { eq } from 'drizzle-orm';
import { memberMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { signInTestMember, type TestMember } from '../../test/members';
import { MessagesService } from './messages.service';

describe(MessagesService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createTestBrand(t.app.db, 'brand-b', 'brand-b.test');
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
  });
});
