import { CompactEncrypt, generateKeyPair, importJWK } from 'jose';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Sign-ins run scrypt at production cost; a loaded CI machine needs room.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });
import { passwordChecksRun } from '../../lib/crypto/password';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import {
  createTestMember,
  encryptBody,
  injectEncrypted,
  loginThroughApi,
  signInTestMember,
  solveAltcha,
  queryRows,
} from '../../test/members';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { AuthService } from './auth.service';
import { EncryptionKeyService } from './keys.service';

let t: TestApp;
let ipCounter = 10;
/** A fresh client address, so per-IP limits of one test do not leak into another. */
const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

async function count(query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.app, query);
  return Number(row?.n ?? 0);
}

async function latestCode(recipient: string): Promise<string> {
  const [row] = await queryRows<{ body: string }>(
    t.app,
    sql`SELECT body FROM outbox_messages WHERE recipient = ${recipient} ORDER BY id DESC LIMIT 1`,
  );
  const body = row?.body ?? '';
  const match = /\b(\d{6})\b/.exec(body);
  if (!match?.[1]) throw new Error(`no code sent to ${recipient}`);
  return match[1];
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(AuthService.name, () => {
  describe('POST /wps/session/login', () => {
    it('signs in with the right password and returns a working token with the login result', async () => {
      const member = await createTestMember(t.app, { nickname: 'Lee' });
      const response = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      expect(response.statusCode).toBe(200);
      const value = response.json().value;
      expect(value).toMatchObject({
        id: member.id,
        account: member.account,
        type: 0,
        cpw: false,
        passwordExpired: false,
      });
      expect(value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const info = await t.app.inject({
        method: 'GET',
        url: '/wps/member/info',
        headers: { authorization: `Bearer ${value.token}` },
      });
      expect(info.statusCode).toBe(200);
    });

    it('issues a new token at every sign-in and shows the previous sign-in time', async () => {
      const member = await createTestMember(t.app);
      const ip = nextIp();
      const first = (
        await loginThroughApi(t.app, { username: member.account, password: member.password }, { remoteAddress: ip })
      ).json().value;
      const second = (
        await loginThroughApi(
          t.app,
          { username: member.account.toUpperCase(), password: member.password },
          { remoteAddress: ip },
        )
      ).json().value;
      expect(second.token).not.toBe(first.token);
      expect(first.previousLoginAt).toBeNull();
      expect(second.previousLoginAt).toBe(first.lastLoginAt);
    });

    it('answers an unknown username exactly like a wrong password, after the same password check', async () => {
      const member = await createTestMember(t.app);
      let before = passwordChecksRun();
      const wrong = await loginThroughApi(
        t.app,
        { username: member.account, password: 'Wrong1234!' },
        { remoteAddress: nextIp() },
      );
      const wrongChecks = passwordChecksRun() - before;
      before = passwordChecksRun();
      const unknown = await loginThroughApi(
        t.app,
        { username: 'nobody' + member.account, password: 'Wrong1234!' },
        { remoteAddress: nextIp() },
      );
      const unknownChecks = passwordChecksRun() - before;
      expect(wrong.statusCode).toBe(400);
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json()).toMatchObject({ code: 'WRONG_ACCOUNT_OR_PASSWORD', value: { captchaRequired: false } });
      // Both cost one scrypt check (a timing comparison would be noise on a loaded machine, so count them).
      expect(wrongChecks).toBe(1);
      expect(unknownChecks).toBe(1);
    });

    it('speaks the language of the request', async () => {
      const response = await loginThroughApi(
        t.app,
        { username: 'nobody-here', password: 'x' },
        { remoteAddress: nextIp(), headers: { language: 'EN' } },
      );
      expect(response.json().message).toBe('wrong account or password');
      const korean = await loginThroughApi(
        t.app,
        { username: 'nobody-here', password: 'x' },
        { remoteAddress: nextIp() },
      );
      expect(korean.json().message).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
    });

    it('demands a harder proof of work after two failures, refuses an easier one, and signs in with the harder one', async () => {
      const member = await createTestMember(t.app);
      const ip = nextIp();
      const wrong = (altcha?: string) =>
        loginThroughApi(
          t.app,
          { username: member.account, password: 'Wrong1234!' },
          { remoteAddress: ip, ...(altcha ? { altcha } : {}) },
        );
      expect((await wrong()).json().value).toEqual({ captchaRequired: false });
      expect((await wrong()).json().value).toEqual({ captchaRequired: true });
      // The behaviour check alone is no longer enough, and the attempt is not counted.
      const checkOnly = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: ip },
      );
      expect(checkOnly.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captchaRequired: true } });

      // Two challenges of level 1, fetched now: one is spent on a third failure, which asks for level 2.
      const forMember = { purpose: 'login', username: member.account } as const;
      const [first, second] = [
        await solveAltcha(t.app, 'localhost', ip, forMember),
        await solveAltcha(t.app, 'localhost', ip, forMember),
      ];
      expect((await wrong(first)).json()).toMatchObject({ code: 'WRONG_ACCOUNT_OR_PASSWORD' });
      const tooEasy = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: ip, altcha: second },
      );
      expect(tooEasy.json()).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captchaRequired: true } });
      expect(await count(sql`SELECT count(*)::int AS n FROM member_sessions WHERE member_id = ${member.id}`)).toBe(0);

      const signedIn = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: ip, harderCheck: true },
      );
      expect(signedIn.statusCode).toBe(200);
      // The success starts this account afresh from this IP: the behaviour check alone is enough again.
      expect(
        (await loginThroughApi(t.app, { username: member.account, password: member.password }, { remoteAddress: ip }))
          .statusCode,
      ).toBe(200);
    });

    it('makes one IP wait after five failures on an account, one minute doubling to fifteen, then lets it try again', async () => {
      const member = await createTestMember(t.app);
      const ip = nextIp();
      // The proof of work each attempt's failures ask for keeps it out of the way; the waits are what is tested.
      const attempt = (password: string) =>
        loginThroughApi(
          t.app,
          { username: member.account, password },
          { remoteAddress: ip, headers: { language: 'EN' }, harderCheck: true },
        );
      for (let failure = 1; failure <= 4; failure += 1) {
        expect((await attempt('Wrong1234!')).json().code).toBe('WRONG_ACCOUNT_OR_PASSWORD');
      }
      const fifth = await attempt('Wrong1234!');
      expect(fifth.statusCode).toBe(403);
      expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', value: { retryAfterSeconds: expect.any(Number) } });
      expect(fifth.json().value.retryAfterSeconds).toBeGreaterThan(55);
      expect(fifth.json().value.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(fifth.json().message).toContain('try again in 1 min.');

      // While it waits, even the right password is not checked from this IP.
      const right = await attempt(member.password);
      expect(right.json().code).toBe('ACCOUNT_LOCKED');
      expect(await count(sql`SELECT count(*)::int AS n FROM member_sessions WHERE member_id = ${member.id}`)).toBe(0);

      const pairKey = `p:u:${member.account}@${ip}`;
      const waitPasses = () =>
        t.app.db.execute(
          sql`UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE key = ${pairKey}`,
        );
      for (const minutes of [2, 4, 8, 15, 15]) {
        await waitPasses();
        const next = await attempt('Wrong1234!');
        expect(next.json().code).toBe('ACCOUNT_LOCKED');
        expect(next.json().message).toContain(`try again in ${minutes} min.`);
      }
      await waitPasses();
      expect((await attempt(member.password)).statusCode).toBe(200);
      // The success starts this account afresh from this IP.
      expect(await count(sql`SELECT count(*)::int AS n FROM login_throttle WHERE key = ${pairKey}`)).toBe(0);
    });

    it('never locks the account: failures from many IPs ask only unknown IPs for more work, never its known IP', async () => {
      const member = await createTestMember(t.app);
      const home = nextIp();
      expect(
        (await loginThroughApi(t.app, { username: member.account, password: member.password }, { remoteAddress: home }))
          .statusCode,
      ).toBe(200);
      const answers = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await loginThroughApi(
          t.app,
          { username: member.account, password: 'Wrong1234!' },
          { remoteAddress: nextIp() },
        );
        answers.push(response.json());
      }
      expect(answers.map((answer) => answer.code)).toEqual(Array(5).fill('WRONG_ACCOUNT_OR_PASSWORD'));
      // The fifth failure on the account asks unknown IPs for the harder proof of work from now on.
      expect(answers.map((answer) => answer.value.captchaRequired)).toEqual([false, false, false, false, true]);
      // The operator sees the failures on the account, from every IP.
      const [row] = await queryRows<{ failed: number; locked: Date | null }>(
        t.app,
        sql`SELECT failed_login_count AS failed, locked_until AS locked FROM members WHERE id = ${member.id}`,
      );
      expect(row).toEqual({ failed: 5, locked: null });

      const stranger = nextIp();
      const checkOnly = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: stranger },
      );
      expect(checkOnly.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captchaRequired: true } });
      const withHarderCheck = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: stranger, harderCheck: true },
      );
      expect(withHarderCheck.statusCode).toBe(200);
      // The owner at home is not slowed at all by what other IPs did.
      expect(
        (await loginThroughApi(t.app, { username: member.account, password: member.password }, { remoteAddress: home }))
          .statusCode,
      ).toBe(200);
    });

    it('makes an IP wait on an unknown username the same way, so a wait tells nothing', async () => {
      const name = `ghost${ipCounter}`;
      const ip = nextIp();
      let last;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        last = await loginThroughApi(
          t.app,
          { username: name, password: 'Wrong1234!' },
          { remoteAddress: ip, harderCheck: attempt >= 2 },
        );
      }
      expect(last?.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', value: { retryAfterSeconds: expect.any(Number) } });
    });

    it('asks one IP that fails on many accounts for more work after five failures, and makes it wait after twenty', async () => {
      const ip = nextIp();
      const attempt = (username: string, harderCheck: boolean) =>
        loginThroughApi(t.app, { username, password: 'Wrong1234!' }, { remoteAddress: ip, harderCheck });
      const answers = [];
      for (let account = 1; account <= 5; account += 1)
        answers.push((await attempt(`spray${ipCounter}-${account}`, false)).json());
      expect(answers.map((answer) => answer.code)).toEqual(Array(5).fill('WRONG_ACCOUNT_OR_PASSWORD'));
      expect(answers.at(-1).value).toEqual({ captchaRequired: true });
      expect((await attempt(`spray${ipCounter}-6`, false)).json().code).toBe('CAPTCHA_REQUIRED');
      for (let account = 6; account < 20; account += 1) {
        expect((await attempt(`spray${ipCounter}-${account}`, true)).json().code).toBe('WRONG_ACCOUNT_OR_PASSWORD');
      }
      const twentieth = await attempt(`spray${ipCounter}-20`, true);
      expect(twentieth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
      expect(twentieth.json().value.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect((await attempt(`spray${ipCounter}-21`, true)).json().code).toBe('ACCOUNT_LOCKED');
      // Another IP is not slowed by that one's failures.
      const member = await createTestMember(t.app);
      expect(
        (
          await loginThroughApi(
            t.app,
            { username: member.account, password: member.password },
            { remoteAddress: nextIp() },
          )
        ).statusCode,
      ).toBe(200);
    });

    it('refuses a missing, forged or replayed behaviour check', async () => {
      const member = await createTestMember(t.app);
      const ip = nextIp();
      const send = (altcha: string) =>
        injectEncrypted(t.app, {
          method: 'POST',
          url: '/wps/session/login',
          body: { username: member.account, password: member.password, altcha },
          remoteAddress: ip,
        });
      expect((await send('bm90IGpzb24=')).json().code).toBe('VERIFICATION_INCOMPLETE');
      const solved = await solveAltcha(t.app);
      const decoded = JSON.parse(Buffer.from(solved, 'base64').toString());
      decoded.solution.counter += 1;
      const forged = Buffer.from(JSON.stringify(decoded)).toString('base64');
      expect((await send(forged)).json().code).toBe('VERIFICATION_INCOMPLETE');
      expect((await send(solved)).statusCode).toBe(200);
      expect((await send(solved)).json().code).toBe('VERIFICATION_INCOMPLETE');
    });

    it('refuses a plain JSON body: the call is encrypted', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { language: 'EN' },
        payload: { username: 'demo', password: 'Demo1234!', altcha: 'x' },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'ENCRYPTION_REQUIRED',
        message: 'This request must be encrypted. Please reload the page.',
      });
    });

    it('refuses a JWE made with a key that is not ours, a damaged one and garbage', async () => {
      const { publicKey } = await generateKeyPair('RSA-OAEP-256');
      const current = (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value.key;
      const foreign = await new CompactEncrypt(new TextEncoder().encode('{"username":"demo"}'))
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: current.kid })
        .encrypt(publicKey);
      const genuine = await encryptBody(t.app, { username: 'demo', password: 'Demo1234!', altcha: 'x' });
      const parts = genuine.split('.');
      parts[3] = Buffer.from('tampered ciphertext').toString('base64url');
      for (const payload of [foreign, parts.join('.'), 'not-a-jwe', '']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/wps/session/login',
          headers: { 'content-type': 'application/jose' },
          payload,
          remoteAddress: nextIp(),
        });
        expect(response.statusCode).toBe(400);
        expect(['ENCRYPTED_BODY_INVALID', 'MALFORMED_REQUEST']).toContain(response.json().code);
      }
    });

    it('still decrypts with the old key after a rotation, and refuses it once its grace has ended', async () => {
      const member = await createTestMember(t.app);
      const body = { username: member.account, password: member.password, altcha: await solveAltcha(t.app) };
      const madeWithOldKey = await encryptBody(t.app, body);
      const oldKid = (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value.key.kid;
      await t.app.encryptionKeys.rotate(TEST_ACTOR);
      const newKid = (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value.key.kid;
      expect(newKid).not.toBe(oldKid);
      const send = (payload: string) =>
        t.app.inject({
          method: 'POST',
          url: '/wps/session/login',
          headers: { 'content-type': 'application/jose' },
          payload,
          remoteAddress: nextIp(),
        });
      expect((await send(madeWithOldKey)).statusCode).toBe(200);

      const stale = await encryptBody(t.app, { ...body, altcha: await solveAltcha(t.app) });
      await t.app.encryptionKeys.rotate(TEST_ACTOR, 0);
      const response = await send(stale);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ENCRYPTED_BODY_INVALID');
    });

    it('refuses the old key at once when another process rotates with no grace, and then serves the new key', async () => {
      const member = await createTestMember(t.app);
      const body = { username: member.account, password: member.password, altcha: await solveAltcha(t.app) };
      const oldKid = (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value.key.kid;
      const stale = await encryptBody(t.app, body);
      // As `keys rotate --grace 0` does from the command line: another service over the same database.
      const newKid = await new EncryptionKeyService(t.database.handle.db, t.app.audit).rotate(TEST_ACTOR, 0);
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { 'content-type': 'application/jose' },
        payload: stale,
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ENCRYPTED_BODY_INVALID');
      const served = (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value.key.kid;
      expect(served).not.toBe(oldKid);
      expect(served).toBe(newKid);
    });

    it.each([
      ['a missing password', { username: 'demo' }],
      ['an extra field', { username: 'demo', password: 'Demo1234!', isAdmin: true }],
      ['a number for the username', { username: 42, password: 'Demo1234!' }],
      ['an oversized username', { username: 'a'.repeat(101), password: 'Demo1234!' }],
      ['an unknown type', { username: 'demo', password: 'Demo1234!', type: 'google' }],
    ])('refuses %s with VALIDATION_FAILED and opens no session', async (_label, fields) => {
      const before = await count(sql`SELECT count(*)::int AS n FROM member_sessions`);
      const response = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/session/login',
        body: { ...fields, altcha: 'unused' },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(await count(sql`SELECT count(*)::int AS n FROM member_sessions`)).toBe(before);
    });

    it('treats SQL and HTML meta-characters as plain text', async () => {
      const before = await count(sql`SELECT count(*)::int AS n FROM members`);
      for (const username of [`' OR '1'='1`, `demo'--`, '<script>alert(1)</script>', 'demo"; DROP TABLE members; --']) {
        const response = await loginThroughApi(t.app, { username, password: `' OR ''='` }, { remoteAddress: nextIp() });
        expect(response.json().code).toBe('WRONG_ACCOUNT_OR_PASSWORD');
      }
      expect(await count(sql`SELECT count(*)::int AS n FROM members`)).toBe(before);
    });

    it('forces the change-password dialog (cpw) for a default password and for an expired one', async () => {
      const member = await createTestMember(t.app);
      await t.app.db.execute(sql`UPDATE members SET password_is_default = true WHERE id = ${member.id}`);
      const byDefault = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      expect(byDefault.json().value).toMatchObject({ cpw: true, passwordIsDefault: true });

      await t.app.db.execute(
        sql`UPDATE members SET password_is_default = false, password_changed_at = now() - interval '91 days' WHERE id = ${member.id}`,
      );
      const expired = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      expect(expired.json().value).toMatchObject({ cpw: true, passwordExpired: true, passwordIsDefault: false });
    });

    it('refuses an account the operator closed, and a type that may not use the player site', async () => {
      const closed = await createTestMember(t.app, { status: 'closed' });
      const response = await loginThroughApi(
        t.app,
        { username: closed.account, password: closed.password },
        { remoteAddress: nextIp() },
      );
      expect(response.json().code).toBe('ACCOUNT_DISABLED');
      const staff = await createTestMember(t.app, { agentType: 9 });
      const refused = await loginThroughApi(
        t.app,
        { username: staff.account, password: staff.password },
        { remoteAddress: nextIp(), headers: { language: 'EN' } },
      );
      expect(refused.json()).toMatchObject({ code: 'NON_MEMBER_LOGIN', message: 'Non-member account unable to login' });
    });

    it('signs in by mobile number and SMS code, once per code', async () => {
      const member = await createTestMember(t.app, { countryDialingCode: '82', mobileNum: '1055501234' });
      const ip = nextIp();
      const send = await t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: { mobileNum: '1055501234', countryDialingCode: '+82' },
        remoteAddress: ip,
      });
      expect(send.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
      const code = await latestCode('+821055501234');
      const login = (password: string) =>
        solveAltcha(t.app).then((altcha) =>
          injectEncrypted(t.app, {
            method: 'POST',
            url: '/wps/session/login',
            body: { username: '1055501234', countryDialingCode: '82', password, type: 'sms', altcha },
            remoteAddress: ip,
          }),
        );
      const ok = await login(code);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().value).toMatchObject({ id: member.id, cpw: false });
      expect((await login(code)).json().code).toBe('VERIFICATION_CODE_INVALID');
    });

    it('answers the SMS request for an unknown number like a known one, but sends nothing', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: { mobileNum: '1099990000', countryDialingCode: '82' },
        remoteAddress: nextIp(),
      });
      expect(response.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
      expect(await count(sql`SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = '+821099990000'`)).toBe(
        0,
      );
    });

    it('refuses an expired SMS code', async () => {
      await createTestMember(t.app, { countryDialingCode: '82', mobileNum: '1055507777' });
      const ip = nextIp();
      await t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: { mobileNum: '1055507777', countryDialingCode: '82' },
        remoteAddress: ip,
      });
      const code = await latestCode('+821055507777');
      await t.app.db.execute(
        sql`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = '+821055507777'`,
      );
      const response = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/session/login',
        body: {
          username: '1055507777',
          countryDialingCode: '82',
          password: code,
          type: 'sms',
          altcha: await solveAltcha(t.app),
        },
        remoteAddress: ip,
      });
      expect(response.json().code).toBe('VERIFICATION_CODE_EXPIRED');
    });

    it('throttles SMS: a second code to one number within the countdown is refused for 5 minutes', async () => {
      const payload = { mobileNum: '1055508888', countryDialingCode: '82' };
      const first = await t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload,
        remoteAddress: nextIp(),
      });
      expect(first.statusCode).toBe(200);
      const second = await t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload,
        remoteAddress: nextIp(),
        headers: { language: 'EN' },
      });
      expect(second.statusCode).toBe(429);
      expect(second.json()).toMatchObject({
        code: 'SMS_TOO_MANY_REQUESTS',
        message: 'Too many requests, please try again after 5 minutes',
        value: { retryAfterSeconds: 300 },
      });
    });
  });

  describe('second check for a new IP', () => {
    it('asks a member with a bound mobile for a code from a new IP and signs in once it is given', async () => {
      const member = await createTestMember(t.app, {
        countryDialingCode: '82',
        mobileNum: '1055502222',
        payeeName: 'Kim Minsu',
      });
      const home = nextIp();
      expect(
        (await loginThroughApi(t.app, { username: member.account, password: member.password }, { remoteAddress: home }))
          .statusCode,
      ).toBe(200);

      const away = nextIp();
      const challenged = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: away },
      );
      expect(challenged.statusCode).toBe(403);
      const challenge = challenged.json();
      expect(challenge).toMatchObject({
        code: 'LOGIN_VERIFICATION_REQUIRED',
        value: { methods: ['sms', 'bankAccountName'], maskedMobile: '+82 10****2222' },
      });
      const sessionsBefore = await count(
        sql`SELECT count(*)::int AS n FROM member_sessions WHERE member_id = ${member.id}`,
      );

      const sent = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login/verification/code',
        payload: { challengeId: challenge.value.challengeId, method: 'sms' },
        remoteAddress: away,
      });
      expect(sent.statusCode).toBe(200);
      const answer = (value: string, method = 'sms', remoteAddress = away) =>
        injectEncrypted(t.app, {
          method: 'POST',
          url: '/wps/session/login/verification',
          body: { challengeId: challenge.value.challengeId, method, answer: value },
          remoteAddress,
        });
      expect((await answer('000000')).json().code).toBe('VERIFICATION_CODE_INVALID');
      expect((await answer('Kim Minsu', 'bankAccountName', nextIp())).json().code).toBe('LOGIN_CHALLENGE_EXPIRED');
      expect(await count(sql`SELECT count(*)::int AS n FROM member_sessions WHERE member_id = ${member.id}`)).toBe(
        sessionsBefore,
      );

      const passed = await answer(await latestCode('+821055502222'));
      expect(passed.statusCode).toBe(200);
      expect(passed.json().value.token).toBeTruthy();
      // The challenge is spent and the IP is now known: the next sign-in from it needs no check.
      expect((await answer('kim minsu', 'bankAccountName')).json().code).toBe('LOGIN_CHALLENGE_EXPIRED');
      expect(
        (await loginThroughApi(t.app, { username: member.account, password: member.password }, { remoteAddress: away }))
          .statusCode,
      ).toBe(200);
    });

    it('accepts the bank account name, ignoring case and spaces', async () => {
      const member = await createTestMember(t.app, { payeeName: 'Park Ji Sung' });
      await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      const away = nextIp();
      const challenged = (
        await loginThroughApi(t.app, { username: member.account, password: member.password }, { remoteAddress: away })
      ).json();
      expect(challenged.value.methods).toEqual(['bankAccountName']);
      const response = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/session/login/verification',
        body: { challengeId: challenged.value.challengeId, method: 'bankAccountName', answer: 'parkjisung' },
        remoteAddress: away,
      });
      expect(response.statusCode).toBe(200);
    });

    it('offers the checks strongest first: codes, then the authenticator, the bank account name last', async () => {
      const member = await createTestMember(t.app, {
        countryDialingCode: '82',
        mobileNum: '1055503333',
        email: 'order@mail.io',
        payeeName: 'Han Ji',
      });
      await t.app.db.execute(sql`UPDATE members SET totp_secret = 'JBSWY3DPEHPK3PXP' WHERE id = ${member.id}`);
      await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      const challenged = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      expect(challenged.json().value.methods).toEqual(['sms', 'email', 'authenticator', 'bankAccountName']);
    });

    it('locks the second check after five failures over every challenge and IP, and refuses the right name while locked', async () => {
      const member = await createTestMember(t.app, { payeeName: 'Yoon Seo Yeon' });
      await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      const sessions = () => count(sql`SELECT count(*)::int AS n FROM member_sessions WHERE member_id = ${member.id}`);
      const sessionsBefore = await sessions();
      // Three challenges from three new IPs: whoever has the password can open as many as they like.
      const challenges = [];
      for (let index = 0; index < 3; index += 1) {
        const ip = nextIp();
        const challenged = await loginThroughApi(
          t.app,
          { username: member.account, password: member.password },
          { remoteAddress: ip },
        );
        expect(challenged.json().code).toBe('LOGIN_VERIFICATION_REQUIRED');
        challenges.push({ ip, id: challenged.json().value.challengeId as string });
      }
      const guess = (challenge: { ip: string; id: string }, answer: string) =>
        injectEncrypted(t.app, {
          method: 'POST',
          url: '/wps/session/login/verification',
          headers: { language: 'EN' },
          body: { challengeId: challenge.id, method: 'bankAccountName', answer },
          remoteAddress: challenge.ip,
        });
      const codes = [];
      for (const challenge of challenges) {
        for (let index = 0; index < 5; index += 1)
          codes.push((await guess(challenge, `Wrong Name ${index}`)).json().code);
      }
      expect(codes).toEqual([
        ...Array(4).fill('LOGIN_VERIFICATION_FAILED'),
        ...Array(11).fill('LOGIN_VERIFICATION_LOCKED'),
      ]);
      const right = await guess(challenges[2]!, 'Yoon Seo Yeon');
      expect(right.statusCode).toBe(403);
      expect(right.json()).toMatchObject({
        code: 'LOGIN_VERIFICATION_LOCKED',
        value: { retryAfterSeconds: expect.any(Number) },
      });
      expect(right.json().message).toBe('Too many failed verifications. Please try again in 60 min.');
      expect(await sessions()).toBe(sessionsBefore);
      // No new challenge either, while it is locked.
      const fourth = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      expect(fourth.json().code).toBe('LOGIN_VERIFICATION_LOCKED');

      await t.app.db.execute(
        sql`UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE key = ${`c:${member.id}`}`,
      );
      // The refused answers took nothing from their challenges.
      expect((await guess(challenges[2]!, 'yoon seo yeon')).statusCode).toBe(200);
    });

    it('is skipped when the operator turns the flag off', async () => {
      const member = await createTestMember(t.app, { payeeName: 'Choi' });
      await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      const merchant = await t.app.merchants.resolveByHost('localhost');
      const whitelabel = merchant.whitelabel.map((node) =>
        node.modId === 'UNREGISTERED_IP_VERIFICATION' ? { ...node, enabled: '0' as const } : node,
      );
      await t.app.db.execute(
        sql`UPDATE merchants SET whitelabel = ${JSON.stringify(whitelabel)}::jsonb WHERE id = ${merchant.id}`,
      );
      t.app.merchants.invalidate();
      try {
        const response = await loginThroughApi(
          t.app,
          { username: member.account, password: member.password },
          { remoteAddress: nextIp() },
        );
        expect(response.statusCode).toBe(200);
      } finally {
        await t.app.db.execute(
          sql`UPDATE merchants SET whitelabel = ${JSON.stringify(merchant.whitelabel)}::jsonb WHERE id = ${merchant.id}`,
        );
        t.app.merchants.invalidate();
      }
    });
  });

  describe('free play and logout', () => {
    it('signs in a free-play guest who can never touch real-money calls', async () => {
      const randomString = await encryptRandom();
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login/freeplay',
        payload: { os: 'Windows', platform: 'W', random: randomString, gatewayVersion: 3 },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(200);
      const guest = response.json().value;
      expect(guest).toMatchObject({ isFreePlay: true, type: 0 });
      expect(guest.account).toMatch(/^guest[0-9a-f]{10}$/);
      const authorization = `Bearer ${guest.token}`;
      expect(
        (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization } })).statusCode,
      ).toBe(200);
      const protectedCall = await t.app.inject({
        method: 'PUT',
        url: '/wps/member/info/icon',
        headers: { authorization },
        payload: { avatar: 'a02' },
      });
      expect(protectedCall.statusCode).toBe(403);
      expect(protectedCall.json().code).toBe('NEED_TRUE_ACCOUNT');
    });

    it('refuses a free-play random string that is not encrypted with our key', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login/freeplay',
        payload: { os: 'Windows', platform: 'W', random: 'plain-random-string-123', gatewayVersion: 3 },
        remoteAddress: nextIp(),
      });
      expect(response.json().code).toBe('ENCRYPTED_BODY_INVALID');
    });

    it('revokes the token at logout', async () => {
      const { authorization } = await signInTestMember(t.app);
      const logout = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization } });
      expect(logout.statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization } })).statusCode,
      ).toBe(401);
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization } })).json().code,
      ).toBe('NOT_LOGGED_IN');
    });

    it('refuses a trial (type 4) account a protected action with NEED_TRUE_ACCOUNT', async () => {
      const response = await loginThroughApi(
        t.app,
        { username: 'trial', password: 'Trial1234!' },
        { remoteAddress: nextIp() },
      );
      expect(response.json().value.type).toBe(4);
      const authorization = `Bearer ${response.json().value.token}`;
      const refused = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/member/password',
        headers: { authorization, language: 'EN' },
        body: { oldPassword: 'Trial1234!', newPassword: 'Trial5678!', confirmNewPassword: 'Trial5678!' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('NEED_TRUE_ACCOUNT');
      const again = await loginThroughApi(
        t.app,
        { username: 'trial', password: 'Trial1234!' },
        { remoteAddress: nextIp() },
      );
      expect(again.statusCode).toBe(200);
    });

    it('refuses a trial (type 4) account and a free-play guest a real-money launch, and opens no session', async () => {
      await installTestVendor(t.app, 'GATEV');
      const [game] = await queryRows<{ id: number }>(
        t.app,
        sql`SELECT g.id FROM games g JOIN game_vendors v ON v.id = g.vendor_id WHERE v.code = 'GATEV' AND g.code = 'G1'`,
      );
      const gameId = Number(game?.id);
      const trial = await signInTestMember(t.app, { agentType: 4 });
      const guest = await signInTestMember(t.app, { isFreePlay: true });
      const real = await signInTestMember(t.app);
      const sessions = () => count(sql`SELECT count(*)::int AS n FROM game_sessions`);
      const before = await sessions();
      for (const { authorization } of [trial, guest]) {
        for (const request of [
          { method: 'POST' as const, url: '/wps/game/launchGame', payload: { gameId } },
          { method: 'GET' as const, url: `/wps/game/launchGame?gameId=${gameId}&playMode=real` },
        ]) {
          const refused = await t.app.inject({ ...request, headers: { authorization, language: 'EN' } });
          expect(refused.statusCode).toBe(403);
          expect(refused.json().code).toBe('NEED_TRUE_ACCOUNT');
        }
      }
      expect(await sessions()).toBe(before);
      for (const { authorization } of [trial, guest]) {
        const freeTrial = await t.app.inject({
          method: 'POST',
          url: '/wps/game/launchGame',
          headers: { authorization },
          payload: { gameId, playMode: 'trial' },
        });
        expect(freeTrial.json()).toMatchObject({ success: true, value: { playMode: 'trial' } });
      }
      const realMoney = await t.app.inject({
        method: 'POST',
        url: '/wps/game/launchGame',
        headers: { authorization: real.authorization },
        payload: { gameId },
      });
      expect(realMoney.json()).toMatchObject({ success: true, value: { playMode: 'real' } });
    });
  });
});

async function encryptRandom(): Promise<string> {
  const key = (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value.key;
  return new CompactEncrypt(new TextEncoder().encode('r4nd0m-string-of-32-characters!!'))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(await importJWK(key, 'RSA-OAEP-256'));
}
