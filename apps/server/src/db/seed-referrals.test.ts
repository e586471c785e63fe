import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { queryRows, signInTestMember } from '../test/members';
import { DEMO_MERCHANT_CODE } from './seed';
import { DEMO_REFERRED_PLAYERS, seedDemoReferrals } from './seed-referrals';

describe(seedDemoReferrals.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it("links the demo players to the demo member once, and the demo member's page lists them masked", async () => {
    // The demo history's players, as main.ts finds them after seedDemoHistory (which needs the house games).
    await t.app.db.execute(
      sql`INSERT INTO members (merchant_id, account, nickname, register_method, first_time_login)
          SELECT b.id, p.account, p.account, 'SEED', false FROM merchants b,
                 unnest(${`{${DEMO_REFERRED_PLAYERS.join(',')}}`}::text[]) AS p(account)
          WHERE b.code = ${DEMO_MERCHANT_CODE}
          ON CONFLICT DO NOTHING`,
    );
    expect(await seedDemoReferrals(t.app.db, DEMO_MERCHANT_CODE)).toBe(DEMO_REFERRED_PLAYERS.length);
    expect(await seedDemoReferrals(t.app.db, DEMO_MERCHANT_CODE)).toBe(0);

    const [demo] = await queryRows<{ id: number; merchant_id: number }>(
      t.app,
      sql`SELECT m.id, m.merchant_id FROM members m JOIN merchants b ON b.id = m.merchant_id
          WHERE b.code = ${DEMO_MERCHANT_CODE} AND m.account = 'demo'`,
    );
    const { authorization } = await signInTestMember(t.app, {
      id: Number(demo?.id),
      merchantId: Number(demo?.merchant_id),
      merchantCode: DEMO_MERCHANT_CODE,
      account: 'demo',
      password: '',
      agentType: 0,
      isFreePlay: false,
    });
    const summary = await t.app.inject({ method: 'GET', url: '/wps/member/referral', headers: { authorization } });
    expect(summary.json().value).toMatchObject({ code: 'DEMO0001', counts: { total: DEMO_REFERRED_PLAYERS.length } });
    const list = await t.app.inject({ method: 'GET', url: '/wps/member/referral/members', headers: { authorization } });
    expect(list.json().value.list.map((item: { account: string }) => item.account)).toEqual([
      'de*********4',
      'de*********7',
      'de*********3',
    ]);
  });
});
