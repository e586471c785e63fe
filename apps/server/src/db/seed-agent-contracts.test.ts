import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { DEMO_MERCHANT_CODE } from './seed';
import { seedDemoContracts } from './seed-agent-contracts';
import { DEMO_DOWNLINE, seedDemoDownline } from './seed-agents';

describe(seedDemoContracts.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (const { account } of DEMO_DOWNLINE) {
      await query(
        t.app.db,
        sql`INSERT INTO members (merchant_id, account, register_method, first_time_login)
            SELECT id, ${account}, 'SEED', false FROM merchants WHERE code = ${DEMO_MERCHANT_CODE}`,
      );
    }
    await seedDemoDownline(t.app.db, DEMO_MERCHANT_CODE);
  });
  afterAll(() => t.close());

  const memberId = async (account: string) =>
    toNumber(
      (
        await query<{ id: unknown }>(
          t.app.db,
          sql`SELECT m.id FROM members m JOIN merchants b ON b.id = m.merchant_id
               WHERE b.code = ${DEMO_MERCHANT_CODE} AND m.account = ${account}`,
        )
      )[0]?.id,
    );

  it("gives the demo agent the brand's contracts, two passed on and an offer waiting, once", async () => {
    expect(await seedDemoContracts(t.app.db, DEMO_MERCHANT_CODE)).toBe(8);
    expect(await seedDemoContracts(t.app.db, DEMO_MERCHANT_CODE)).toBe(0);
    const merchantId = (await t.app.merchants.findByCode(DEMO_MERCHANT_CODE))!.id;
    const agent = await t.app.agentContracts.consolidated({ memberId: await memberId('agent'), merchantId });
    expect(agent.fromUpline.map((row) => [row.kind, row.uplineAccount, row.status])).toEqual([
      ['daily_salary', null, 'active'],
      ['dividend', null, 'active'],
      ['hourly_salary', null, 'active'],
      ['realtime_salary', null, 'active'],
    ]);
    const sub = await t.app.agentContracts.ofKind({ memberId: await memberId('subagent'), merchantId }, 'daily_salary');
    expect(sub.fromUpline.map((row) => row.topRateBp)).toEqual([80]);
    expect(sub.history.map((row) => row.endReason)).toEqual(['replaced']);
    const sub2 = await t.app.agentContracts.consolidated({ memberId: await memberId('subagent2'), merchantId });
    expect(sub2).toMatchObject({ divtypereq: 'new', dailysalreqtype: 'none' });
    // Every rate passed on is within the upline's own.
    const above = await query<{ n: unknown }>(
      t.app.db,
      sql`SELECT count(*) AS n FROM agent_contracts c JOIN agent_contracts u
            ON u.downline_id = c.upline_id AND u.kind = c.kind AND u.status = 'active'
           WHERE c.status IN ('offered', 'active') AND c.top_rate_bp > u.top_rate_bp`,
    );
    expect(toNumber(above[0]?.n)).toBe(0);
  });
});
