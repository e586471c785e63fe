import { BonusRulesSchema } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_CODE } from '../../db/seed';
import { DEMO_APPLICATION_CODE, DEMO_SIGNUP_CODE, DEMO_WELCOME_CODE, seedDemoBonuses } from '../../db/seed-bonuses';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { checkWithdrawalLedger } from '../withdrawals/withdrawals.fixtures';
import { bonusBooks } from './bonuses.fixtures';

describe(seedDemoBonuses.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.bonusExpiry?.stop();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('gives the demo brand its bonuses, its application promotion and the demo member a part-wagered sign-up bonus, once', async () => {
    const merchant = (await t.app.merchants.findByCode(DEMO_MERCHANT_CODE))!;
    const [demo] = await query<{ id: unknown }>(
      t.app.db,
      sql`SELECT id FROM members WHERE merchant_id = ${merchant.id} AND lower(account) = 'demo'`,
    );
    const owner = { merchantId: merchant.id, memberId: toNumber(demo!.id), currency: 'KRW' };
    const before = await t.app.gaming.wallet.findBalance(t.app.db, owner);
    const started = Date.now();
    await seedDemoBonuses(t.app.db, DEMO_MERCHANT_CODE);
    await seedDemoBonuses(t.app.db, DEMO_MERCHANT_CODE);
    expect(Date.now() - started).toBeLessThan(5_000);

    const promotions = await query<{ code: string; kind: string; rules: unknown; audience: string }>(
      t.app.db,
      sql`SELECT code, kind, rules, audience FROM promotions WHERE merchant_id = ${merchant.id} ORDER BY code`,
    );
    expect(promotions.map((row) => [row.code, row.kind, row.audience])).toEqual([
      [DEMO_APPLICATION_CODE, 'application', 'all'],
      [DEMO_SIGNUP_CODE, 'signup_bonus', 'all'],
      [DEMO_WELCOME_CODE, 'deposit_bonus', 'new'],
    ]);
    for (const row of promotions) {
      BonusRulesSchema.parse(typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules);
    }
    expect(await t.app.bonuses.signupBonus(merchant)).toEqual({
      amountMinor: 5_000,
      currency: 'KRW',
      currencyExponent: 0,
      wageringMultiplier: 3,
    });
    const fresh = await createTestMember(t.app);
    expect((await t.app.bonuses.offers(merchant, fresh.id, 'EN')).items).toEqual([
      expect.objectContaining({
        code: DEMO_WELCOME_CODE,
        percentBp: 10_000,
        maxBonusMinor: 300_000,
        wageringMultiplier: 10,
      }),
    ]);

    expect((await t.app.applications.offers(merchant, fresh.id, 'EN')).items).toEqual([
      expect.objectContaining({
        code: DEMO_APPLICATION_CODE,
        title: 'Share your big win',
        rewardMinor: 10_000,
        state: 'join',
      }),
    ]);

    const list = await t.app.bonuses.list(merchant, owner.memberId, { limit: 20 }, 'KO');
    expect(list.items).toEqual([
      expect.objectContaining({
        promotionCode: DEMO_SIGNUP_CODE,
        status: 'active',
        amountMinor: 5_000,
        wageringRequiredMinor: 15_000,
        wageringDoneMinor: 6_000,
        progressPercent: 40,
      }),
    ]);
    expect(await t.app.gaming.wallet.findBalance(t.app.db, owner)).toBe(before + 5_000);
    expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
    expect((await checkWithdrawalLedger(t.app)).balanceMismatches).toBe(0);
  });
});
