import { CASHIER_CALLS, TRANSFER_CALLS } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { injectEncrypted, solveAltcha } from '../../test/members';
import { pointGames, settleRound, type TestGame } from '../points/points.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { countWritten, createMemberUnderAgent, TEST_PAYMENT_PASSWORD } from '../transfers/upline-transfer.fixtures';
import {
  bindAccount,
  callMember,
  createWithdrawer,
  requestWithdrawal,
  setWithdrawalSettings,
} from '../withdrawals/withdrawals.fixtures';
import { bankMethod, bonusesOf, closePromotions, createPromotion, drainBonuses } from './bonuses.fixtures';

// The bonuses' hooks (decision 0050): the deposit's promotionCode paid with its credit (cashier), the wagering lock
// (withdrawals and transfers to the upline), the sign-up bonus (registration). Each test fails without its hook.

describe('bonus hooks in the cashier, the withdrawals and the registration', () => {
  let t: TestApp;
  let merchantId: number;
  let games: { rng: TestGame; live: TestGame };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.bonusExpiry?.stop();
    await installTestVendor(t.app);
    games = await pointGames(t.app);
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    await setWithdrawalSettings(t.app, { turnoverPercent: 0, paymentPasswordRequired: false, minMinor: 1_000 });
    await drainBonuses(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const balanceOf = (memberId: number) =>
    t.app.gaming.wallet.findBalance(t.app.db, { merchantId, memberId, currency: 'KRW' });

  it("cashier: a deposit's promotionCode is checked at once and its bonus paid with the credit", async () => {
    const promotion = await createPromotion(t.app, merchantId, { rules: { wageringMultiplier: 2 } });
    const who = await createWithdrawer(t.app);
    const methodId = await bankMethod(t.app, merchantId);
    const refused = await callMember(t.app, who.authorization, CASHIER_CALLS.createDeposit, {
      payload: { methodId, amountMinor: 50_000, promotionCode: 'NOPE' },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'BONUS_PROMOTION_NOT_FOUND']);
    const small = await callMember(t.app, who.authorization, CASHIER_CALLS.createDeposit, {
      payload: { methodId, amountMinor: 5_000, promotionCode: promotion.code },
    });
    expect([small.statusCode, small.json().code]).toEqual([422, 'BONUS_DEPOSIT_TOO_SMALL']);
    expect(small.json().message).toContain('10,000');

    const made = await callMember(t.app, who.authorization, CASHIER_CALLS.createDeposit, {
      payload: { methodId, amountMinor: 50_000, promotionCode: promotion.code },
    });
    expect(made.statusCode).toBe(200);
    const [order] = await query<{ id: unknown; promotion_id: unknown }>(
      t.app.db,
      sql`SELECT id, promotion_id FROM cashier_deposits WHERE order_no = ${made.json().value.orderNo}`,
    );
    expect(toNumber(order!.promotion_id)).toBe(promotion.id);
    await t.app.cashier.deposits.confirmManual(merchantId, toNumber(order!.id), TEST_ACTOR);
    expect(await bonusesOf(t.app.db, who.member.id)).toEqual([
      expect.objectContaining({ status: 'active', amountMinor: 50_000, wageringRequiredMinor: 100_000 }),
    ]);
    expect(await balanceOf(who.member.id)).toBe(100_000);
  });

  it('withdrawals: refused while a bonus is short of its wagering, allowed once it is met', async () => {
    const promotion = await createPromotion(t.app, merchantId, { rules: { wageringMultiplier: 1 } });
    const who = await createWithdrawer(t.app);
    const accountId = await bindAccount(t.app, who);
    const methodId = await bankMethod(t.app, merchantId);
    const made = await callMember(t.app, who.authorization, CASHIER_CALLS.createDeposit, {
      payload: { methodId, amountMinor: 20_000, promotionCode: promotion.code },
    });
    const [order] = await query<{ id: unknown }>(
      t.app.db,
      sql`SELECT id FROM cashier_deposits WHERE order_no = ${made.json().value.orderNo}`,
    );
    await t.app.cashier.deposits.confirmManual(merchantId, toNumber(order!.id), TEST_ACTOR);

    // 20,000 deposited and 20,000 of bonus: the member's own 20,000 may go, the bonus may not.
    const refused = await requestWithdrawal(t.app, who, { bankAccountId: accountId, amountMinor: 25_000 });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'WITHDRAWAL_BONUS_WAGERING']);
    expect(refused.json().value).toEqual({ shortMinor: 20_000, lockedMinor: 20_000, availableMinor: 20_000 });
    expect(refused.json().message).toContain('20,000');
    expect(await balanceOf(who.member.id)).toBe(40_000);
    const own = await requestWithdrawal(t.app, who, { bankAccountId: accountId, amountMinor: 20_000 });
    expect(own.statusCode).toBe(200);

    await settleRound(t.app.db, { merchantId, memberId: who.member.id, game: games.rng, validBetMinor: 12_000 });
    await drainBonuses(t.app);
    const short = await requestWithdrawal(t.app, who, { bankAccountId: accountId, amountMinor: 5_000 });
    expect(short.json().value).toEqual({ shortMinor: 8_000, lockedMinor: 20_000, availableMinor: 0 });

    await settleRound(t.app.db, { merchantId, memberId: who.member.id, game: games.rng, validBetMinor: 8_000 });
    await drainBonuses(t.app);
    const allowed = await requestWithdrawal(t.app, who, { bankAccountId: accountId, amountMinor: 5_000 });
    expect(allowed.statusCode).toBe(200);
    expect(await balanceOf(who.member.id)).toBe(15_000);
  });

  it('transfers to the upline: refused while a bonus is short of its wagering, nothing moved', async () => {
    await closePromotions(t.app, merchantId, 'signup_bonus');
    await createPromotion(t.app, merchantId, { kind: 'signup_bonus', rules: { fixedMinor: 5_000 } });
    const sender = await createMemberUnderAgent(t.app, 10_000);
    await t.app.db.transaction((tx) =>
      t.app.bonuses.grantSignup(tx, { merchantId, memberId: sender.member.id, currency: 'KRW' }),
    );
    expect(await balanceOf(sender.member.id)).toBe(15_000);
    const send = (amountMinor: number) =>
      t.app.inject({
        method: 'POST',
        url: TRANSFER_CALLS.transferUpline.path,
        headers: { language: 'EN', authorization: sender.authorization },
        payload: { amountMinor, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: `bonus-${amountMinor}` },
      });

    // 10,000 of the member's own and 5,000 of bonus: the own money may go to the upline, the bonus may not.
    const refused = await send(12_000);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'TRANSFER_BONUS_WAGERING']);
    expect(refused.json().value).toEqual({ shortMinor: 50_000, lockedMinor: 5_000, availableMinor: 10_000 });
    expect(refused.json().message).toBe(
      'Your bonus needs 50,000 more wagering before its money can be sent. You can send up to 10,000 now.',
    );
    expect(await balanceOf(sender.member.id)).toBe(15_000);
    expect(await countWritten(t.app, sender.member.id)).toEqual({ movements: 0, transfers: 0 });
    expect((await send(10_000)).statusCode).toBe(200);
    expect(await balanceOf(sender.member.id)).toBe(5_000);
  });

  it("registration: the brand's sign-up bonus is paid in the registration", async () => {
    await closePromotions(t.app, merchantId, 'signup_bonus');
    await createPromotion(t.app, merchantId, {
      kind: 'signup_bonus',
      rules: { fixedMinor: 5_000, wageringMultiplier: 3 },
    });
    const username = `bonus${Date.now().toString(36)}`;
    const response = await injectEncrypted(t.app, {
      method: 'PUT',
      url: '/wps/member/register',
      body: {
        login: true,
        registerMethod: 'WEB',
        altcha: await solveAltcha(t.app),
        username,
        password: 'Secret12!',
        confirmPassword: 'Secret12!',
      },
      headers: {},
      remoteAddress: '10.9.9.9',
    });
    expect(response.statusCode).toBe(200);
    const [member] = await query<{ id: unknown }>(t.app.db, sql`SELECT id FROM members WHERE account = ${username}`);
    const memberId = toNumber(member!.id);
    expect(await bonusesOf(t.app.db, memberId)).toEqual([
      expect.objectContaining({ status: 'active', amountMinor: 5_000, wageringRequiredMinor: 15_000 }),
    ]);
    expect(await balanceOf(memberId)).toBe(5_000);
  });
});
