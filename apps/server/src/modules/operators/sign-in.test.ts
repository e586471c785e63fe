import { BACKOFFICE_CALLS, OPERATOR_SESSION_IDLE_SECONDS, type RoleName } from '@parlay/contract';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../../lib/crypto/totp';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { DEMO_OPERATOR_PASSWORD, DEMO_TOTP_SECRET } from './demo-operators';
import { callBackoffice, sessionCookieOf, signInAs } from './operators.fixtures';
import { OperatorSignInService } from './sign-in.service';

const PASSWORD = 'a-long-operator-password';
let counter = 0;

describe(OperatorSignInService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { payload?: unknown; cookie?: string; ip?: string } = {},
  ) =>
    callBackoffice(t.app, {
      method,
      url,
      payload: options.payload,
      cookie: options.cookie,
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
  const passwordStep = (login: string, password: string, ip?: string) =>
    call('POST', BACKOFFICE_CALLS.signIn.path, { payload: { login, password }, ...(ip ? { ip } : {}) });
  const codeStep = (challenge: string, code: string, ip?: string) =>
    call('POST', BACKOFFICE_CALLS.signInTotp.path, { payload: { challenge, code }, ...(ip ? { ip } : {}) });
  const recoveryStep = (challenge: string, recoveryCode: string, ip?: string) =>
    call('POST', BACKOFFICE_CALLS.signInRecovery.path, { payload: { challenge, recoveryCode }, ...(ip ? { ip } : {}) });
  const forgetLastCode = (login: string) =>
    query(t.app.db, sql`UPDATE operators SET totp_last_step = NULL WHERE login = ${login}`);
  const challengeOf = async (login: string, ip?: string) => {
    const step = await passwordStep(login, login.startsWith('demo-') ? DEMO_OPERATOR_PASSWORD : PASSWORD, ip);
    expect(step.statusCode, step.body).toBe(200);
    return step.json().value as { next: string; challenge: string; enrolment?: { secret: string; otpauthUri: string } };
  };

  /** A new operator, invited by the CLI, who has accepted the invitation (no authenticator yet). */
  async function newOperator(roles: RoleName[] = ['support']): Promise<string> {
    counter += 1;
    const login = `op${counter}-${Date.now() % 100_000}`;
    const invitation = await t.app.backoffice.operators.invite(
      TEST_ACTOR,
      {
        login,
        name: `Operator ${counter}`,
        email: `${login}@example.com`,
        roles,
        allBrands: false,
        brands: ['parlay'],
      },
      'link',
    );
    const token = new URL(invitation.link!).searchParams.get('token')!;
    const accepted = await call('POST', BACKOFFICE_CALLS.acceptInvitation.path, {
      payload: { token, password: PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return login;
  }

  /** Enrols a new operator's authenticator: its secret and recovery codes. */
  async function enrolled(): Promise<{ login: string; secret: string; recoveryCodes: string[]; cookie: string }> {
    const login = await newOperator();
    const step = await challengeOf(login);
    const secret = step.enrolment!.secret;
    const done = await call('POST', BACKOFFICE_CALLS.enrolTotp.path, {
      payload: { challenge: step.challenge, code: currentTotp(secret) },
    });
    expect(done.statusCode, done.body).toBe(200);
    return { login, secret, recoveryCodes: done.json().value.recoveryCodes, cookie: sessionCookieOf(done) };
  }

  describe('the two steps', () => {
    it('signs a demo operator in with the password, then a code, into an HttpOnly SameSite=Strict cookie', async () => {
      await forgetLastCode('demo-support');
      const step = await challengeOf('demo-support');
      expect(step).toEqual({ next: 'totp', challenge: expect.any(String), expiresInSeconds: 300 });
      const signedIn = await codeStep(step.challenge, currentTotp(DEMO_TOTP_SECRET));
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().value).toMatchObject({
        operator: { login: 'demo-support' },
        roles: ['support'],
        permissions: ['players.read', 'players.write', 'messages.read', 'messages.write'],
        allBrands: false,
        brands: [{ code: 'parlay', name: 'Parlay' }],
        idleSeconds: OPERATOR_SESSION_IDLE_SECONDS,
      });
      const cookie = [signedIn.headers['set-cookie']].flat()[0]!;
      expect(cookie).toMatch(/^parlay_bo=[A-Za-z0-9_-]{43}; Path=\/bo\/api; Max-Age=43200; HttpOnly; SameSite=Strict$/);
      const session = await call('GET', BACKOFFICE_CALLS.session.path, { cookie: sessionCookieOf(signedIn) });
      expect(session.json().value.operator.login).toBe('demo-support');
    });

    it('marks the cookie Secure when the request came over TLS through a trusted proxy', async () => {
      const behindProxy = await createTestApp({ TRUSTED_PROXIES: '127.0.0.1' });
      try {
        const cookie = await (async () => {
          await query(behindProxy.app.db, sql`UPDATE operators SET totp_last_step = NULL WHERE login = 'demo-owner'`);
          const headers = { 'x-forwarded-proto': 'https' };
          const step = await callBackoffice(behindProxy.app, {
            method: 'POST',
            url: BACKOFFICE_CALLS.signIn.path,
            payload: { login: 'demo-owner', password: DEMO_OPERATOR_PASSWORD },
            headers,
          });
          const done = await callBackoffice(behindProxy.app, {
            method: 'POST',
            url: BACKOFFICE_CALLS.signInTotp.path,
            payload: { challenge: step.json().value.challenge, code: currentTotp(DEMO_TOTP_SECRET) },
            headers,
          });
          return [done.headers['set-cookie']].flat()[0]!;
        })();
        expect(cookie).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
      } finally {
        await behindProxy.close();
      }
    });

    it('answers the same refusal for an unknown login and a wrong password', async () => {
      for (const [login, password] of [
        ['nobody-here', PASSWORD],
        ['demo-content', 'not-the-password'],
      ] as const) {
        const refused = await passwordStep(login, password, '198.51.100.1');
        expect(refused.statusCode).toBe(400);
        expect(refused.json().code).toBe('BO_WRONG_CREDENTIALS');
      }
    });

    it('accepts a code once: the same code again is refused', async () => {
      await forgetLastCode('demo-finance');
      const code = currentTotp(DEMO_TOTP_SECRET);
      const first = await codeStep((await challengeOf('demo-finance')).challenge, code);
      expect(first.statusCode).toBe(200);
      const again = await codeStep((await challengeOf('demo-finance')).challenge, code);
      expect(again.json().code).toBe('BO_TOTP_INVALID');
    });

    it('uses a challenge once, and ends one after five wrong codes', async () => {
      await forgetLastCode('demo-risk');
      const used = await challengeOf('demo-risk', '198.51.100.20');
      expect((await codeStep(used.challenge, currentTotp(DEMO_TOTP_SECRET), '198.51.100.20')).statusCode).toBe(200);
      await forgetLastCode('demo-risk');
      const reused = await codeStep(used.challenge, currentTotp(DEMO_TOTP_SECRET), '198.51.100.20');
      expect(reused.json().code).toBe('BO_SIGN_IN_EXPIRED');

      const { challenge } = await challengeOf('demo-risk', '198.51.100.21');
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect((await codeStep(challenge, '000000', '198.51.100.21')).json().code).toBe('BO_TOTP_INVALID');
      }
      // The fifth wrong code from this IP also starts a wait; the challenge is spent either way.
      expect((await codeStep(challenge, '000000', '198.51.100.21')).json().code).toBe('BO_SIGN_IN_WAIT');
      await query(t.app.db, sql`DELETE FROM operator_sign_in_throttle WHERE key LIKE 't:%'`);
      const late = await codeStep(challenge, currentTotp(DEMO_TOTP_SECRET), '198.51.100.21');
      expect(late.json().code).toBe('BO_SIGN_IN_EXPIRED');
    });

    it('refuses a code step for a challenge older than five minutes', async () => {
      await forgetLastCode('demo-readonly');
      const { challenge } = await challengeOf('demo-readonly');
      await query(t.app.db, sql`UPDATE operator_sign_in_challenges SET expires_at = now() - interval '1 second'`);
      expect((await codeStep(challenge, currentTotp(DEMO_TOTP_SECRET))).json().code).toBe('BO_SIGN_IN_EXPIRED');
    });
  });

  describe('the first sign-in', () => {
    it('enrols the authenticator: the secret as an otpauth URI, confirmed by its first code, and recovery codes once', async () => {
      const login = await newOperator();
      const step = await challengeOf(login);
      expect(step.next).toBe('enrol');
      expect(step.enrolment!.otpauthUri).toBe(
        `otpauth://totp/Parlay%20back%20office:${login}?secret=${step.enrolment!.secret}&issuer=Parlay%20back%20office&algorithm=SHA1&digits=6&period=30`,
      );
      // The plain code step does not apply before enrolment.
      const early = await codeStep(step.challenge, currentTotp(step.enrolment!.secret));
      expect(early.json().code).toBe('BO_SIGN_IN_STEP_INVALID');
      const wrong = await call('POST', BACKOFFICE_CALLS.enrolTotp.path, {
        payload: { challenge: step.challenge, code: '000000' },
      });
      expect(wrong.json().code).toBe('BO_TOTP_INVALID');
      const done = await call('POST', BACKOFFICE_CALLS.enrolTotp.path, {
        payload: { challenge: step.challenge, code: currentTotp(step.enrolment!.secret) },
      });
      expect(done.statusCode, done.body).toBe(200);
      const { recoveryCodes, recoveryCodesLeft } = done.json().value;
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect(recoveryCodes[0]).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
      expect(recoveryCodesLeft).toBe(10);

      // Enrolled: the next sign-in asks for a code, and shows no secret.
      const next = await challengeOf(login);
      expect(next).toEqual({ next: 'totp', challenge: expect.any(String), expiresInSeconds: 300 });
      const stored = await query<{ totp_secret: string }>(
        t.app.db,
        sql`SELECT totp_secret FROM operators WHERE login = ${login}`,
      );
      expect(stored[0]!.totp_secret).toMatch(/^enc:v1:/);
      expect(stored[0]!.totp_secret).not.toContain(step.enrolment!.secret);
      const audited = await t.app.audit.search(
        { allBrands: true, merchantIds: [] },
        { limit: 5, action: 'operator.totp-enrol' },
      );
      expect(audited.items[0]).toMatchObject({
        operatorLogin: login,
        after: { totpEnrolled: true, recoveryCodes: 10 },
      });
    });

    it('signs in with a recovery code once, in place of the authenticator', async () => {
      const { login, recoveryCodes } = await enrolled();
      const first = await recoveryStep((await challengeOf(login)).challenge, recoveryCodes[0]!.toUpperCase());
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().value.recoveryCodesLeft).toBe(9);
      const again = await recoveryStep((await challengeOf(login)).challenge, recoveryCodes[0]!);
      expect(again.json().code).toBe('BO_RECOVERY_CODE_INVALID');
      const another = await recoveryStep((await challengeOf(login)).challenge, recoveryCodes[1]!.replace('-', ''));
      expect(another.statusCode).toBe(200);
    });

    it('renews the recovery codes against a code of the authenticator; the old ones stop working', async () => {
      const { login, secret, recoveryCodes, cookie } = await enrolled();
      await forgetLastCode(login);
      const wrong = await call('POST', BACKOFFICE_CALLS.renewRecoveryCodes.path, {
        cookie,
        payload: { code: '000000' },
      });
      expect(wrong.json().code).toBe('BO_TOTP_INVALID');
      const renewed = await call('POST', BACKOFFICE_CALLS.renewRecoveryCodes.path, {
        cookie,
        payload: { code: currentTotp(secret) },
      });
      expect(renewed.statusCode, renewed.body).toBe(200);
      const fresh: string[] = renewed.json().value.recoveryCodes;
      expect(fresh).toHaveLength(10);
      expect((await recoveryStep((await challengeOf(login)).challenge, recoveryCodes[2]!)).json().code).toBe(
        'BO_RECOVERY_CODE_INVALID',
      );
      expect((await recoveryStep((await challengeOf(login)).challenge, fresh[0]!)).statusCode).toBe(200);
    });
  });

  describe('the throttle', () => {
    it('makes a login wait after five wrong passwords from one IP, and lets the same login in from another', async () => {
      const login = await newOperator();
      const ip = '192.0.2.10';
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await passwordStep(login, 'wrong-password', ip)).json().code).toBe('BO_WRONG_CREDENTIALS');
      }
      const fifth = await passwordStep(login, 'wrong-password', ip);
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json()).toMatchObject({ code: 'BO_SIGN_IN_WAIT', value: { retryAfterSeconds: 60 } });
      // While it waits, even the right password from this IP is not checked ...
      expect((await passwordStep(login, PASSWORD, ip)).json().code).toBe('BO_SIGN_IN_WAIT');
      // ... and nothing stops the owner elsewhere: no account lock.
      expect((await passwordStep(login, PASSWORD, '192.0.2.11')).statusCode).toBe(200);
    });

    it('counts attempts sent together before checking them: a burst checks no more than the rules allow', async () => {
      const login = await newOperator();
      const ip = '192.0.2.30';
      const answers = await Promise.all(Array.from({ length: 12 }, () => passwordStep(login, 'wrong-password', ip)));
      const codes = answers.map((answer) => answer.json().code as string);
      // Four are checked and wrong; the fifth counted starts the wait and every later one meets it.
      expect(codes.filter((code) => code === 'BO_WRONG_CREDENTIALS')).toHaveLength(4);
      expect(codes.filter((code) => code === 'BO_SIGN_IN_WAIT')).toHaveLength(8);
    });

    it('stops TOTP codes from every IP after ten wrong ones, while a recovery code still signs the owner in', async () => {
      const { login, recoveryCodes } = await enrolled();
      for (let index = 0; index < 10; index += 1) {
        const ip = `192.0.2.${100 + index}`;
        const { challenge } = await challengeOf(login, ip);
        const code = (await codeStep(challenge, '000000', ip)).json().code;
        expect(code, `attempt ${index + 1}`).toBe(index < 9 ? 'BO_TOTP_INVALID' : 'BO_SIGN_IN_WAIT');
      }
      const fresh = await challengeOf(login, '192.0.2.200');
      expect((await codeStep(fresh.challenge, '000000', '192.0.2.200')).json().code).toBe('BO_SIGN_IN_WAIT');
      const rescued = await recoveryStep(fresh.challenge, recoveryCodes[0]!, '192.0.2.200');
      expect(rescued.statusCode, rescued.body).toBe(200);
    });
  });

  describe('sessions', () => {
    it('end after 30 idle minutes, and 12 hours after sign-in however active', async () => {
      const idle = await signInAs(t.app, 'demo-content');
      await query(
        t.app.db,
        sql`UPDATE operator_sessions SET last_seen_at = now() - make_interval(secs => ${OPERATOR_SESSION_IDLE_SECONDS + 5})
             WHERE revoked_at IS NULL AND operator_id = (SELECT id FROM operators WHERE login = 'demo-content')`,
      );
      const afterIdle = await call('GET', BACKOFFICE_CALLS.session.path, { cookie: idle });
      expect(afterIdle.statusCode).toBe(401);
      expect(afterIdle.json().code).toBe('BO_NOT_SIGNED_IN');

      const old = await signInAs(t.app, 'demo-content');
      await query(
        t.app.db,
        sql`UPDATE operator_sessions SET expires_at = now() - interval '1 second'
             WHERE revoked_at IS NULL AND operator_id = (SELECT id FROM operators WHERE login = 'demo-content')`,
      );
      expect((await call('GET', BACKOFFICE_CALLS.session.path, { cookie: old })).statusCode).toBe(401);
    });

    it('signs out this session, or every session of the operator', async () => {
      const first = await signInAs(t.app, 'demo-admin');
      const second = await signInAs(t.app, 'demo-admin');
      const out = await call('DELETE', BACKOFFICE_CALLS.signOut.path, { cookie: first });
      expect(out.statusCode).toBe(200);
      expect([out.headers['set-cookie']].flat()[0]).toMatch(/^parlay_bo=; Path=\/bo\/api; Max-Age=0; HttpOnly/);
      expect((await call('GET', BACKOFFICE_CALLS.session.path, { cookie: first })).statusCode).toBe(401);
      expect((await call('GET', BACKOFFICE_CALLS.session.path, { cookie: second })).statusCode).toBe(200);

      const third = await signInAs(t.app, 'demo-admin');
      const everywhere = await call('DELETE', BACKOFFICE_CALLS.signOutEverywhere.path, { cookie: third });
      expect(everywhere.json().value).toEqual({ ended: 2 });
      expect((await call('GET', BACKOFFICE_CALLS.session.path, { cookie: second })).statusCode).toBe(401);
      expect((await call('GET', BACKOFFICE_CALLS.session.path, { cookie: third })).statusCode).toBe(401);
    });

    it('end when the operator is suspended, and a suspended operator cannot sign in', async () => {
      const login = await newOperator();
      const step = await challengeOf(login);
      const done = await call('POST', BACKOFFICE_CALLS.enrolTotp.path, {
        payload: { challenge: step.challenge, code: currentTotp(step.enrolment!.secret) },
      });
      const cookie = sessionCookieOf(done);
      const { id } = await t.app.backoffice.operators.getByLogin(login);
      await t.app.backoffice.operators.suspend(TEST_ACTOR, id, 'left the company', null);
      expect((await call('GET', BACKOFFICE_CALLS.session.path, { cookie })).statusCode).toBe(401);
      expect((await passwordStep(login, PASSWORD)).json().code).toBe('BO_OPERATOR_SUSPENDED');
    });
  });
});
