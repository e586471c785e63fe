import { query } from '@parlay/db';
import { VIP_CALLS, WITHDRAWAL_CALLS } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { createTestMember, signInTestMember } from '../../test/members';
import {
  bindAccount,
  callMember,
  createWithdrawer,
  PAYMENT_PASSWORD,
  setWithdrawalSettings,
} from '../withdrawals/withdrawals.fixtures';
import {
  bonusMovementsOf,
  changesOf,
  consumeVip,
  depositEvent,
  prepareVipWorld,
  rankOf,
  settleRound,
  type VipWorld,
} from './vip.fixtures';

const DAY = 86_400_000;

describe('VIP ranks', () => {
  let t: TestApp;
  let world: VipWorld;

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
    world = await prepareVipWorld(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('raises a member as soon as the figures reach a level, to the highest reached, each bonus paid once', async () => {
    const { member, authorization } = await signInTestMember(t.app);
    await settleRound(t.app.db, world, member.id, 900);
    await depositEvent(t.app.db, world, member.id, 600);
    await consumeVip(t.app, world.vip);
    // 900 of valid bets: short of Silver's 1 000, whatever the deposits.
    expect(await rankOf(t.app.db, member.id)).toBe(0);

    await settleRound(t.app.db, world, member.id, 4_100);
    await consumeVip(t.app, world.vip);
    expect(await rankOf(t.app.db, member.id)).toBe(2);
    expect(await changesOf(t.app.db, member.id)).toEqual([
      { kind: 'upgrade', fromLevel: 0, toLevel: 2, bonusMinor: 250 },
    ]);
    expect(await bonusMovementsOf(t.app.db, member.id)).toEqual([
      { key: `vip-upgrade:${member.id}:1`, amountMinor: 50 },
      { key: `vip-upgrade:${member.id}:2`, amountMinor: 200 },
    ]);

    // The rank label is the level's name everywhere member info is read.
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization } });
    expect(info.json().value.clubLabel).toEqual({ labelName: 'Gold', rankLevel: 2 });

    // More rounds of the same level: no change, no bonus.
    await settleRound(t.app.db, world, member.id, 1_000);
    await consumeVip(t.app, world.vip);
    expect(await changesOf(t.app.db, member.id)).toHaveLength(1);
    expect(await bonusMovementsOf(t.app.db, member.id)).toHaveLength(2);
  });

  it('counts only the rolling period, and free-play guests not at all', async () => {
    const member = await createTestMember(t.app);
    const guest = await createTestMember(t.app, { isFreePlay: true });
    await settleRound(t.app.db, world, member.id, 5_000, new Date(world.now.at.getTime() - 31 * DAY));
    await depositEvent(t.app.db, world, member.id, 500);
    await settleRound(t.app.db, world, guest.id, 50_000);
    await depositEvent(t.app.db, world, guest.id, 5_000);
    await consumeVip(t.app, world.vip);
    expect(await rankOf(t.app.db, member.id)).toBe(0);
    expect(await rankOf(t.app.db, guest.id)).toBe(0);
    const days = await query(t.app.db, sql`SELECT 1 FROM vip_member_days WHERE member_id = ${guest.id}`);
    expect(days).toHaveLength(0);
  });

  it('lowers after the grace days, at most once a month, and never pays an upgrade bonus twice', async () => {
    const member = await createTestMember(t.app);
    const start = world.now.at;
    await settleRound(t.app.db, world, member.id, 5_000);
    await depositEvent(t.app.db, world, member.id, 500);
    await consumeVip(t.app, world.vip);
    expect(await rankOf(t.app.db, member.id)).toBe(2);

    try {
      // Five days on, the figures are the same: kept; and within the grace anyway.
      world.now.at = new Date(start.getTime() + 5 * DAY);
      expect(await world.vip.reviewDowngrades(world.merchantId)).toBe(0);

      // 35 days on the rounds have left the period; a round of 600 keeps Silver (500), not Gold (2 500 and 200).
      world.now.at = new Date(start.getTime() + 35 * DAY);
      await settleRound(t.app.db, world, member.id, 600);
      await consumeVip(t.app, world.vip);
      await world.vip.reviewDowngrades(world.merchantId);
      expect(await rankOf(t.app.db, member.id)).toBe(1);
      // Later that month its figures fall further (the round leaves the period): no second downgrade this month.
      world.now.at = new Date(start.getTime() + 50 * DAY);
      expect(await world.vip.reviewDowngrades(world.merchantId)).toBe(0);
      expect(await rankOf(t.app.db, member.id)).toBe(1);
      // The next month it goes to 0.
      world.now.at = new Date(start.getTime() + 70 * DAY);
      await world.vip.reviewDowngrades(world.merchantId);
      expect(await rankOf(t.app.db, member.id)).toBe(0);

      // Reaching Gold again pays nothing more.
      await settleRound(t.app.db, world, member.id, 5_000);
      await depositEvent(t.app.db, world, member.id, 500);
      await consumeVip(t.app, world.vip);
      expect(await rankOf(t.app.db, member.id)).toBe(2);
      expect(
        (await changesOf(t.app.db, member.id)).map((change) => [change.kind, change.toLevel, change.bonusMinor]),
      ).toEqual([
        ['upgrade', 2, 250],
        ['downgrade', 1, 0],
        ['downgrade', 0, 0],
        ['upgrade', 2, 0],
      ]);
      expect(await bonusMovementsOf(t.app.db, member.id)).toHaveLength(2);
      // A change is a record: the database refuses to alter one.
      await expect(
        query(t.app.db, sql`UPDATE vip_level_changes SET to_level = 3 WHERE member_id = ${member.id}`),
      ).rejects.toMatchObject({ cause: { message: expect.stringContaining('vip_level_changes is append-only') } });
    } finally {
      world.now.at = start;
    }
  });

  it('pays the birthday bonus once a year and the monthly bonus once a month, by the level held', async () => {
    const member = await createTestMember(t.app);
    await query(t.app.db, sql`UPDATE members SET birthday = '1990-11-10' WHERE id = ${member.id}`);
    await settleRound(t.app.db, world, member.id, 1_000);
    await depositEvent(t.app.db, world, member.id, 100);
    await consumeVip(t.app, world.vip);
    expect(await rankOf(t.app.db, member.id)).toBe(1);
    const brand = { merchantId: world.merchantId, timeZone: world.timeZone, currency: 'KRW' };
    const start = world.now.at;
    try {
      await world.vip.payPeriodicBonuses(brand, 'birthday');
      await world.vip.payPeriodicBonuses(brand, 'birthday');
      await world.vip.payPeriodicBonuses(brand, 'monthly');
      await world.vip.payPeriodicBonuses(brand, 'monthly');
      world.now.at = new Date(start.getTime() + 25 * DAY);
      await world.vip.payPeriodicBonuses(brand, 'birthday');
      await world.vip.payPeriodicBonuses(brand, 'monthly');
      const keys = (await bonusMovementsOf(t.app.db, member.id)).map((bonus) => [bonus.key, bonus.amountMinor]);
      expect(keys).toEqual([
        [`vip-upgrade:${member.id}:1`, 50],
        [`vip-birthday:${member.id}:2026`, 20],
        [`vip-monthly:${member.id}:2026-11`, 10],
        [`vip-monthly:${member.id}:2026-12`, 10],
      ]);
    } finally {
      world.now.at = start;
    }
  });

  it("answers the member's levels, level with progress, and changes", async () => {
    const { member, authorization } = await signInTestMember(t.app);
    await settleRound(t.app.db, world, member.id, 3_000);
    await depositEvent(t.app.db, world, member.id, 100);
    await consumeVip(t.app, world.vip);

    const levels = await t.app.inject({ method: 'GET', url: VIP_CALLS.levels.path, headers: { authorization } });
    expect(levels.statusCode).toBe(200);
    expect(levels.json().value).toMatchObject({ currency: 'KRW', periodDays: 30, downgradeGraceDays: 10 });
    expect(levels.json().value.levels.map((level: { name: string }) => level.name)).toEqual([
      'Base',
      'Silver',
      'Gold',
      'Platinum',
    ]);
    expect(levels.json().value.levels[1].benefits.withdrawal).toEqual({
      dailyCount: 2,
      dailyMaxMinor: 30_000,
      singleMaxMinor: 20_000,
    });

    const me = (await t.app.inject({ method: 'GET', url: VIP_CALLS.myLevel.path, headers: { authorization } })).json()
      .value;
    expect(me).toMatchObject({ rankLevel: 1, name: 'Silver', figures: { validBetMinor: 3_000, depositMinor: 100 } });
    expect(me.next).toEqual({
      rankLevel: 2,
      name: 'Gold',
      validBet: { currentMinor: 3_000, targetMinor: 5_000, percent: 60 },
      deposit: { currentMinor: 100, targetMinor: 500, percent: 20 },
      percent: 20,
    });
    expect(me.keep).toMatchObject({ met: true });

    const changes = (
      await t.app.inject({ method: 'GET', url: `${VIP_CALLS.changes.path}?limit=1`, headers: { authorization } })
    ).json().value;
    expect(changes.items).toMatchObject([
      { kind: 'upgrade', fromLevel: 0, toLevel: 1, toName: 'Silver', bonusMinor: 50 },
    ]);
    expect(changes.nextCursor).toBeNull();

    const bad = await t.app.inject({
      method: 'GET',
      url: `${VIP_CALLS.changes.path}?cursor=x`,
      headers: { authorization },
    });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const anonymous = await t.app.inject({ method: 'GET', url: VIP_CALLS.myLevel.path });
    expect(anonymous.statusCode).toBe(401);
  });

  it("applies the tighter of the brand's and the rank's withdrawal limits", async () => {
    await setWithdrawalSettings(t.app, { minMinor: 1_000, maxMinor: 50_000, dailyCount: 5, turnoverPercent: 0 });
    const who = await createWithdrawer(t.app, { depositMinor: 100_000 });
    const accountId = await bindAccount(t.app, who);
    await query(t.app.db, sql`UPDATE members SET rank_level = 1 WHERE id = ${who.member.id}`);
    expect(await t.app.vip.ranks.levelOf({ merchantId: who.member.merchantId, memberId: who.member.id })).toEqual({
      level: 1,
      name: 'Silver',
      withdrawal: { dailyCount: 2, dailyMaxMinor: 30_000, singleMaxMinor: 20_000 },
    });
    const overview = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.overview);
    expect(overview.json().value.rules).toMatchObject({ maxMinor: 20_000, dailyCount: 2 });

    const ask = (amountMinor: number, requestId: string) =>
      callMember(t.app, who.authorization, WITHDRAWAL_CALLS.createWithdrawal, {
        payload: { bankAccountId: accountId, amountMinor, paymentPassword: PAYMENT_PASSWORD, requestId },
      });
    expect((await ask(25_000, 'vip-wd-0001')).json().code).toBe('WITHDRAWAL_ABOVE_MAX');
    expect((await ask(20_000, 'vip-wd-0002')).statusCode).toBe(200);
    const overDay = await ask(15_000, 'vip-wd-0003');
    expect(overDay.json()).toMatchObject({ code: 'WITHDRAWAL_DAILY_AMOUNT', value: { remainingMinor: 10_000 } });
    expect((await ask(10_000, 'vip-wd-0004')).statusCode).toBe(200);
    expect((await ask(1_000, 'vip-wd-0005')).json().code).toBe('WITHDRAWAL_DAILY_COUNT');
  });
});
