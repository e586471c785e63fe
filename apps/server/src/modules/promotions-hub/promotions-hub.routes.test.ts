import {
  BonusRulesSchema,
  PROMOTION_CALLS,
  callWithParams,
  type PromotionDetail,
  type PromotionHub,
} from '@parlay/contract';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_CODE } from '../../db/seed';
import { seedDemoBonuses } from '../../db/seed-bonuses';
import { DEMO_CASHBACK_CODE, DEMO_MISSIONS_CODE, seedDemoPromotionHub } from '../../db/seed-promotions';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { signInTestMember } from '../../test/members';
import { createPromotion, creditDeposit, orderDeposit } from '../bonuses/bonuses.fixtures';
import { drainMissions, feedDeposit, insertTestMission } from '../missions/missions.fixtures';
import { PromotionHubService } from './promotions-hub.service';

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe(PromotionHubService.name, () => {
  let t: TestApp;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.bonusExpiry?.stop();
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    // The demo brand's promotions of a real start: WELCOME100, SIGNUP5000, SHAREWIN.
    await seedDemoBonuses(t.app.db, DEMO_MERCHANT_CODE);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const hub = async (options: { authorization?: string; language?: string; host?: string } = {}) => {
    const response = await t.app.inject({
      method: 'GET',
      url: PROMOTION_CALLS.hub.path,
      headers: {
        language: options.language ?? 'EN',
        ...(options.authorization ? { authorization: options.authorization } : {}),
        ...(options.host ? { host: options.host } : {}),
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json().value as PromotionHub;
  };
  const detail = (code: string, options: { authorization?: string; host?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url: callWithParams(PROMOTION_CALLS.detail, { code }).path,
      headers: {
        language: 'EN',
        ...(options.authorization ? { authorization: options.authorization } : {}),
        ...(options.host ? { host: options.host } : {}),
      },
    });
  const find = (list: PromotionHub, code: string) => list.items.find((item) => item.code === code);
  const stateOf = (list: PromotionHub, code: string) => {
    const item = find(list, code);
    return item && { state: item.state, action: item.action };
  };

  it('shows a visitor every kind of the brand by its dates: sign in to join, register for the sign-up bonus', async () => {
    const mission = await createPromotion(t.app, merchantId, { kind: 'mission' });
    const list = await hub();
    expect(stateOf(list, 'WELCOME100')).toEqual({ state: 'join', action: 'login' });
    expect(stateOf(list, 'SIGNUP5000')).toEqual({ state: 'join', action: 'register' });
    expect(stateOf(list, 'SHAREWIN')).toEqual({ state: 'join', action: 'login' });
    expect(stateOf(list, mission.code)).toEqual({ state: 'join', action: 'login' });
    const welcome = find(list, 'WELCOME100')!;
    expect(welcome).toMatchObject({ kind: 'deposit_bonus', category: 'bonus', title: '100% first deposit bonus' });
    expect(welcome.rules).toMatchObject({ percentBp: 10_000, wageringMultiplier: 10, expiryDays: 30 });
    expect(list.categories).toContain('bonus');
    expect(find(await hub({ language: 'KO' }), 'WELCOME100')!.title).toBe('첫 충전 100% 보너스');
  });

  it("gives a member the kinds' own states: a deposit bonus joined by depositing, then claimed", async () => {
    const promotion = await createPromotion(t.app, merchantId, { audience: 'all' });
    const { member, authorization } = await signInTestMember(t.app);
    let list = await hub({ authorization });
    expect(stateOf(list, promotion.code)).toEqual({ state: 'join', action: 'deposit' });
    // A member registered without the sign-up bonus cannot get it any more: registration pays it.
    expect(stateOf(list, 'SIGNUP5000')).toEqual({ state: 'close', action: 'none' });
    expect(stateOf(list, 'SHAREWIN')).toEqual({ state: 'join', action: 'apply' });

    await creditDeposit(t.app, member, await orderDeposit(t.app, member, 20_000, promotion.code));
    list = await hub({ authorization });
    expect(stateOf(list, promotion.code)).toEqual({ state: 'claimed', action: 'bonusDetails' });
    // WELCOME100 is for new members: after a credited deposit it is no longer this member's.
    expect(stateOf(list, 'WELCOME100')).toEqual({ state: 'close', action: 'none' });
    const one = await detail(promotion.code.toLowerCase(), { authorization });
    expect(one.statusCode).toBe(200);
    expect((one.json().value as PromotionDetail).promotion).toMatchObject({ state: 'claimed', action: 'bonusDetails' });
  });

  it("asks the applications module for an application's state: applying, then rejected may apply again", async () => {
    const { member, authorization } = await signInTestMember(t.app);
    const shareWin = find(await hub({ authorization }), 'SHAREWIN')!;
    await query(
      t.app.db,
      sql`INSERT INTO promotion_applications (merchant_id, member_id, promotion_id, comment)
          VALUES (${merchantId}, ${member.id}, ${shareWin.id}, 'my big win')`,
    );
    expect(stateOf(await hub({ authorization }), 'SHAREWIN')).toEqual({ state: 'applying', action: 'none' });
    await query(
      t.app.db,
      sql`UPDATE promotion_applications SET status = 'rejected', reject_reason = 'blurry', decided_at = now()
          WHERE member_id = ${member.id}`,
    );
    expect(stateOf(await hub({ authorization }), 'SHAREWIN')).toEqual({ state: 'rejected', action: 'apply' });
  });

  it('states by dates: coming soon, closed for 30 days after the end, then gone; switched off never shown', async () => {
    const soon = await createPromotion(t.app, merchantId, { startsAt: at(2), endsAt: at(9) });
    const ended = await createPromotion(t.app, merchantId, { startsAt: at(-9), endsAt: at(-2) });
    const long = await createPromotion(t.app, merchantId, { startsAt: at(-60), endsAt: at(-40) });
    const off = await createPromotion(t.app, merchantId, { active: false });
    const cashback = await createPromotion(t.app, merchantId, { kind: 'cashback', startsAt: at(-1), endsAt: at(5) });
    const { authorization } = await signInTestMember(t.app);
    for (const list of [await hub(), await hub({ authorization })]) {
      expect(stateOf(list, soon.code)).toEqual({ state: 'coming_soon', action: 'none' });
      expect(stateOf(list, ended.code)).toEqual({ state: 'close', action: 'none' });
      expect(find(list, long.code)).toBeUndefined();
      expect(find(list, off.code)).toBeUndefined();
      // Open ones first, then coming soon, then closed.
      const codes = list.items.map((item) => item.code);
      expect(codes.indexOf(cashback.code)).toBeLessThan(codes.indexOf(soon.code));
      expect(codes.indexOf(soon.code)).toBeLessThan(codes.indexOf(ended.code));
    }
    // A kind without a provider of its own (cashback) shows by its dates and opens its member-centre page.
    expect(stateOf(await hub({ authorization }), cashback.code)).toEqual({ state: 'join', action: 'manualRebate' });
    expect(stateOf(await hub(), cashback.code)).toEqual({ state: 'join', action: 'login' });
    expect((await detail(off.code)).json().code).toBe('PROMOTION_NOT_FOUND');
    const closed = (await detail(ended.code)).json().value as PromotionDetail;
    expect(closed.promotion).toMatchObject({ code: ended.code, state: 'close', action: 'none' });
  });

  it("never shows another brand's promotion: not in the list, and not found by its code", async () => {
    const otherId = await createTestBrand(t.app.db, 'hubother', 'hubother.example');
    const theirs = await createPromotion(t.app, otherId, { code: 'OTHERBRAND1' });
    const ours = await hub();
    expect(find(ours, theirs.code)).toBeUndefined();
    const response = await detail(theirs.code);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('PROMOTION_NOT_FOUND');
    const list = await hub({ host: 'hubother.example' });
    expect(list.items.map((item) => item.code)).toEqual([theirs.code]);
    expect(find(list, 'WELCOME100')).toBeUndefined();
    expect((await detail('WELCOME100', { host: 'hubother.example' })).statusCode).toBe(404);
  });

  it("lists the demo brand's cashback and missions in their categories, each opening its member-centre page", async () => {
    await seedDemoPromotionHub(t.app.db, DEMO_MERCHANT_CODE);
    await seedDemoPromotionHub(t.app.db, DEMO_MERCHANT_CODE);
    const { authorization } = await signInTestMember(t.app);
    const [visitor, member] = [await hub(), await hub({ authorization })];
    expect(visitor.items.filter((item) => item.code === DEMO_CASHBACK_CODE)).toHaveLength(1);
    expect(find(visitor, DEMO_CASHBACK_CODE)).toMatchObject({ category: 'cashback', state: 'join', action: 'login' });
    expect(find(member, DEMO_CASHBACK_CODE)).toMatchObject({ kind: 'cashback', action: 'manualRebate', rules: null });
    expect(find(member, DEMO_MISSIONS_CODE)).toMatchObject({ category: 'missions', action: 'missionLeaderboard' });
    expect(member.categories).toEqual(expect.arrayContaining(['bonus', 'cashback', 'missions']));
    // Only the bonus kinds have a bonus rule: these rows' rules are empty, and the table refuses one.
    const rows = await query<{ rules: unknown }>(
      t.app.db,
      sql`SELECT rules FROM promotions WHERE code IN (${DEMO_CASHBACK_CODE}, ${DEMO_MISSIONS_CODE})`,
    );
    expect(rows.map((row) => (typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules))).toEqual([{}, {}]);
    const bonusRule = BonusRulesSchema.parse({
      percentBp: null,
      maxBonusMinor: null,
      fixedMinor: 1_000,
      minDepositMinor: 0,
      wageringMultiplier: 0,
      contributionBp: {},
      expiryDays: 1,
    });
    await expect(
      query(
        t.app.db,
        sql`UPDATE promotions SET rules = ${JSON.stringify(bonusRule)}::jsonb WHERE code = ${DEMO_CASHBACK_CODE}`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'promotions_rules_of_bonus_kinds_only' } });
  });

  it('shows a trial account what a visitor sees', async () => {
    const { authorization } = await signInTestMember(t.app, { agentType: 4 });
    expect(stateOf(await hub({ authorization }), 'WELCOME100')).toEqual({ state: 'join', action: 'login' });
  });

  it("gives the missions' promotion the member's summary state: claim while a mission is ready", async () => {
    await seedDemoPromotionHub(t.app.db, DEMO_MERCHANT_CODE);
    // A deposit mission: a member's credited deposit of its target makes it ready to claim.
    await insertTestMission(t.app.db, merchantId, { goal: 'deposit', target: 1_000 });
    const { member, authorization } = await signInTestMember(t.app);
    expect(stateOf(await hub({ authorization }), DEMO_MISSIONS_CODE)).toEqual({
      state: 'join',
      action: 'missionLeaderboard',
    });
    await feedDeposit(t.app.db, { merchantId, memberId: member.id, amountMinor: 600 });
    await drainMissions(t.app);
    expect(stateOf(await hub({ authorization }), DEMO_MISSIONS_CODE)).toEqual({
      state: 'in_process',
      action: 'missionLeaderboard',
    });
    await feedDeposit(t.app.db, { merchantId, memberId: member.id, amountMinor: 400 });
    await drainMissions(t.app);
    const list = await hub({ authorization });
    expect(stateOf(list, DEMO_MISSIONS_CODE)).toEqual({ state: 'claim', action: 'missionLeaderboard' });
    // No cashback accrued this period and none to claim: the cashback's promotion shows by its dates.
    expect(stateOf(list, DEMO_CASHBACK_CODE)).toEqual({ state: 'join', action: 'manualRebate' });
    expect(stateOf(await hub(), DEMO_MISSIONS_CODE)).toEqual({ state: 'join', action: 'login' });
  });
});
