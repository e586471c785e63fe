import { BACKOFFICE_CALLS, callWithParams, type BoRebatePayoutPage, type BoRebateSettings } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { rebatesBackofficeRoutes } from './rebates.bo-routes';
import { drainRebates, rebateGames, setTestRates, settleRound, stopRebateJobs } from './rebates.fixtures';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };
const DAY = 86_400_000;

describe(rebatesBackofficeRoutes.name, () => {
  let t: TestApp;
  let finance: string;
  let support: string;
  let readOnly: string;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await stopRebateJobs(t.app);
    await installTestVendor(t.app);
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    await setTestRates(t.app.db, merchantId);
    await query(t.app.db, sql`DELETE FROM rebate_settings WHERE merchant_id = ${merchantId}`);
    finance = await signInAs(t.app, 'demo-finance');
    support = await signInAs(t.app, 'demo-support');
    readOnly = await signInAs(t.app, 'demo-readonly');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const call = (cookie: string, api: Api, payload?: unknown, search = '', brand = 'parlay') =>
    callBackoffice(t.app, {
      method: api.method,
      url: `${callWithParams(api, { brand } as never).path}${search}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });
  const value = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: T }).value;
  };
  const codeOf = (response: { json: () => unknown }) => (response.json() as { code: string }).code;
  const auditRows = async () =>
    toNumber(
      (
        await query<{ n: unknown }>(
          t.app.db,
          sql`SELECT count(*) AS n FROM audit_log WHERE action = 'rebates.settings'`,
        )
      )[0]!.n,
    );

  it("shows the period, auto-pay and the levels' rates; saves with the version opened, audited", async () => {
    const opened = value<BoRebateSettings>(await call(readOnly, BACKOFFICE_CALLS.rebateSettings));
    expect(opened).toMatchObject({ enabled: true, period: 'weekly', autoPay: false, version: 0, pendingPeriod: null });
    expect(opened.levels.find((level) => level.rankLevel === 1)?.rebateBp).toEqual({ LIVE: 200, RNG: 150 });
    const body = { version: 0, enabled: true, period: 'weekly', autoPay: true };
    for (const cookie of [readOnly, support]) {
      expect(codeOf(await call(cookie, BACKOFFICE_CALLS.saveRebateSettings, body))).toBe('BO_PERMISSION_DENIED');
    }
    expect(codeOf(await call(support, BACKOFFICE_CALLS.rebateSettings))).toBe('BO_PERMISSION_DENIED');
    expect(await auditRows()).toBe(0);
    const saved = value<BoRebateSettings>(await call(finance, BACKOFFICE_CALLS.saveRebateSettings, body));
    // Who saved it, by their login (the settings keep the audit trail's actor text).
    expect(saved).toMatchObject({ autoPay: true, version: 1, updatedBy: 'demo-finance' });
    expect(await auditRows()).toBe(1);
    const stale = await call(finance, BACKOFFICE_CALLS.saveRebateSettings, { ...body, autoPay: false });
    expect(codeOf(stale)).toBe('BO_CHANGED_SINCE_OPENED');
    expect(await auditRows()).toBe(1);
    const daily = value<BoRebateSettings>(
      await call(finance, BACKOFFICE_CALLS.saveRebateSettings, {
        ...body,
        version: 1,
        period: 'daily',
        autoPay: false,
      }),
    );
    expect(daily).toMatchObject({ period: 'weekly', pendingPeriod: 'daily', autoPay: false, version: 2 });
    expect(daily.pendingFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${daily.pendingFrom}T00:00:00Z`).getUTCDay()).toBe(1);
    const bad = await call(finance, BACKOFFICE_CALLS.saveRebateSettings, { ...body, version: 2, period: 'monthly' });
    expect(codeOf(bad)).toBe('VALIDATION_FAILED');
    expect(await auditRows()).toBe(2);
    await query(t.app.db, sql`DELETE FROM rebate_settings WHERE merchant_id = ${merchantId}`);
  });

  it("lists the rebates paid newest first, by member, and keeps another brand's out", async () => {
    const games = await rebateGames(t.app);
    const brand = (await t.app.merchants.findByCode('parlay'))!;
    const members = await Promise.all([createTestMember(t.app), createTestMember(t.app)]);
    for (const [index, member] of members.entries()) {
      for (const days of [8, 15]) {
        await settleRound(t.app.db, {
          merchantId,
          memberId: member.id,
          game: games.live,
          validBetMinor: 10_000 * (index + 1),
          at: new Date(Date.now() - days * DAY),
        });
      }
    }
    await drainRebates(t.app);
    for (const member of members) {
      await t.app.rebates.claim({ merchantId, memberId: member.id }, brand, `bo-list-${member.id}`);
    }
    const first = value<BoRebatePayoutPage>(await call(finance, BACKOFFICE_CALLS.rebatePayouts, undefined, '?limit=3'));
    expect(first.items).toHaveLength(3);
    expect(first.items[0]).toMatchObject({ account: members[1].account, amountMinor: 200, way: 'claim' });
    const rest = value<BoRebatePayoutPage>(
      await call(finance, BACKOFFICE_CALLS.rebatePayouts, undefined, `?limit=3&cursor=${first.nextCursor}`),
    );
    expect(rest.items.map((item) => item.account)).toContain(members[0].account);
    const mine = value<BoRebatePayoutPage>(
      await call(readOnly, BACKOFFICE_CALLS.rebatePayouts, undefined, `?account=${members[0].account}`),
    );
    expect(mine.items.map((item) => [item.account, item.amountMinor])).toEqual([
      [members[0].account, 100],
      [members[0].account, 100],
    ]);
    expect(codeOf(await call(finance, BACKOFFICE_CALLS.rebatePayouts, undefined, '?cursor=abc'))).toBe(
      'VALIDATION_FAILED',
    );
    await createTestBrand(t.app.db, 'rebbo', 'rebates-bo.test');
    const other = await call(finance, BACKOFFICE_CALLS.rebatePayouts, undefined, '', 'rebbo');
    // The demo finance operator holds the demo brand only.
    expect(other.statusCode).toBe(403);
  });
});
