import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoPointConfig,
  type BoPointLedger,
  type PointEntry,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, type TestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { ledgerBreaks } from './points.fixtures';
import { pointsBackofficeRoutes } from './points.bo-routes';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

describe(pointsBackofficeRoutes.name, () => {
  let t: TestApp;
  let finance: string;
  let support: string;
  let readOnly: string;
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.pointsFeed?.stop();
    finance = await signInAs(t.app, 'demo-finance');
    support = await signInAs(t.app, 'demo-support');
    readOnly = await signInAs(t.app, 'demo-readonly');
    member = await createTestMember(t.app);
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

  describe('the point configuration', () => {
    it('shows the specification rates, saves with the version opened, audits, and refuses a stale save', async () => {
      const opened = value<BoPointConfig>(await call(readOnly, BACKOFFICE_CALLS.pointConfig));
      expect(opened.rates.LIVE).toBe(7000);
      const { version, updatedAt: _at, updatedBy: _by, currency: _c, currencyExponent: _e, ...config } = opened;
      const body = { ...config, rates: { ...config.rates, LOTTERY: 5000 }, period: 'weekly', version };
      expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.savePointConfig, {}, body))).toBe('BO_PERMISSION_DENIED');
      const saved = value<BoPointConfig>(await call(finance, BACKOFFICE_CALLS.savePointConfig, {}, body));
      // Who saved it, by their login (the configuration keeps the audit trail's actor text).
      expect(saved).toMatchObject({
        period: 'weekly',
        version: version + 1,
        rates: { LOTTERY: 5000 },
        updatedBy: 'demo-finance',
      });
      expect(await auditRows('points.config')).toBe(1);
      const stale = await call(finance, BACKOFFICE_CALLS.savePointConfig, {}, body);
      expect(codeOf(stale)).toBe('BO_CHANGED_SINCE_OPENED');
      expect(
        (await t.app.points.configOf(saved.version > 0 ? (await t.app.merchants.findByCode('parlay'))!.id : 0)).period,
      ).toBe('weekly');
    });
  });

  describe("a member's ledger and the manual adjustment", () => {
    const adjust = (cookie: string, pointsMinor: number, idempotencyKey: string, memberId = member.id) =>
      call(
        cookie,
        BACKOFFICE_CALLS.adjustPoints,
        { memberId },
        { pointsMinor, reason: 'goodwill gesture', idempotencyKey },
      );

    it('adds points once per key, audited once, and shows them in the ledger', async () => {
      const first = value<{ entry: PointEntry; balancePointsMinor: number }>(await adjust(finance, 2_500, 'key-0001'));
      expect(first.entry).toMatchObject({ type: 'adjustment', pointsMinor: 2_500, note: 'goodwill gesture' });
      const again = value<{ entry: PointEntry; balancePointsMinor: number }>(await adjust(finance, 2_500, 'key-0001'));
      expect(again.entry.transactionNo).toBe(first.entry.transactionNo);
      expect(again.balancePointsMinor).toBe(2_500);
      expect(await auditRows('points.adjust')).toBe(1);
      const ledger = value<BoPointLedger>(await call(readOnly, BACKOFFICE_CALLS.pointLedger, { memberId: member.id }));
      expect(ledger).toMatchObject({ account: member.account, balancePointsMinor: 2_500 });
      expect(ledger.items).toHaveLength(1);
    });

    it('takes points, refuses a take beyond the balance and a reused key, and writes nothing then', async () => {
      value(await adjust(finance, -500, 'key-0002'));
      const short = await adjust(finance, -2_001, 'key-0003');
      expect(short.statusCode).toBe(422);
      expect(short.json()).toMatchObject({ code: 'POINTS_INSUFFICIENT', value: { balancePointsMinor: 2_000 } });
      expect(codeOf(await adjust(finance, 10, 'key-0002'))).toBe('POINTS_KEY_REUSED');
      const ledger = value<BoPointLedger>(await call(finance, BACKOFFICE_CALLS.pointLedger, { memberId: member.id }));
      expect(ledger.items.map((entry) => entry.pointsMinor)).toEqual([-500, 2_500]);
      expect(await auditRows('points.adjust')).toBe(2);
      expect(await ledgerBreaks(t.app.db)).toEqual([]);
    });

    it('pages the ledger by keyset', async () => {
      const page = value<BoPointLedger>(
        await call(finance, BACKOFFICE_CALLS.pointLedger, { memberId: member.id }, undefined, '?limit=1'),
      );
      expect(page.items.map((entry) => entry.pointsMinor)).toEqual([-500]);
      const next = value<BoPointLedger>(
        await call(
          finance,
          BACKOFFICE_CALLS.pointLedger,
          { memberId: member.id },
          undefined,
          `?limit=1&cursor=${page.nextCursor}`,
        ),
      );
      expect(next.items.map((entry) => entry.pointsMinor)).toEqual([2_500]);
      expect(next.nextCursor).toBeNull();
    });

    it('keeps adjustments to points.write and members to their brand', async () => {
      expect(codeOf(await adjust(support, 100, 'key-0004'))).toBe('BO_PERMISSION_DENIED');
      expect(codeOf(await adjust(readOnly, 100, 'key-0005'))).toBe('BO_PERMISSION_DENIED');
      const stranger = await call(finance, BACKOFFICE_CALLS.pointLedger, { memberId: 999_999_999 });
      expect(codeOf(stranger)).toBe('POINTS_MEMBER_NOT_FOUND');
      expect(codeOf(await adjust(finance, 100, 'key-0006', 999_999_999))).toBe('POINTS_MEMBER_NOT_FOUND');
    });
  });
});
