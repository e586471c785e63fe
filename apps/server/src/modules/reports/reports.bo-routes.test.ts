import { BACKOFFICE_CALLS, callWithParams, type Dashboard, type DailyReportPage } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { consumeAll, insertSettledRound } from './reports.fixtures';
import { reportsBackofficeRoutes } from './reports.bo-routes';

describe(reportsBackofficeRoutes.name, () => {
  let t: TestApp;
  let owner: string;
  const dashboardOf = (query: string, cookie = owner) =>
    callBackoffice(t.app, {
      method: 'GET',
      url: `${callWithParams(BACKOFFICE_CALLS.dashboard, { brand: 'parlay' }).path}${query}`,
      cookie,
    });
  const reportOf = (
    call: typeof BACKOFFICE_CALLS.dailyReport | typeof BACKOFFICE_CALLS.dailyReportExport,
    query: string,
  ) =>
    callBackoffice(t.app, {
      method: 'GET',
      url: `${callWithParams(call, { brand: 'parlay' }).path}${query}`,
      cookie: owner,
    });

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await installTestVendor(t.app);
    const brand = await t.app.merchants.findByCode('parlay');
    const rows = await query(
      t.app.db,
      sql`SELECT g.id, g.vendor_id FROM games g JOIN game_vendors v ON v.id = g.vendor_id
          WHERE v.code = 'TESTV' AND g.code = 'G1'`,
    );
    const member = await createTestMember(t.app);
    // Three days of one member, 12:00 in Seoul each day: 2026-11-01 to 2026-11-03.
    for (let day = 1; day <= 3; day += 1) {
      await insertSettledRound(t.app.db, {
        merchantId: brand!.id,
        memberId: member.id,
        vendorId: toNumber(rows[0]?.['vendor_id']),
        gameId: toNumber(rows[0]?.['id']),
        gameCode: 'G1',
        currency: 'KRW',
        roundId: `bo-${day}`,
        stakeMinor: 1_000 * day,
        winMinor: 500,
        settledAt: new Date(`2026-11-0${day}T03:00:00Z`),
      });
    }
    await consumeAll(t.app.reports, t.app.settlementFeed);
    owner = await signInAs(t.app, 'demo-owner');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it("answers the brand's dashboard for a period, in the contract's shape", async () => {
    const response = await dashboardOf('?period=custom&from=2026-11-01&to=2026-11-03');
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = response.json<{ value: Dashboard }>().value;
    expect(dashboard).toMatchObject({ brand: 'parlay', currency: 'KRW', granularity: 'day', timeZone: 'Asia/Seoul' });
    expect(dashboard.totals).toMatchObject({ turnoverMinor: 6_000, payoutMinor: 1_500, ggrMinor: 4_500, rounds: 3 });
    expect(dashboard.totals.activePlayers).toBe(1);
    expect(dashboard.series.map((point) => point.activePlayers)).toEqual([1, 1, 1]);
    expect(dashboard.byVendor.map((vendor) => vendor.vassalage)).toEqual(['TESTV']);
    expect(dashboard.byCategory.map((category) => category.gameType)).toEqual(['RNG']);
    expect((await dashboardOf('')).statusCode).toBe(200);
  });

  it('refuses a custom period without its days, backwards, or longer than 366 days', async () => {
    for (const query of [
      '?period=custom',
      '?period=custom&from=2026-11-03&to=2026-11-01',
      '?period=custom&from=2024-01-01&to=2025-12-31',
      '?period=custom&from=2026-13-01&to=2026-13-02',
    ]) {
      const response = await dashboardOf(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('pages the daily report and streams it as CSV', async () => {
    const first = await reportOf(BACKOFFICE_CALLS.dailyReport, '?from=2026-11-01&to=2026-11-03&level=game&limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<{ value: DailyReportPage }>().value;
    expect(page.items.map((row) => [row.day, row.gameCode, row.turnoverMinor])).toEqual([
      ['2026-11-03', 'G1', 3_000],
      ['2026-11-02', 'G1', 2_000],
    ]);
    const second = await reportOf(
      BACKOFFICE_CALLS.dailyReport,
      `?from=2026-11-01&to=2026-11-03&level=game&limit=2&cursor=${page.nextCursor}`,
    );
    const rest = second.json<{ value: DailyReportPage }>().value;
    expect(rest.items.map((row) => row.day)).toEqual(['2026-11-01']);
    expect(rest.nextCursor).toBeNull();

    const csv = await reportOf(BACKOFFICE_CALLS.dailyReportExport, '?from=2026-11-01&to=2026-11-03&level=brand');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="parlay-brand-2026-11-01-2026-11-03.csv"');
    const lines = csv.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^2026-11-03,,,,,,KRW,3000,3000,500,2500,1,1,/);
  });

  it('refuses an operator whose roles do not read reports, and a brand it may not act on', async () => {
    const support = await signInAs(t.app, 'demo-support');
    for (const url of [
      callWithParams(BACKOFFICE_CALLS.dashboard, { brand: 'parlay' }).path,
      `${callWithParams(BACKOFFICE_CALLS.dailyReportExport, { brand: 'parlay' }).path}?from=2026-11-01&to=2026-11-03`,
    ]) {
      const response = await callBackoffice(t.app, { method: 'GET', url, cookie: support });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('BO_PERMISSION_DENIED');
    }
    const elsewhere = await callBackoffice(t.app, {
      method: 'GET',
      url: callWithParams(BACKOFFICE_CALLS.dashboard, { brand: 'no-such-brand' }).path,
      cookie: owner,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('BO_BRAND_DENIED');
  });
});
