import { BACKOFFICE_CALLS, callWithParams, type BoMission, type BoMissionPage } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { missionsBackofficeRoutes } from './missions.bo-routes';
import { drainMissions, missionGames, settleRound, stopMissionJobs } from './missions.fixtures';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

describe(missionsBackofficeRoutes.name, () => {
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await stopMissionJobs(t.app);
    await installTestVendor(t.app);
    admin = await signInAs(t.app, 'demo-admin');
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
  const missionCount = async () =>
    toNumber((await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM missions`))[0]!.n);

  it('adds, lists with the period figures, edits and switches off missions, audited, refusing what does not fit', async () => {
    const body = {
      code: 'live5',
      goal: 'rounds',
      gameType: 'LIVE',
      titleKo: '라이브 5판',
      titleEn: 'Five live rounds',
      target: 2,
      period: 'daily',
      rewardMinor: 700,
    };
    const count = await missionCount();
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.createMission, {}, body))).toBe('BO_PERMISSION_DENIED');
    expect(await missionCount()).toBe(count);
    const created = value<BoMission>(await call(admin, BACKOFFICE_CALLS.createMission, {}, body));
    expect(created).toMatchObject({ code: 'LIVE5', active: true, version: 0, current: { inProgress: 0, claimed: 0 } });
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.createMission, {}, body))).toBe('MISSION_CODE_TAKEN');
    for (const misfit of [
      { ...body, code: 'DEP1', goal: 'deposit' },
      { ...body, code: 'CAMP1', period: 'campaign' },
      { ...body, code: 'SIGN1', goal: 'signin', gameType: null, target: 400 },
      { ...body, code: 'LATE1', startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
    ]) {
      const reply = await call(admin, BACKOFFICE_CALLS.createMission, {}, misfit);
      expect(reply.json(), misfit.code).toMatchObject({ code: 'MISSION_INVALID', message: expect.any(String) });
    }
    expect(await missionCount()).toBe(count + 1);
    expect(await auditRows('missions.create')).toBe(1);

    // A member in progress and one who completed and claimed: the period's figures.
    const games = await missionGames(t.app);
    const [busy, done] = [await createTestMember(t.app), await createTestMember(t.app)];
    await settleRound(t.app.db, { merchantId, memberId: busy.id, game: games.live, validBetMinor: 10 });
    for (let round = 0; round < 2; round += 1) {
      await settleRound(t.app.db, { merchantId, memberId: done.id, game: games.live, validBetMinor: 10 });
    }
    await drainMissions(t.app);
    const brand = (await t.app.merchants.findByCode('parlay'))!;
    await t.app.missions.claim({ merchantId, memberId: done.id }, brand, created.id, 'EN');
    const page = value<BoMissionPage>(await call(readOnly, BACKOFFICE_CALLS.missions, {}, undefined, '?active=true'));
    expect(page.items.find((item) => item.id === created.id)?.current).toMatchObject({
      inProgress: 1,
      completed: 1,
      claimed: 1,
      rewardPaidMinor: 700,
    });
    const first = value<BoMissionPage>(await call(readOnly, BACKOFFICE_CALLS.missions, {}, undefined, '?limit=1'));
    expect(first.items).toHaveLength(1);
    if (first.nextCursor) {
      const next = value<BoMissionPage>(
        await call(readOnly, BACKOFFICE_CALLS.missions, {}, undefined, `?limit=1&cursor=${first.nextCursor}`),
      );
      expect(next.items[0]!.id).toBeLessThan(first.items[0]!.id);
    }

    const params = { missionId: created.id };
    const edit = {
      version: 0,
      titleKo: '라이브',
      titleEn: 'Live',
      target: 3,
      period: 'daily',
      rewardMinor: 900,
      gameType: 'LIVE',
    };
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.updateMission, params, edit))).toBe('BO_PERMISSION_DENIED');
    const saved = value<BoMission>(await call(admin, BACKOFFICE_CALLS.updateMission, params, edit));
    expect(saved).toMatchObject({ titleEn: 'Live', target: 3, rewardMinor: 900, version: 1, goal: 'rounds' });
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.updateMission, params, edit))).toBe('BO_CHANGED_SINCE_OPENED');
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.updateMission, { missionId: 99_999_999 }, edit))).toBe(
      'MISSION_NOT_FOUND',
    );
    expect(await auditRows('missions.update')).toBe(1);

    expect(codeOf(await call(admin, BACKOFFICE_CALLS.deactivateMission, params, { version: 0 }))).toBe(
      'BO_CHANGED_SINCE_OPENED',
    );
    const off = value<BoMission>(await call(admin, BACKOFFICE_CALLS.deactivateMission, params, { version: 1 }));
    expect(off).toMatchObject({ active: false, version: 2, titleEn: 'Live' });
    expect(await auditRows('missions.deactivate')).toBe(1);
    const audit = await query<Record<string, unknown>>(
      t.app.db,
      sql`SELECT target_type, target_id FROM audit_log WHERE action LIKE 'missions.%' ORDER BY id`,
    );
    expect(audit.map((row) => `${String(row['target_type'])}:${String(row['target_id'])}`)).toEqual([
      'mission:LIVE5',
      'mission:LIVE5',
      'mission:LIVE5',
    ]);
    const inactive = value<BoMissionPage>(
      await call(readOnly, BACKOFFICE_CALLS.missions, {}, undefined, '?active=false'),
    );
    expect(inactive.items.map((item) => item.id)).toContain(created.id);
  });
});
