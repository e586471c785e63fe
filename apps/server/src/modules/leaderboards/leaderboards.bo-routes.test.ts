import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoLeaderboard,
  type BoLeaderboardPage,
  type BoLeaderboardStandings,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { leaderboardsBackofficeRoutes } from './leaderboards.bo-routes';
import { boardGames, drainBoards, settleRound, stopBoardJobs } from './leaderboards.fixtures';
import { LeaderboardService } from './leaderboards.service';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

describe(leaderboardsBackofficeRoutes.name, () => {
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await stopBoardJobs(t.app);
    await installTestVendor(t.app);
    admin = await signInAs(t.app, 'demo-admin');
    readOnly = await signInAs(t.app, 'demo-readonly');
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    await query(t.app.db, sql`UPDATE leaderboards SET active = false WHERE merchant_id = ${merchantId}`);
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
  const boardCount = async () =>
    toNumber((await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM leaderboards`))[0]!.n);

  it('adds, lists, edits and switches off leaderboards, audited, refusing what does not fit', async () => {
    const body = {
      code: 'bigwin',
      measure: 'multiplier',
      titleKo: '최고 배당',
      titleEn: 'Biggest win',
      minBetMinor: 100,
      period: 'daily',
      prizesMinor: [900, 400],
    };
    const count = await boardCount();
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.createLeaderboard, {}, body))).toBe('BO_PERMISSION_DENIED');
    expect(await boardCount()).toBe(count);
    const created = value<BoLeaderboard>(await call(admin, BACKOFFICE_CALLS.createLeaderboard, {}, body));
    expect(created).toMatchObject({ code: 'BIGWIN', active: true, version: 0, members: 0, prizesMinor: [900, 400] });
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.createLeaderboard, {}, body))).toBe('LEADERBOARD_CODE_TAKEN');
    for (const misfit of [
      { ...body, code: 'WAGER1', measure: 'valid_bet' },
      { ...body, code: 'CAMP1', period: 'campaign', startsAt: '2026-12-01T00:00:00Z' },
      { ...body, code: 'LATE1', startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
    ]) {
      const reply = await call(admin, BACKOFFICE_CALLS.createLeaderboard, {}, misfit);
      expect(reply.json(), misfit.code).toMatchObject({ code: 'LEADERBOARD_INVALID', message: expect.any(String) });
    }
    const empty = await call(
      admin,
      BACKOFFICE_CALLS.createLeaderboard,
      {},
      { ...body, code: 'NOPRIZE', prizesMinor: [] },
    );
    expect(codeOf(empty)).toBe('VALIDATION_FAILED');
    expect(await boardCount()).toBe(count + 1);
    expect(await auditRows('leaderboards.create')).toBe(1);

    const first = value<BoLeaderboardPage>(
      await call(readOnly, BACKOFFICE_CALLS.leaderboards, {}, undefined, '?limit=1'),
    );
    expect(first.items.map((item) => item.id)).toEqual([created.id]);

    const params = { leaderboardId: created.id };
    const edit = {
      version: 0,
      titleKo: '배당',
      titleEn: 'Multiplier',
      minBetMinor: 200,
      period: 'weekly',
      prizesMinor: [1_000],
    };
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.updateLeaderboard, params, edit))).toBe('BO_PERMISSION_DENIED');
    const saved = value<BoLeaderboard>(await call(admin, BACKOFFICE_CALLS.updateLeaderboard, params, edit));
    expect(saved).toMatchObject({
      titleEn: 'Multiplier',
      period: 'weekly',
      prizesMinor: [1_000],
      version: 1,
      measure: 'multiplier',
    });
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.updateLeaderboard, params, edit))).toBe('BO_CHANGED_SINCE_OPENED');
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.updateLeaderboard, { leaderboardId: 99_999_999 }, edit))).toBe(
      'LEADERBOARD_NOT_FOUND',
    );
    expect(await auditRows('leaderboards.update')).toBe(1);
    const off = value<BoLeaderboard>(await call(admin, BACKOFFICE_CALLS.deactivateLeaderboard, params, { version: 1 }));
    expect(off).toMatchObject({ active: false, version: 2 });
    expect(await auditRows('leaderboards.deactivate')).toBe(1);
    const audit = await query<Record<string, unknown>>(
      t.app.db,
      sql`SELECT target_type, target_id FROM audit_log WHERE action LIKE 'leaderboards.%' ORDER BY id`,
    );
    expect(audit.map((row) => `${String(row['target_type'])}:${String(row['target_id'])}`)).toEqual([
      'leaderboard:BIGWIN',
      'leaderboard:BIGWIN',
      'leaderboard:BIGWIN',
    ]);
  });

  it("shows the current period's standings with the prizes to win, and a paid period's with its payouts", async () => {
    const games = await boardGames(t.app);
    const created = value<BoLeaderboard>(
      await call(
        admin,
        BACKOFFICE_CALLS.createLeaderboard,
        {},
        {
          code: 'WAGERDAY',
          measure: 'valid_bet',
          titleKo: '오늘의 베팅',
          titleEn: 'Wager of the day',
          period: 'daily',
          prizesMinor: [600, 200],
        },
      ),
    );
    const [a, b, c] = [await createTestMember(t.app), await createTestMember(t.app), await createTestMember(t.app)];
    const past = new Date('2026-04-06T03:00:00Z');
    for (const [member, stake, at] of [
      [a, 300, past],
      [b, 500, past],
      [c, 100, past],
      [a, 700, new Date()],
    ] as const) {
      await settleRound(t.app.db, { merchantId, memberId: member.id, game: games.rng, stakeMinor: stake, at });
    }
    await drainBoards(t.app);
    await new LeaderboardService(t.app.db, t.app.gaming.wallet, t.app.settlementFeed, t.app.audit).payDue();
    const params = { leaderboardId: created.id };
    const current = value<BoLeaderboardStandings>(await call(readOnly, BACKOFFICE_CALLS.leaderboardStandings, params));
    expect(current).toMatchObject({
      current: true,
      paidAt: null,
      paidMinor: 0,
      periods: [current.periodStart, '2026-04-06'],
    });
    expect(current.rows).toEqual([
      expect.objectContaining({
        rank: 1,
        memberId: a.id,
        account: a.account,
        score: 700,
        prizeMinor: 600,
        movementId: null,
      }),
    ]);
    const paid = value<BoLeaderboardStandings>(
      await call(readOnly, BACKOFFICE_CALLS.leaderboardStandings, params, undefined, '?periodStart=2026-04-06'),
    );
    expect(paid).toMatchObject({ current: false, paidMinor: 800, periodEnd: '2026-04-06' });
    expect(paid.paidAt).not.toBeNull();
    expect(
      paid.rows.map((row) => [row.rank, row.memberId, row.score, row.prizeMinor, row.movementId !== null]),
    ).toEqual([
      [1, b.id, 500, 600, true],
      [2, a.id, 300, 200, true],
      [3, c.id, 100, null, false],
    ]);
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.leaderboardStandings, { leaderboardId: 99_999_999 }))).toBe(
      'LEADERBOARD_NOT_FOUND',
    );
  });
});
