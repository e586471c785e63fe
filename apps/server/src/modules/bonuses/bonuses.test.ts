import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, type TestMember } from '../../test/members';
import { pointGames, settleRound, type TestGame } from '../points/points.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  bonusBooks,
  bonusesOf,
  closePromotions,
  createPromotion,
  creditDeposit,
  drainBonuses,
  orderDeposit,
} from './bonuses.fixtures';
import { BonusService } from './bonuses.service';

const DAY_MS = 86_400_000;

describe(BonusService.name, () => {
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
    await drainBonuses(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const balanceOf = (member: TestMember) =>
    t.app.gaming.wallet.findBalance(t.app.db, { merchantId, memberId: member.id, currency: 'KRW' });
  const bet = (member: TestMember, game: TestGame, validBetMinor: number) =>
    settleRound(t.app.db, { merchantId, memberId: member.id, game, validBetMinor });

  it('pays the chosen deposit bonus when the deposit is credited, capped, with its wagering', async () => {
    const promotion = await createPromotion(t.app, merchantId, { rules: { maxBonusMinor: 30_000 } });
    const member = await createTestMember(t.app);
    const order = await orderDeposit(t.app, member, 50_000, promotion.code.toLowerCase());
    expect(await bonusesOf(t.app.db, member.id)).toEqual([]);
    await creditDeposit(t.app, member, order);
    const [bonus] = await bonusesOf(t.app.db, member.id);
    expect(bonus).toMatchObject({
      status: 'active',
      amountMinor: 30_000,
      wageringRequiredMinor: 300_000,
      wageringDoneMinor: 0,
    });
    expect(await balanceOf(member)).toBe(80_000);
    // A second credit of the same order (a late notice) pays nothing more.
    await expect(creditDeposit(t.app, member, order)).rejects.toMatchObject({ code: 'CASHIER_ORDER_NOT_REVIEWABLE' });
    expect(await bonusesOf(t.app.db, member.id)).toHaveLength(1);
    expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
  });

  it('refuses a code that is unknown, closed, not for this member or above the deposit', async () => {
    const member = await createTestMember(t.app);
    await expect(orderDeposit(t.app, member, 50_000, 'NOSUCHCODE')).rejects.toMatchObject({
      code: 'BONUS_PROMOTION_NOT_FOUND',
    });
    const signup = await createPromotion(t.app, merchantId, { kind: 'signup_bonus' });
    await expect(orderDeposit(t.app, member, 50_000, signup.code)).rejects.toMatchObject({
      code: 'BONUS_PROMOTION_NOT_FOUND',
    });
    const ended = await createPromotion(t.app, merchantId, { endsAt: new Date(Date.now() - DAY_MS).toISOString() });
    await expect(orderDeposit(t.app, member, 50_000, ended.code)).rejects.toMatchObject({
      code: 'BONUS_PROMOTION_CLOSED',
    });
    const off = await createPromotion(t.app, merchantId, { active: false });
    await expect(orderDeposit(t.app, member, 50_000, off.code)).rejects.toMatchObject({
      code: 'BONUS_PROMOTION_CLOSED',
    });
    const open = await createPromotion(t.app, merchantId, { audience: 'new' });
    await expect(orderDeposit(t.app, member, 9_999, open.code)).rejects.toMatchObject({
      code: 'BONUS_DEPOSIT_TOO_SMALL',
    });
    await creditDeposit(t.app, member, await orderDeposit(t.app, member, 20_000));
    await expect(orderDeposit(t.app, member, 50_000, open.code)).rejects.toMatchObject({
      code: 'BONUS_NOT_ELIGIBLE',
    });
    expect(await bonusesOf(t.app.db, member.id)).toEqual([]);
  });

  it('credits the deposit without the bonus when the member is no longer eligible at the credit', async () => {
    const promotion = await createPromotion(t.app, merchantId, { audience: 'new' });
    const member = await createTestMember(t.app);
    const first = await orderDeposit(t.app, member, 50_000, promotion.code);
    const second = await orderDeposit(t.app, member, 40_000, promotion.code);
    await creditDeposit(t.app, member, second);
    await creditDeposit(t.app, member, first);
    const bonuses = await bonusesOf(t.app.db, member.id);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]!.amountMinor).toBe(40_000);
    expect(await balanceOf(member)).toBe(130_000);
  });

  it('counts valid bets by contribution from the oldest bonus on, spills over and completes', async () => {
    const member = await createTestMember(t.app);
    // A round before any bonus counts for none.
    await bet(member, games.rng, 7_000);
    const first = await createPromotion(t.app, merchantId, { rules: { wageringMultiplier: 1 } });
    const second = await createPromotion(t.app, merchantId, { rules: { wageringMultiplier: 2 } });
    await creditDeposit(t.app, member, await orderDeposit(t.app, member, 10_000, first.code));
    await creditDeposit(t.app, member, await orderDeposit(t.app, member, 10_000, second.code));
    await drainBonuses(t.app);
    expect((await bonusesOf(t.app.db, member.id)).map((bonus) => bonus.wageringDoneMinor)).toEqual([0, 0]);

    await bet(member, games.live, 20_005); // counts 2,000 (10 %, floored per round)
    await bet(member, games.rng, 3_000);
    await drainBonuses(t.app);
    expect((await bonusesOf(t.app.db, member.id)).map((bonus) => bonus.wageringDoneMinor)).toEqual([5_000, 0]);

    await bet(member, games.rng, 9_000); // 5,000 completes the first, 4,000 spills to the second
    await drainBonuses(t.app);
    const bonuses = await bonusesOf(t.app.db, member.id);
    expect(bonuses.map((bonus) => [bonus.status, bonus.wageringDoneMinor])).toEqual([
      ['completed', 10_000],
      ['active', 4_000],
    ]);
    await bet(member, games.rng, 1_000_000);
    await drainBonuses(t.app);
    expect((await bonusesOf(t.app.db, member.id)).map((bonus) => [bonus.status, bonus.wageringDoneMinor])).toEqual([
      ['completed', 10_000],
      ['completed', 20_000],
    ]);
  });

  it('takes back at most the balance on forfeit and on expiry, and ends the lock', async () => {
    const merchant = (await t.app.merchants.findByCode('parlay'))!;
    const promotion = await createPromotion(t.app, merchantId);
    const member = await createTestMember(t.app);
    await creditDeposit(t.app, member, await orderDeposit(t.app, member, 20_000, promotion.code));
    const [bonus] = await bonusesOf(t.app.db, member.id);
    expect(await t.app.bonuses.withdrawalLock(t.app.db, member.id)).toEqual({
      lockedMinor: 20_000,
      shortMinor: 200_000,
    });
    const forfeited = await t.app.bonuses.forfeit(
      merchant,
      member.id,
      { bonusId: bonus!.id, requestId: `forfeit-${randomBytes(4).toString('hex')}` },
      'EN',
    );
    expect(forfeited).toMatchObject({ takenBackMinor: 20_000, balanceMinor: 20_000 });
    expect(forfeited.bonus).toMatchObject({ status: 'forfeited', takenBackMinor: 20_000 });
    expect(await t.app.bonuses.withdrawalLock(t.app.db, member.id)).toEqual({ lockedMinor: 0, shortMinor: 0 });

    // Expiry: the balance fell below the bonus (a loss), so only what is there is taken.
    const other = await createPromotion(t.app, merchantId);
    const loser = await createTestMember(t.app);
    await creditDeposit(t.app, loser, await orderDeposit(t.app, loser, 20_000, other.code));
    await t.app.db.transaction((tx) =>
      t.app.gaming.wallet.debit(tx, {
        merchantId,
        memberId: loser.id,
        currency: 'KRW',
        amountMinor: 35_000,
        kind: 'adjustment',
        idempotencyKey: `loss-${loser.id}`,
      }),
    );
    // Not yet due: nothing happens.
    expect((await t.app.bonuses.expireDue()).expired).toBe(0);
    const later = new BonusService(
      t.app.db,
      t.app.gaming.wallet,
      t.app.settlementFeed,
      t.app.audit,
      () => new Date(Date.now() + 31 * DAY_MS),
    );
    expect((await later.expireDue()).expired).toBeGreaterThanOrEqual(1);
    expect(await bonusesOf(t.app.db, loser.id)).toEqual([
      expect.objectContaining({ status: 'expired', takenBackMinor: 5_000 }),
    ]);
    expect(await balanceOf(loser)).toBe(0);
    expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
  });

  it('pays the sign-up bonus once, and answers the brand has none when it has none', async () => {
    const merchant = (await t.app.merchants.findByCode('parlay'))!;
    await closePromotions(t.app, merchantId, 'signup_bonus');
    expect(await t.app.bonuses.signupBonus(merchant)).toBeNull();
    const member = await createTestMember(t.app);
    expect(
      await t.app.db.transaction((tx) =>
        t.app.bonuses.grantSignup(tx, { merchantId, memberId: member.id, currency: 'KRW' }),
      ),
    ).toBeUndefined();
    await createPromotion(t.app, merchantId, {
      kind: 'signup_bonus',
      rules: { fixedMinor: 5_000, wageringMultiplier: 3 },
    });
    expect(await t.app.bonuses.signupBonus(merchant)).toEqual({
      amountMinor: 5_000,
      currency: 'KRW',
      currencyExponent: 0,
      wageringMultiplier: 3,
    });
    const grant = () =>
      t.app.db.transaction((tx) => t.app.bonuses.grantSignup(tx, { merchantId, memberId: member.id, currency: 'KRW' }));
    expect(await grant()).toMatchObject({ amountMinor: 5_000 });
    expect(await grant()).toBeUndefined();
    expect(await bonusesOf(t.app.db, member.id)).toEqual([
      expect.objectContaining({ status: 'active', amountMinor: 5_000, wageringRequiredMinor: 15_000 }),
    ]);
    expect(await balanceOf(member)).toBe(5_000);
  });
});
