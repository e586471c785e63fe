import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
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

const PARALLEL = 50;

describe(`${BonusService.name} under concurrency`, () => {
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

  const balanceOf = (memberId: number) =>
    t.app.gaming.wallet.findBalance(t.app.db, { merchantId, memberId, currency: 'KRW' });

  it(`pays a deposit's bonus once when its credit comes ${PARALLEL} times at once`, async () => {
    const promotion = await createPromotion(t.app, merchantId);
    const member = await createTestMember(t.app);
    const order = await orderDeposit(t.app, member, 30_000, promotion.code);
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, () => creditDeposit(t.app, member, order)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await bonusesOf(t.app.db, member.id)).toEqual([expect.objectContaining({ amountMinor: 30_000 })]);
    expect(await balanceOf(member.id)).toBe(60_000);
    expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
  }, 120_000);

  it(`pays a sign-up bonus once when ${PARALLEL} grants for one member run at once`, async () => {
    await closePromotions(t.app, merchantId, 'signup_bonus');
    await createPromotion(t.app, merchantId, { kind: 'signup_bonus', rules: { fixedMinor: 7_000 } });
    const member = await createTestMember(t.app);
    const grants = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.app.db.transaction((tx) =>
          t.app.bonuses.grantSignup(tx, { merchantId, memberId: member.id, currency: 'KRW' }),
        ),
      ),
    );
    expect(grants.filter((grant) => grant !== undefined)).toHaveLength(1);
    expect(await balanceOf(member.id)).toBe(7_000);
    expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
  }, 120_000);

  it(`takes a bonus back once when it is forfeited ${PARALLEL} times at once, by one key or many`, async () => {
    const merchant = (await t.app.merchants.findByCode('parlay'))!;
    const promotion = await createPromotion(t.app, merchantId);
    const member = await createTestMember(t.app);
    await creditDeposit(t.app, member, await orderDeposit(t.app, member, 25_000, promotion.code));
    const [bonus] = await bonusesOf(t.app.db, member.id);
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, index) =>
        t.app.bonuses.forfeit(
          merchant,
          member.id,
          { bonusId: bonus!.id, requestId: index % 2 === 0 ? 'forfeit-same-key' : `forfeit-key-${index}` },
          'KO',
        ),
      ),
    );
    const answered = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { code: string }).code] : [],
    );
    // The first and every repeat of its key answer what it took; every other key finds the bonus over.
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(new Set(answered.map((answer) => answer.takenBackMinor))).toEqual(new Set([25_000]));
    expect(new Set(refused)).toEqual(new Set(refused.length > 0 ? ['BONUS_NOT_ACTIVE'] : []));
    expect(await balanceOf(member.id)).toBe(25_000);
    expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
  }, 120_000);

  it('never counts wagering into a bonus forfeited while its rounds are applied', async () => {
    const merchant = (await t.app.merchants.findByCode('parlay'))!;
    const promotion = await createPromotion(t.app, merchantId, { rules: { wageringMultiplier: 50 } });
    const members = await Promise.all(Array.from({ length: 8 }, () => createTestMember(t.app)));
    for (const member of members) {
      await creditDeposit(t.app, member, await orderDeposit(t.app, member, 10_000, promotion.code));
    }
    await drainBonuses(t.app);
    let settling = true;
    const consumer = (async () => {
      while (settling) await t.app.bonuses.consumeFeed({ batchSize: 5 });
    })();
    await Promise.all(
      members.map(async (member, index) => {
        for (let round = 0; round < 20; round += 1) {
          await settleRound(t.app.db, { merchantId, memberId: member.id, game: games.rng, validBetMinor: 100 });
          if (round === 10 + index) {
            const [bonus] = await bonusesOf(t.app.db, member.id);
            await t.app.bonuses.forfeit(
              merchant,
              member.id,
              { bonusId: bonus!.id, requestId: `race-${member.id}` },
              'EN',
            );
          }
        }
      }),
    );
    settling = false;
    await consumer;
    await drainBonuses(t.app);
    for (const [index, member] of members.entries()) {
      const [bonus] = await bonusesOf(t.app.db, member.id);
      expect(bonus!.status).toBe('forfeited');
      // At most the rounds settled before the forfeit counted (those applied in time); none after it.
      expect(bonus!.wageringDoneMinor).toBeLessThanOrEqual(100 * (11 + index));
      expect(bonus!.takenBackMinor).toBe(10_000);
    }
    const done = await Promise.all(members.map(async (member) => (await bonusesOf(t.app.db, member.id))[0]!));
    const frozen = done.map((bonus) => bonus.wageringDoneMinor);
    await drainBonuses(t.app);
    expect(
      (await Promise.all(members.map(async (member) => (await bonusesOf(t.app.db, member.id))[0]!))).map(
        (bonus) => bonus.wageringDoneMinor,
      ),
    ).toEqual(frozen);
    expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
  }, 180_000);
});
