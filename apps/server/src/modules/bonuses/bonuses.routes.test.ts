import { BONUS_CALLS } from '@parlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { signInTestMember } from '../../test/members';
import { callMember } from '../withdrawals/withdrawals.fixtures';
import { bonusesOf, closePromotions, createPromotion, creditDeposit, orderDeposit } from './bonuses.fixtures';

const OTHER_CODE = 'bonusother';
const OTHER_HOST = 'bonus-other.localhost';

describe('bonus routes', () => {
  let t: TestApp;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.bonusExpiry?.stop();
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    await createTestBrand(t.app.db, OTHER_CODE, OTHER_HOST);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it("lists the member's bonuses with progress, pages them, and forfeits one once", async () => {
    const promotion = await createPromotion(t.app, merchantId);
    const second = await createPromotion(t.app, merchantId, { rules: { wageringMultiplier: 0 } });
    const who = await signInTestMember(t.app);
    await creditDeposit(t.app, who.member, await orderDeposit(t.app, who.member, 20_000, promotion.code));
    await creditDeposit(t.app, who.member, await orderDeposit(t.app, who.member, 15_000, second.code));

    const list = await callMember(t.app, who.authorization, BONUS_CALLS.list, {
      search: '?limit=1',
      headers: { language: 'EN' },
    });
    expect(list.statusCode).toBe(200);
    const page = list.json().value;
    expect(page).toMatchObject({
      currency: 'KRW',
      lockedMinor: 20_000,
      wageringLeftMinor: 200_000,
      nextCursor: expect.any(String),
    });
    expect(page.items).toEqual([
      expect.objectContaining({
        promotionCode: second.code,
        title: `Test ${second.code}`,
        status: 'completed',
        amountMinor: 15_000,
        progressPercent: 100,
        depositOrderNo: expect.any(String),
      }),
    ]);
    const next = await callMember(t.app, who.authorization, BONUS_CALLS.list, {
      search: `?limit=1&cursor=${page.nextCursor}`,
      headers: { language: 'KO' },
    });
    const [first] = next.json().value.items;
    expect(first).toMatchObject({
      promotionCode: promotion.code,
      title: `테스트 ${promotion.code}`,
      status: 'active',
      wageringRequiredMinor: 200_000,
      wageringLeftMinor: 200_000,
      progressPercent: 0,
    });
    const active = await callMember(t.app, who.authorization, BONUS_CALLS.list, { search: '?status=active' });
    expect(active.json().value.items.map((item: { id: number }) => item.id)).toEqual([first.id]);

    const forfeit = () =>
      callMember(t.app, who.authorization, BONUS_CALLS.forfeit, {
        payload: { bonusId: first.id, requestId: 'route-forfeit-1' },
      });
    const done = await forfeit();
    expect(done.statusCode).toBe(200);
    expect(done.json().value).toMatchObject({
      takenBackMinor: 20_000,
      balanceMinor: 50_000,
      bonus: { status: 'forfeited' },
    });
    expect((await forfeit()).json().value).toMatchObject({ takenBackMinor: 20_000, balanceMinor: 50_000 });
    const other = await callMember(t.app, who.authorization, BONUS_CALLS.forfeit, {
      payload: { bonusId: first.id, requestId: 'route-forfeit-2' },
    });
    expect([other.statusCode, other.json().code]).toEqual([409, 'BONUS_NOT_ACTIVE']);
    const reused = await callMember(t.app, who.authorization, BONUS_CALLS.forfeit, {
      payload: { bonusId: page.items[0].id, requestId: 'route-forfeit-1' },
    });
    expect([reused.statusCode, reused.json().code]).toEqual([409, 'BONUS_REQUEST_REUSED']);
  });

  it("refuses a visitor, a trial account, another member's bonus and another brand's host", async () => {
    const promotion = await createPromotion(t.app, merchantId);
    const owner = await signInTestMember(t.app);
    await creditDeposit(t.app, owner.member, await orderDeposit(t.app, owner.member, 20_000, promotion.code));
    const [bonus] = await bonusesOf(t.app.db, owner.member.id);

    for (const call of [BONUS_CALLS.list, BONUS_CALLS.offers]) {
      const visitor = await t.app.inject({ method: 'GET', url: call.path, headers: { host: 'localhost' } });
      expect([visitor.statusCode, visitor.json().code]).toEqual([401, 'NOT_LOGGED_IN']);
    }
    const trial = await signInTestMember(t.app, { agentType: 4 });
    const refused = await callMember(t.app, trial.authorization, BONUS_CALLS.forfeit, {
      payload: { bonusId: bonus!.id, requestId: 'trial-forfeit' },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'NEED_TRUE_ACCOUNT']);

    const stranger = await signInTestMember(t.app);
    const theirs = await callMember(t.app, stranger.authorization, BONUS_CALLS.forfeit, {
      payload: { bonusId: bonus!.id, requestId: 'stranger-forfeit' },
    });
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'BONUS_NOT_FOUND']);
    expect((await callMember(t.app, stranger.authorization, BONUS_CALLS.list)).json().value.items).toEqual([]);

    // The owner's token on another brand's host is no session there.
    const elsewhere = await callMember(t.app, owner.authorization, BONUS_CALLS.forfeit, {
      payload: { bonusId: bonus!.id, requestId: 'elsewhere-forfeit' },
      headers: { host: OTHER_HOST },
    });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([401, 'NOT_LOGGED_IN']);
    // A member of that brand does not find the bonus either.
    const local = await signInTestMember(t.app, { merchantCode: OTHER_CODE });
    const there = await callMember(t.app, local.authorization, BONUS_CALLS.forfeit, {
      payload: { bonusId: bonus!.id, requestId: 'local-forfeit' },
      headers: { host: OTHER_HOST },
    });
    expect([there.statusCode, there.json().code]).toEqual([404, 'BONUS_NOT_FOUND']);
    expect((await bonusesOf(t.app.db, owner.member.id))[0]!.status).toBe('active');
  });

  it('offers the open deposit bonuses the member may still take', async () => {
    await closePromotions(t.app, merchantId, 'deposit_bonus');
    const forAll = await createPromotion(t.app, merchantId);
    const forNew = await createPromotion(t.app, merchantId, { audience: 'new' });
    await createPromotion(t.app, merchantId, { active: false });
    await createPromotion(t.app, merchantId, { startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    const who = await signInTestMember(t.app);
    const codes = async () =>
      (await callMember(t.app, who.authorization, BONUS_CALLS.offers))
        .json()
        .value.items.map((item: { code: string }) => item.code);
    expect(await codes()).toEqual([forNew.code, forAll.code]);
    const offer = (await callMember(t.app, who.authorization, BONUS_CALLS.offers)).json().value.items[0];
    expect(offer).toMatchObject({
      percentBp: 10_000,
      maxBonusMinor: 300_000,
      minDepositMinor: 10_000,
      wageringMultiplier: 10,
    });
    await creditDeposit(t.app, who.member, await orderDeposit(t.app, who.member, 20_000, forAll.code));
    expect(await codes()).toEqual([]);
  });

  it("answers the brand's sign-up bonus with no token, or null", async () => {
    await closePromotions(t.app, merchantId, 'signup_bonus');
    const none = await t.app.inject({
      method: 'GET',
      url: BONUS_CALLS.signupBonus.path,
      headers: { host: 'localhost' },
    });
    expect([none.statusCode, none.json().value]).toEqual([200, null]);
    await createPromotion(t.app, merchantId, {
      kind: 'signup_bonus',
      rules: { fixedMinor: 5_000, wageringMultiplier: 3 },
    });
    const some = await t.app.inject({
      method: 'GET',
      url: BONUS_CALLS.signupBonus.path,
      headers: { host: 'localhost' },
    });
    expect(some.json().value).toEqual({
      amountMinor: 5_000,
      currency: 'KRW',
      currencyExponent: 0,
      wageringMultiplier: 3,
    });
    const other = await t.app.inject({
      method: 'GET',
      url: BONUS_CALLS.signupBonus.path,
      headers: { host: OTHER_HOST },
    });
    expect(other.json().value).toBeNull();
  });
});
