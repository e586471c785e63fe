import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { seedDemoMessages } from './seed-messages';

describe(seedDemoMessages.name, () => {
  let t: TestApp;
  let owner: { merchantId: number; memberId: number };
  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await query<{ id: unknown; merchant_id: unknown }>(
      t.app.db,
      sql`SELECT m.id, m.merchant_id FROM members m JOIN merchants b ON b.id = m.merchant_id
           WHERE b.code = 'parlay' AND m.account = 'demo'`,
    );
    owner = { merchantId: toNumber(row!.merchant_id), memberId: toNumber(row!.id) };
  }, 180_000);
  afterAll(() => t.close(), 60_000);

  it('gives the demo member read and unread messages of every kind, and the brand an answered feedback', async () => {
    const page = await t.app.messages.listMessages(owner, { limit: 50 });
    expect(new Set(page.items.map((item) => item.kind))).toEqual(new Set(['system', 'operator', 'feedback']));
    expect(page.items.some((item) => item.readAt !== null)).toBe(true);
    expect(page.unreadCount).toBeGreaterThanOrEqual(3);
    expect(page.items.every((item) => !/\{\w+\}/.test(item.title + item.body))).toBe(true);
    const answered = await t.app.feedback.list(owner.merchantId, { limit: 10, status: 'answered' });
    expect(answered.items[0]).toMatchObject({ from: { kind: 'member', account: 'demo' }, delivery: 'mailbox' });
  });

  it('adds nothing when run again, and keeps what the member removed', async () => {
    const before = await t.app.messages.listMessages(owner, { limit: 50 });
    await t.app.messages.deleteMessage(owner, before.items[0]!.id);
    await seedDemoMessages(t.app.db, 'parlay');
    const after = await t.app.messages.listMessages(owner, { limit: 50 });
    expect(after.items.map((item) => item.id)).toEqual(before.items.slice(1).map((item) => item.id));
    const [feedback] = await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM feedback`);
    expect(toNumber(feedback!.n)).toBe(1);
  });
});
