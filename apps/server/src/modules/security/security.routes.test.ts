import { sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoSignIns } from '../../db/seed-security';
import { currentTotp } from '../../lib/crypto/totp';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import {
  createTestMember,
  injectEncrypted,
  loginThroughApi,
  queryRows,
  signInTestMember,
  type TestMember,
} from '../../test/members';
import { SecurityService } from './security.service';

let t: TestApp;
let counter = 1;
const nextIp = () => `10.57.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;
const rows = <T>(query: SQL) => queryRows<T>(t.app, query);
const OTHER_HOST = 'security-other.example';

beforeAll(async () => {
  t = await createTestApp();
  await createTestBrand(t.app.db, 'security-other', OTHER_HOST);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Call = { method: 'GET' | 'POST'; url: string; body?: unknown; host?: string; remoteAddress?: string };

function call(authorization: string | null, request: Call) {
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      host: request.host ?? 'localhost',
      language: 'EN',
      ...(authorization ? { authorization } : {}),
    },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
}

/** Signs in through the login call, which records the sign-in and remembers the IP, with a device of its own. */
async function signInFrom(member: TestMember, ip: string, userAgent = 'Mozilla/5.0 (iPhone) Mobile Safari') {
  const response = await loginThroughApi(
    t.app,
    { username: member.account, password: member.password },
    { remoteAddress: ip, headers: { 'user-agent': userAgent } },
  );
  const body = response.json<{ code: string; value: { token: string; challengeId: string; methods: string[] } }>();
  return { response, body, authorization: `Bearer ${body.value.token}` };
}

const sessionCount = async (memberId: number) =>
  (
    await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM member_sessions WHERE member_id = ${memberId} AND revoked_at IS NULL`,
    )
  )[0]?.n;

describe(SecurityService.name, () => {
  describe('who may call', () => {
    it('refuses a visitor, a trial account, and a token of this brand sent to another brand', async () => {
      expect((await call(null, { method: 'GET', url: '/wps/member/security/sessions' })).json().code).toBe(
        'NOT_LOGGED_IN',
      );
      const trial = await signInTestMember(t.app, { agentType: 4 });
      expect(
        (await call(trial.authorization, { method: 'GET', url: '/wps/member/security/sessions' })).json().code,
      ).toBe('NEED_TRUE_ACCOUNT');
      const member = await signInTestMember(t.app);
      const elsewhere = await call(member.authorization, {
        method: 'POST',
        url: '/wps/member/security/sessions/sign-out-others',
        host: OTHER_HOST,
      });
      expect(elsewhere.json().code).toBe('NOT_LOGGED_IN');
    });
  });

  describe('GET /wps/member/security/sign-ins', () => {
    it("lists the member's own sign-ins newest first with IP, device and method, page by page", async () => {
      const member = await createTestMember(t.app);
      const other = await createTestMember(t.app);
      const first = await signInFrom(member, nextIp(), 'Mozilla/5.0 (Windows NT 10.0) Chrome/120');
      await signInFrom(other, nextIp());
      const secondIp = nextIp();
      const second = await signInFrom(member, secondIp, 'Mozilla/5.0 (iPhone) Mobile Safari');
      expect(first.response.statusCode).toBe(200);

      const page = (
        await call(second.authorization, { method: 'GET', url: '/wps/member/security/sign-ins?limit=1' })
      ).json();
      expect(page.value.items).toEqual([
        expect.objectContaining({
          ip: secondIp,
          userAgent: 'Mozilla/5.0 (iPhone) Mobile Safari',
          method: 'password',
          current: true,
        }),
      ]);
      expect(page.value.nextBeforeId).toBe(page.value.items[0].id);
      const next = (
        await call(second.authorization, {
          method: 'GET',
          url: `/wps/member/security/sign-ins?limit=1&beforeId=${page.value.nextBeforeId}`,
        })
      ).json();
      expect(next.value.items).toEqual([
        expect.objectContaining({ userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120', current: false }),
      ]);
      expect(next.value.nextBeforeId).toBeNull();
    });
  });

  describe('the demo member', () => {
    it('has a sign-in history on a fresh start, added once', async () => {
      const [demo] = await rows<{ id: number; merchant_id: number }>(
        sql`SELECT m.id::int AS id, m.merchant_id::int AS merchant_id FROM members m JOIN merchants b ON b.id = m.merchant_id
             WHERE b.code = 'parlay' AND m.account = 'demo'`,
      );
      await seedDemoSignIns(t.app.db, 'parlay');
      const { authorization } = await signInTestMember(t.app, {
        id: demo!.id,
        merchantId: demo!.merchant_id,
        merchantCode: 'parlay',
        account: 'demo',
        password: '',
        agentType: 0,
        isFreePlay: false,
      });
      const history = (
        await call(authorization, { method: 'GET', url: '/wps/member/security/sign-ins?limit=50' })
      ).json().value;
      expect(history.items).toHaveLength(9);
      expect(history.items[0]).toMatchObject({ current: true });
      expect(new Set(history.items.map((item: { country: string }) => item.country))).toEqual(
        new Set(['', 'KR', 'JP']),
      );
    });
  });

  describe('sessions', () => {
    it("lists the live sessions, marks this one, and ends one other session but never another member's", async () => {
      const member = await createTestMember(t.app);
      const here = await signInTestMember(t.app, member);
      const there = await signInTestMember(t.app, member);
      const stranger = await signInTestMember(t.app);
      const listed = (await call(here.authorization, { method: 'GET', url: '/wps/member/security/sessions' })).json();
      expect(listed.value.items).toHaveLength(2);
      expect(listed.value.items.filter((item: { current: boolean }) => item.current)).toHaveLength(1);
      // PostgreSQL hands a bigint back as a string, PGlite as a number.
      const strangerSession = Number(
        (await rows<{ id: unknown }>(sql`SELECT id FROM member_sessions WHERE member_id = ${stranger.member.id}`))[0]!
          .id,
      );

      const refused = await call(here.authorization, {
        method: 'POST',
        url: '/wps/member/security/sessions/sign-out',
        body: { sessionId: strangerSession },
      });
      expect(refused.json().code).toBe('SECURITY_SESSION_NOT_FOUND');
      expect(await sessionCount(stranger.member.id)).toBe(1);

      const current = listed.value.items.find((item: { current: boolean }) => item.current).id;
      expect(
        (
          await call(here.authorization, {
            method: 'POST',
            url: '/wps/member/security/sessions/sign-out',
            body: { sessionId: current },
          })
        ).json().code,
      ).toBe('SECURITY_SESSION_CURRENT');
      expect(await sessionCount(member.id)).toBe(2);

      const other = listed.value.items.find((item: { current: boolean }) => !item.current).id;
      const ended = await call(here.authorization, {
        method: 'POST',
        url: '/wps/member/security/sessions/sign-out',
        body: { sessionId: other },
      });
      expect(ended.json().value).toEqual({ ended: 1 });
      expect((await call(there.authorization, { method: 'GET', url: '/wps/member/security' })).json().code).toBe(
        'NOT_LOGGED_IN',
      );
      expect((await call(here.authorization, { method: 'GET', url: '/wps/member/security' })).statusCode).toBe(200);
    });

    it('signs out everywhere else and keeps this session', async () => {
      const member = await createTestMember(t.app);
      const here = await signInTestMember(t.app, member);
      await signInTestMember(t.app, member);
      await signInTestMember(t.app, member);
      const stranger = await signInTestMember(t.app);
      const response = await call(here.authorization, {
        method: 'POST',
        url: '/wps/member/security/sessions/sign-out-others',
      });
      expect(response.json().value).toEqual({ ended: 2 });
      expect(await sessionCount(member.id)).toBe(1);
      expect(await sessionCount(stranger.member.id)).toBe(1);
    });
  });

  describe('known IPs', () => {
    it('lists the IPs with their device, forgets one, and the next sign-in from it asks for the extra check', async () => {
      const member = await createTestMember(t.app, { payeeName: 'Kim Min Jun' });
      const home = nextIp();
      const office = nextIp();
      const signedIn = await signInFrom(member, home, 'HomeBrowser/1');
      // A new IP with a second check possible asks for it; passing it registers the IP.
      const challenged = await signInFrom(member, office, 'OfficeBrowser/2');
      expect(challenged.body.code).toBe('LOGIN_VERIFICATION_REQUIRED');
      await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/session/login/verification',
        body: { challengeId: challenged.body.value.challengeId, method: 'bankAccountName', answer: 'Kim Min Jun' },
        remoteAddress: office,
        headers: { 'user-agent': 'OfficeBrowser/2' },
      });

      const listed = (
        await call(signedIn.authorization, { method: 'GET', url: '/wps/member/security/ips', remoteAddress: home })
      ).json();
      expect(listed.value.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ ip: home, userAgent: 'HomeBrowser/1', current: true }),
          expect.objectContaining({ ip: office, userAgent: 'OfficeBrowser/2', current: false }),
        ]),
      );
      expect(listed.value.items).toHaveLength(2);

      const stranger = await createTestMember(t.app);
      const strangerIp = nextIp();
      await signInFrom(stranger, strangerIp);
      const refused = await call(signedIn.authorization, {
        method: 'POST',
        url: '/wps/member/security/ips/remove',
        body: { ip: strangerIp },
      });
      expect(refused.json().code).toBe('SECURITY_IP_NOT_FOUND');
      expect(await rows(sql`SELECT ip FROM member_known_ips WHERE member_id = ${stranger.id}`)).toHaveLength(1);

      const removed = await call(signedIn.authorization, {
        method: 'POST',
        url: '/wps/member/security/ips/remove',
        body: { ip: office },
      });
      expect(removed.statusCode).toBe(200);
      expect((await signInFrom(member, office)).body.code).toBe('LOGIN_VERIFICATION_REQUIRED');

      const last = await call(signedIn.authorization, {
        method: 'POST',
        url: '/wps/member/security/ips/remove',
        body: { ip: home },
      });
      expect(last.json().code).toBe('SECURITY_LAST_KNOWN_IP');
      expect(await rows(sql`SELECT ip FROM member_known_ips WHERE member_id = ${member.id}`)).toEqual([{ ip: home }]);
    });
  });

  describe('authenticator', () => {
    async function enrol(authorization: string, remoteAddress: string) {
      const started = (
        await call(authorization, {
          method: 'POST',
          url: '/wps/member/security/authenticator/enrolment',
          remoteAddress,
        })
      ).json<{ value: { secret: string; otpauthUri: string } }>().value;
      const confirmed = await call(authorization, {
        method: 'POST',
        url: '/wps/member/security/authenticator',
        body: { code: currentTotp(started.secret) },
        remoteAddress,
      });
      return { secret: started.secret, otpauthUri: started.otpauthUri, confirmed };
    }

    it('enrols with a confirming code: the secret sealed, ten recovery codes once, the new-IP check offering it, the member told', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const member = await createTestMember(t.app, { email: 'totp.enrol@mail.io' });
      const { authorization } = await signInTestMember(t.app, member);
      const ip = nextIp();
      const started = (
        await call(authorization, {
          method: 'POST',
          url: '/wps/member/security/authenticator/enrolment',
          remoteAddress: ip,
        })
      ).json().value;
      expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+&issuer=/);
      const wrong = await call(authorization, {
        method: 'POST',
        url: '/wps/member/security/authenticator',
        body: { code: currentTotp(started.secret, Date.now() + 5 * 60_000) },
        remoteAddress: ip,
      });
      expect(wrong.json().code).toBe('AUTHENTICATOR_CODE_INVALID');
      expect(
        (await rows<{ totp_secret: string | null }>(sql`SELECT totp_secret FROM members WHERE id = ${member.id}`))[0],
      ).toEqual({ totp_secret: null });

      const confirmed = await call(authorization, {
        method: 'POST',
        url: '/wps/member/security/authenticator',
        body: { code: currentTotp(started.secret) },
        remoteAddress: ip,
      });
      expect(confirmed.statusCode).toBe(200);
      const codes: string[] = confirmed.json().value.recoveryCodes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      const [stored] = await rows<{ totp_secret: string }>(
        sql`SELECT totp_secret FROM members WHERE id = ${member.id}`,
      );
      expect(stored?.totp_secret).toMatch(/^enc:v1:/);
      expect(stored?.totp_secret).not.toContain(started.secret);
      const hashes = await rows<{ code_hash: string }>(
        sql`SELECT code_hash FROM member_recovery_codes WHERE member_id = ${member.id}`,
      );
      expect(hashes).toHaveLength(10);
      expect(hashes.map((row) => row.code_hash)).not.toContain(codes[0]);

      const overview = (await call(authorization, { method: 'GET', url: '/wps/member/security' })).json().value;
      expect(overview).toMatchObject({
        unregisteredIpCheck: true,
        secondCheckMethods: ['email', 'authenticator'],
        authenticator: { enrolled: true, recoveryCodesLeft: 10 },
      });
      expect(
        await rows(sql`SELECT template_key FROM member_messages WHERE member_id = ${member.id} AND kind = 'system'`),
      ).toEqual([{ template_key: 'securityTotpEnabled' }]);
      expect(await rows(sql`SELECT channel FROM outbox_messages WHERE recipient = 'totp.enrol@mail.io'`)).toEqual([
        { channel: 'email' },
      ]);

      const again = await call(authorization, {
        method: 'POST',
        url: '/wps/member/security/authenticator/enrolment',
        remoteAddress: ip,
      });
      expect(again.json().code).toBe('AUTHENTICATOR_ALREADY_ENROLLED');
    });

    it('refuses a confirming code once the enrolment is older than ten minutes', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const { authorization, member } = await signInTestMember(t.app);
      const ip = nextIp();
      const started = (
        await call(authorization, {
          method: 'POST',
          url: '/wps/member/security/authenticator/enrolment',
          remoteAddress: ip,
        })
      ).json().value;
      vi.advanceTimersByTime(10 * 60_000 + 1_000);
      const late = await call(authorization, {
        method: 'POST',
        url: '/wps/member/security/authenticator',
        body: { code: currentTotp(started.secret) },
        remoteAddress: ip,
      });
      expect(late.json().code).toBe('AUTHENTICATOR_ENROLMENT_EXPIRED');
      expect((await rows(sql`SELECT totp_secret FROM members WHERE id = ${member.id}`))[0]).toEqual({
        totp_secret: null,
      });
    });

    it('passes the new-IP check with a code accepted once, or a recovery code used once', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const member = await createTestMember(t.app);
      const home = nextIp();
      const signedIn = await signInFrom(member, home);
      const { secret, confirmed } = await enrol(signedIn.authorization, home);
      const [recovery] = confirmed.json().value.recoveryCodes as string[];
      // The enrolment's own code is spent: the next step's code signs in.
      vi.advanceTimersByTime(30_000);

      const answer = async (ip: string, code: string) => {
        const challenged = await signInFrom(member, ip);
        expect(challenged.body.code).toBe('LOGIN_VERIFICATION_REQUIRED');
        expect(challenged.body.value.methods).toEqual(['authenticator']);
        return injectEncrypted(t.app, {
          method: 'POST',
          url: '/wps/session/login/verification',
          headers: { language: 'EN' },
          body: { challengeId: challenged.body.value.challengeId, method: 'authenticator', answer: code },
          remoteAddress: ip,
        });
      };
      const code = currentTotp(secret);
      expect((await answer(nextIp(), code)).statusCode).toBe(200);
      expect((await answer(nextIp(), code)).json().code).toBe('LOGIN_VERIFICATION_FAILED');
      expect((await answer(nextIp(), recovery!.toUpperCase())).statusCode).toBe(200);
      expect((await answer(nextIp(), recovery!)).json().code).toBe('LOGIN_VERIFICATION_FAILED');
    });

    it('removes with a recovery code; wrong codes change nothing and the fifth makes the next wait', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const member = await createTestMember(t.app, { countryDialingCode: '82', mobileNum: '1055577001' });
      const { authorization } = await signInTestMember(t.app, member);
      const ip = nextIp();
      const { secret, confirmed } = await enrol(authorization, ip);
      const [recovery] = confirmed.json().value.recoveryCodes as string[];
      const remove = (code: string) =>
        call(authorization, {
          method: 'POST',
          url: '/wps/member/security/authenticator/remove',
          body: { code },
          remoteAddress: ip,
        });
      // The confirming code was accepted: it does not remove.
      expect((await remove(currentTotp(secret))).json().code).toBe('AUTHENTICATOR_CODE_INVALID');
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await remove('000000')).json().code).toBe('AUTHENTICATOR_CODE_INVALID');
      }
      expect((await remove('aaaaa-aaaaa')).json().code).toBe('AUTHENTICATOR_CODE_WAIT');
      // The right code waits too, and nothing is removed.
      expect((await remove(recovery!)).json().code).toBe('AUTHENTICATOR_CODE_WAIT');
      expect(
        (
          await rows<{ enrolled: boolean }>(
            sql`SELECT totp_secret IS NOT NULL AS enrolled FROM members WHERE id = ${member.id}`,
          )
        )[0],
      ).toEqual({ enrolled: true });

      vi.advanceTimersByTime(15 * 60_000 + 1_000);
      expect((await remove(recovery!)).statusCode).toBe(200);
      expect((await rows(sql`SELECT totp_secret FROM members WHERE id = ${member.id}`))[0]).toEqual({
        totp_secret: null,
      });
      expect(await rows(sql`SELECT id FROM member_recovery_codes WHERE member_id = ${member.id}`)).toEqual([]);
      const overview = (await call(authorization, { method: 'GET', url: '/wps/member/security' })).json().value;
      expect(overview.secondCheckMethods).toEqual(['sms']);
      expect(overview.authenticator).toEqual({ enrolled: false, recoveryCodesLeft: 0 });
      expect(
        await rows(sql`SELECT template_key FROM member_messages WHERE member_id = ${member.id} ORDER BY id`),
      ).toEqual([{ template_key: 'securityTotpEnabled' }, { template_key: 'securityTotpRemoved' }]);
      expect(
        (
          await rows<{ channel: string }>(sql`SELECT channel FROM outbox_messages WHERE recipient = '+821055577001'`)
        ).map((row) => row.channel),
      ).toEqual(['sms', 'sms']);
      expect((await remove(currentTotp(secret))).json().code).toBe('AUTHENTICATOR_NOT_ENROLLED');
    });
  });
});
