import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoVipChange,
  type BoVipLevel,
  type BoVipLevels,
  type BoVipMember,
  type CreateVipLevelRequest,
  type Page,
  type VipSettingsView,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { consumeVip, depositEvent, prepareVipWorld, settleRound } from './vip.fixtures';
import { vipBackofficeRoutes } from './vip.bo-routes';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

function levelBody(rankLevel: number, name: string, reach: number): CreateVipLevelRequest {
  return {
    rankLevel,
    name,
    reach: { validBetMinor: reach, depositMinor: reach / 10 },
    keep: { validBetMinor: reach / 2, depositMinor: 0 },
    benefits: {
      rebateBp: { LIVE: 20, RNG: 30 },
      withdrawal: { dailyCount: 3, dailyMaxMinor: 1_000_000, singleMaxMinor: null },
      upgradeBonusMinor: reach / 100,
      birthdayBonusMinor: 0,
      monthlyBonusMinor: 0,
    },
  };
}

describe(vipBackofficeRoutes.name, () => {
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.vipPeriodic?.stop();
    admin = await signInAs(t.app, 'demo-admin');
    readOnly = await signInAs(t.app, 'demo-readonly');
    finance = await signInAs(t.app, 'demo-finance');
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
  const count = async (statement: ReturnType<typeof sql>) =>
    toNumber((await query<{ n: unknown }>(t.app.db, statement))[0]!.n);
  const auditRows = () => count(sql`SELECT count(*) AS n FROM audit_log WHERE action LIKE 'vip.%'`);
  const levelRows = () => count(sql`SELECT count(*) AS n FROM vip_levels`);

  it('adds levels in order, each audited; refuses a gap, a taken rank, a base that asks, and a level asking less', async () => {
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.createVipLevel, {}, levelBody(1, 'Silver', 1_000)))).toBe(
      'VIP_LEVEL_GAP',
    );
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.createVipLevel, {}, levelBody(0, 'Base', 1_000)))).toBe(
      'VIP_BASE_LEVEL_REQUIREMENTS',
    );
    expect(await levelRows()).toBe(0);
    expect(await auditRows()).toBe(0);

    value(await call(admin, BACKOFFICE_CALLS.createVipLevel, {}, levelBody(0, 'Base', 0)));
    value(await call(admin, BACKOFFICE_CALLS.createVipLevel, {}, levelBody(1, 'Silver', 1_000)));
    const gold = value<BoVipLevel>(await call(admin, BACKOFFICE_CALLS.createVipLevel, {}, levelBody(2, 'Gold', 5_000)));
    expect(gold).toMatchObject({ rankLevel: 2, name: 'Gold', memberCount: 0, version: 0 });
    expect(await auditRows()).toBe(3);

    expect(codeOf(await call(admin, BACKOFFICE_CALLS.createVipLevel, {}, levelBody(2, 'Gold', 5_000)))).toBe(
      'VIP_LEVEL_EXISTS',
    );
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.createVipLevel, {}, levelBody(3, 'Cheap', 2_000)))).toBe(
      'VIP_LEVEL_ORDER',
    );
    const keepAboveReach = { ...levelBody(3, 'Odd', 9_000), keep: { validBetMinor: 10_000, depositMinor: 0 } };
    expect((await call(admin, BACKOFFICE_CALLS.createVipLevel, {}, keepAboveReach)).statusCode).toBe(400);
    expect(await levelRows()).toBe(3);
    expect(await auditRows()).toBe(3);

    // Read-only sees them; finance may not see them; read-only may not change them.
    const levels = value<BoVipLevels>(await call(readOnly, BACKOFFICE_CALLS.vipLevels));
    expect(levels.levels.map((level) => level.name)).toEqual(['Base', 'Silver', 'Gold']);
    expect(levels.settings).toEqual({ periodDays: 30, downgradeGraceDays: 30, version: 0 });
    expect((await call(finance, BACKOFFICE_CALLS.vipLevels)).statusCode).toBe(403);
    expect((await call(readOnly, BACKOFFICE_CALLS.createVipLevel, {}, levelBody(3, 'P', 9_000))).statusCode).toBe(403);
  });

  it('saves a level and the settings with the version opened; a stale one changes nothing', async () => {
    const {
      version: _version,
      rankLevel: _rank,
      memberCount: _count,
      updatedAt: _at,
      ...silver
    } = value<BoVipLevels>(await call(admin, BACKOFFICE_CALLS.vipLevels)).levels[1]!;
    const saved = value<BoVipLevel>(
      await call(admin, BACKOFFICE_CALLS.updateVipLevel, { rankLevel: 1 }, { ...silver, name: 'Silver+', version: 0 }),
    );
    expect(saved).toMatchObject({ name: 'Silver+', version: 1 });
    const audits = await auditRows();
    const stale = await call(admin, BACKOFFICE_CALLS.updateVipLevel, { rankLevel: 1 }, { ...silver, version: 0 });
    expect(codeOf(stale)).toBe('BO_CHANGED_SINCE_OPENED');
    const above = await call(
      admin,
      BACKOFFICE_CALLS.updateVipLevel,
      { rankLevel: 1 },
      {
        ...silver,
        reach: { validBetMinor: 6_000, depositMinor: 100 },
        keep: { validBetMinor: 0, depositMinor: 0 },
        version: 1,
      },
    );
    expect(codeOf(above)).toBe('VIP_LEVEL_ORDER');
    const missing = await call(admin, BACKOFFICE_CALLS.updateVipLevel, { rankLevel: 9 }, { ...silver, version: 0 });
    expect(codeOf(missing)).toBe('VIP_LEVEL_NOT_FOUND');
    expect(await auditRows()).toBe(audits);

    const settings = value<VipSettingsView>(
      await call(admin, BACKOFFICE_CALLS.saveVipSettings, {}, { periodDays: 14, downgradeGraceDays: 7, version: 0 }),
    );
    expect(settings).toEqual({ periodDays: 14, downgradeGraceDays: 7, version: 1 });
    const staleSettings = await call(
      admin,
      BACKOFFICE_CALLS.saveVipSettings,
      {},
      {
        periodDays: 20,
        downgradeGraceDays: 7,
        version: 0,
      },
    );
    expect(codeOf(staleSettings)).toBe('BO_CHANGED_SINCE_OPENED');
    expect(value<BoVipLevels>(await call(admin, BACKOFFICE_CALLS.vipLevels)).settings.periodDays).toBe(14);
    expect(await auditRows()).toBe(audits + 1);
    const [row] = await query(t.app.db, sql`SELECT actor, before, after FROM audit_log WHERE action = 'vip.settings'`);
    expect(row?.['actor']).toMatch(/^operator:/);
  });

  it('lists members by level and the level changes, keyset paged', async () => {
    await installTestVendor(t.app);
    const world = await prepareVipWorld(t.app, []);
    world.now.at = new Date();
    const members = [await createTestMember(t.app), await createTestMember(t.app), await createTestMember(t.app)];
    for (const [index, member] of members.entries()) {
      await settleRound(t.app.db, world, member.id, index === 0 ? 1_000 : 5_000);
      await depositEvent(t.app.db, world, member.id, 500);
    }
    await consumeVip(t.app, world.vip);

    const first = value<Page<BoVipMember>>(
      await call(readOnly, BACKOFFICE_CALLS.vipMembers, {}, undefined, '?limit=2'),
    );
    expect(first.items.map((item) => [item.account, item.rankLevel, item.levelName])).toEqual([
      [members[2]!.account, 2, 'Gold'],
      [members[1]!.account, 2, 'Gold'],
    ]);
    expect(first.items[0]!.figures).toEqual({ validBetMinor: 5_000, depositMinor: 500 });
    const second = value<Page<BoVipMember>>(
      await call(readOnly, BACKOFFICE_CALLS.vipMembers, {}, undefined, `?limit=2&cursor=${first.nextCursor}`),
    );
    expect(second.items[0]).toMatchObject({ account: members[0]!.account, rankLevel: 1, levelName: 'Silver+' });
    const gold = value<Page<BoVipMember>>(
      await call(readOnly, BACKOFFICE_CALLS.vipMembers, {}, undefined, '?rankLevel=2'),
    );
    expect(gold.items).toHaveLength(2);

    const changes = value<Page<BoVipChange>>(
      await call(readOnly, BACKOFFICE_CALLS.vipChanges, {}, undefined, `?account=${members[1]!.account}`),
    );
    expect(changes.items).toMatchObject([
      { account: members[1]!.account, kind: 'upgrade', fromLevel: 0, toLevel: 2, toName: 'Gold', bonusMinor: 60 },
    ]);
    const page = value<Page<BoVipChange>>(await call(readOnly, BACKOFFICE_CALLS.vipChanges, {}, undefined, '?limit=1'));
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.vipChanges, {}, undefined, '?cursor=abc'))).toBe(
      'VALIDATION_FAILED',
    );
  });
});
