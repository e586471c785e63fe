import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoAbuseFlag,
  type BoAbuseFlagPage,
  type BoReferralSettings,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { feedDeposit, missionGames, settleRound } from '../missions/missions.fixtures';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  drainReferrals,
  inviteMember,
  referralPaidTo,
  setReferralRules,
  signInFrom,
  stopReferralJobs,
} from './referral-rewards.fixtures';
import { referralBackofficeRoutes } from './referral.bo-routes';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

describe(referralBackofficeRoutes.name, () => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  let support: string;
  let readOnly: string;
  let content: string;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await stopReferralJobs(t.app);
    await installTestVendor(t.app);
    admin = await signInAs(t.app, 'demo-admin');
    finance = await signInAs(t.app, 'demo-finance');
    support = await signInAs(t.app, 'demo-support');
    readOnly = await signInAs(t.app, 'demo-readonly');
    content = await signInAs(t.app, 'demo-content');
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

  const rules = {
    enabled: true,
    minDepositMinor: 10_000,
    minTurnoverMinor: 5_000,
    inviterRewardMinor: 3_000,
    invitedRewardMinor: 0,
  };

  it('reads and saves the rules with the version opened, audited, refusing what does not fit', async () => {
    const opened = value<BoReferralSettings>(await call(readOnly, BACKOFFICE_CALLS.referralSettings));
    expect(opened).toMatchObject({ currency: 'KRW', stats: { invited: expect.any(Number) } });
    const save = { ...rules, version: opened.version };
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.saveReferralSettings, {}, save))).toBe('BO_PERMISSION_DENIED');
    for (const misfit of [
      { ...save, inviterRewardMinor: 0 },
      { ...save, minDepositMinor: 0, minTurnoverMinor: 0 },
    ]) {
      expect(await call(admin, BACKOFFICE_CALLS.saveReferralSettings, {}, misfit).then((r) => r.json())).toMatchObject({
        code: 'REFERRAL_RULES_INVALID',
        message: expect.any(String),
      });
    }
    expect(
      (await call(admin, BACKOFFICE_CALLS.saveReferralSettings, {}, { ...save, inviterRewardMinor: -1 })).statusCode,
    ).toBe(400);
    const saved = value<BoReferralSettings>(await call(admin, BACKOFFICE_CALLS.saveReferralSettings, {}, save));
    expect(saved).toMatchObject({ ...rules, version: opened.version + 1 });
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.saveReferralSettings, {}, save))).toBe('BO_CHANGED_SINCE_OPENED');
    // Switched off, the amounts may be anything.
    const off = value<BoReferralSettings>(
      await call(
        admin,
        BACKOFFICE_CALLS.saveReferralSettings,
        {},
        {
          ...save,
          enabled: false,
          inviterRewardMinor: 0,
          version: saved.version,
        },
      ),
    );
    expect(off.enabled).toBe(false);
    const on = value<BoReferralSettings>(
      await call(admin, BACKOFFICE_CALLS.saveReferralSettings, {}, { ...save, version: off.version }),
    );
    expect(on.enabled).toBe(true);
    expect(await auditRows('referrals.rules')).toBe(3);
  });

  it('lists the abuse flags with their evidence, and releases or rejects each once with a reason', async () => {
    await setReferralRules(t.app, 'parlay', { invitedRewardMinor: 0 });
    const games = await missionGames(t.app);
    async function held() {
      const inviter = await createTestMember(t.app);
      const invited = await inviteMember(t.app, inviter);
      await signInFrom(t.app, inviter, '203.0.113.120');
      await signInFrom(t.app, invited, '203.0.113.120');
      await feedDeposit(t.app.db, { merchantId, memberId: invited.id, amountMinor: 10_000 });
      await settleRound(t.app.db, { merchantId, memberId: invited.id, game: games.live, validBetMinor: 5_000 });
      await drainReferrals(t.app);
      return { inviter, invited };
    }
    const first = await held();
    const second = await held();
    expect(codeOf(await call(content, BACKOFFICE_CALLS.abuseFlags))).toBe('BO_PERMISSION_DENIED');
    const queue = value<BoAbuseFlagPage>(await call(support, BACKOFFICE_CALLS.abuseFlags));
    const flagOf = (memberId: number) => queue.items.find((item) => item.memberId === memberId)!;
    expect(flagOf(first.inviter.id)).toMatchObject({
      kind: 'referral',
      status: 'open',
      evidence: expect.arrayContaining([
        expect.objectContaining({ kind: 'ip', value: '203.0.113.120', memberId: first.invited.id }),
      ]),
    });
    const firstId = flagOf(first.inviter.id).id;
    const secondId = flagOf(second.inviter.id).id;
    const reason = { reason: 'Checked with the members' };

    // Refusals write nothing: a role without money, no reason, an unknown flag.
    expect(codeOf(await call(support, BACKOFFICE_CALLS.releaseAbuseFlag, { flagId: firstId }, reason))).toBe(
      'BO_PERMISSION_DENIED',
    );
    expect(
      (await call(finance, BACKOFFICE_CALLS.releaseAbuseFlag, { flagId: firstId }, { reason: ' ' })).statusCode,
    ).toBe(400);
    expect(codeOf(await call(finance, BACKOFFICE_CALLS.releaseAbuseFlag, { flagId: 999_999_999 }, reason))).toBe(
      'ABUSE_FLAG_NOT_FOUND',
    );
    expect(await referralPaidTo(t.app.db, first.inviter.id)).toEqual({ count: 0, total: 0 });

    const released = value<BoAbuseFlag>(
      await call(finance, BACKOFFICE_CALLS.releaseAbuseFlag, { flagId: firstId }, reason),
    );
    expect(released).toMatchObject({ status: 'released', reason: reason.reason, decidedBy: expect.any(String) });
    expect(await referralPaidTo(t.app.db, first.inviter.id)).toEqual({ count: 1, total: 3_000 });
    expect(codeOf(await call(finance, BACKOFFICE_CALLS.releaseAbuseFlag, { flagId: firstId }, reason))).toBe(
      'ABUSE_FLAG_DECIDED',
    );
    expect(codeOf(await call(finance, BACKOFFICE_CALLS.rejectAbuseFlag, { flagId: firstId }, reason))).toBe(
      'ABUSE_FLAG_DECIDED',
    );
    expect(await referralPaidTo(t.app.db, first.inviter.id)).toEqual({ count: 1, total: 3_000 });

    const rejected = value<BoAbuseFlag>(
      await call(finance, BACKOFFICE_CALLS.rejectAbuseFlag, { flagId: secondId }, reason),
    );
    expect(rejected.status).toBe('rejected');
    expect(await referralPaidTo(t.app.db, second.inviter.id)).toEqual({ count: 0, total: 0 });
    const decided = value<BoAbuseFlagPage>(
      await call(support, BACKOFFICE_CALLS.abuseFlags, {}, undefined, '?status=rejected'),
    );
    expect(decided.items.map((item) => item.id)).toContain(secondId);
    expect(await auditRows('abuse.release')).toBe(1);
    expect(await auditRows('abuse.reject')).toBe(1);
  });
});
