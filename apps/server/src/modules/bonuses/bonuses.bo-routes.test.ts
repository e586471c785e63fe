import { BACKOFFICE_CALLS, callWithParams, type BoMemberBonusPage, type BoPromotion } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPromotionHub } from '../../db/seed-promotions';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { insertTestRaffle } from '../raffles/raffles.fixtures';
import { bonusBooks, bonusesOf, createPromotion, creditDeposit, orderDeposit } from './bonuses.fixtures';
import { bonusesBackofficeRoutes } from './bonuses.bo-routes';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

const RULES = {
  percentBp: 5_000,
  maxBonusMinor: 100_000,
  fixedMinor: null,
  minDepositMinor: 10_000,
  wageringMultiplier: 5,
  contributionBp: { RNG: 10_000 },
  expiryDays: 14,
};

describe(bonusesBackofficeRoutes.name, () => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  let support: string;
  let readOnly: string;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.bonusExpiry?.stop();
    admin = await signInAs(t.app, 'demo-admin');
    finance = await signInAs(t.app, 'demo-finance');
    support = await signInAs(t.app, 'demo-support');
    readOnly = await signInAs(t.app, 'demo-readonly');
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const call = (
    cookie: string,
    api: Api,
    params: Record<string, string | number> = {},
    payload?: unknown,
    search = '',
  ) =>
    callBackoffice(t.app, {
      method: api.method,
      url: `${callWithParams(api, { brand: 'parlay', ...params } as never).path}${search}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });
  const value = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: T }).value;
  };
  const codeOf = (response: { json: () => unknown }) => (response.json() as { code: string }).code;
  const auditRows = async (action: string) =>
    toNumber(
      (await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM audit_log WHERE action = ${action}`))[0]!.n,
    );

  it('adds, lists, edits and switches off promotions, audited, refusing what does not fit', async () => {
    const body = {
      code: 'reload50',
      kind: 'deposit_bonus',
      titleKo: '리로드 50%',
      titleEn: 'Reload 50%',
      rules: RULES,
    };
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.createPromotion, {}, body))).toBe('BO_PERMISSION_DENIED');
    const created = value<BoPromotion>(await call(admin, BACKOFFICE_CALLS.createPromotion, {}, body));
    expect(created).toMatchObject({
      code: 'RELOAD50',
      kind: 'deposit_bonus',
      active: true,
      audience: 'all',
      version: 0,
    });
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.createPromotion, {}, body))).toBe('BONUS_PROMOTION_CODE_TAKEN');
    const misfit = { ...body, code: 'SIGNUPX', kind: 'signup_bonus' };
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.createPromotion, {}, misfit))).toBe('BONUS_RULES_INVALID');
    expect(await auditRows('bonuses.promotion.create')).toBe(1);

    const page = value<{ items: BoPromotion[] }>(
      await call(readOnly, BACKOFFICE_CALLS.promotions, {}, undefined, '?kind=deposit_bonus'),
    );
    expect(page.items.map((item) => item.code)).toContain('RELOAD50');
    // The list is the bonus kinds': a raffle and the hub's cashback and missions rows have pages of their own.
    await insertTestRaffle(t.app.db, merchantId);
    await seedDemoPromotionHub(t.app.db, 'parlay');
    const all = value<{ items: BoPromotion[] }>(await call(readOnly, BACKOFFICE_CALLS.promotions));
    expect(all.items.map((item) => item.code)).toContain('RELOAD50');
    expect(new Set(all.items.map((item) => item.kind))).toEqual(new Set(['deposit_bonus']));
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.promotions, {}, undefined, '?kind=raffle'))).toBe(
      'VALIDATION_FAILED',
    );

    const edit = { version: 0, titleKo: '리로드', titleEn: 'Reload', rules: { ...RULES, percentBp: 7_500 } };
    const params = { promotionId: created.id };
    const saved = value<BoPromotion>(await call(admin, BACKOFFICE_CALLS.updatePromotion, params, edit));
    expect(saved).toMatchObject({ titleEn: 'Reload', version: 1, rules: { percentBp: 7_500 } });
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.updatePromotion, params, edit))).toBe('BO_CHANGED_SINCE_OPENED');
    const off = value<BoPromotion>(await call(admin, BACKOFFICE_CALLS.deactivatePromotion, params, { version: 1 }));
    expect(off).toMatchObject({ active: false, version: 2, titleEn: 'Reload', rules: { percentBp: 7_500 } });
    expect(await auditRows('bonuses.promotion.update')).toBe(1);
    expect(await auditRows('bonuses.promotion.deactivate')).toBe(1);
    const missing = await call(admin, BACKOFFICE_CALLS.deactivatePromotion, { promotionId: 999_999 }, { version: 0 });
    expect(codeOf(missing)).toBe('BONUS_PROMOTION_NOT_FOUND');
  });

  it("lists members' bonuses with progress and cancels an active one once, audited", async () => {
    const promotion = await createPromotion(t.app, merchantId);
    const member = await createTestMember(t.app);
    await creditDeposit(t.app, member, await orderDeposit(t.app, member, 20_000, promotion.code));
    const [bonus] = await bonusesOf(t.app.db, member.id);

    const page = value<BoMemberBonusPage>(
      await call(support, BACKOFFICE_CALLS.memberBonuses, {}, undefined, `?account=${member.account}`),
    );
    expect(page.items).toEqual([
      expect.objectContaining({ id: bonus!.id, account: member.account, status: 'active', amountMinor: 20_000 }),
    ]);
    expect(
      value<BoMemberBonusPage>(await call(support, BACKOFFICE_CALLS.memberBonuses, {}, undefined, '?account=nobody'))
        .items,
    ).toEqual([]);

    const cancel = (cookie: string) =>
      call(cookie, BACKOFFICE_CALLS.cancelBonus, { bonusId: bonus!.id }, { reason: 'duplicate account' });
    expect(codeOf(await cancel(support))).toBe('BO_PERMISSION_DENIED');
    const cancelled = value<{ status: string; takenBackMinor: number }>(await cancel(finance));
    expect(cancelled).toMatchObject({ status: 'cancelled', takenBackMinor: 20_000, cancelReason: 'duplicate account' });
    expect(codeOf(await cancel(finance))).toBe('BONUS_NOT_ACTIVE');
    expect(await auditRows('bonuses.cancel')).toBe(1);
    expect(await t.app.gaming.wallet.findBalance(t.app.db, { merchantId, memberId: member.id, currency: 'KRW' })).toBe(
      20_000,
    );
    expect(codeOf(await call(finance, BACKOFFICE_CALLS.cancelBonus, { bonusId: 999_999 }, { reason: 'nope' }))).toBe(
      'BONUS_NOT_FOUND',
    );
    expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
  });
});
