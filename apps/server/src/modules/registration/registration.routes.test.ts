import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Sign-ins run scrypt at production cost; a loaded CI machine needs room.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, injectEncrypted, solveAltcha, queryRows } from '../../test/members';
import { TEST_PASSWORD_HASH_COST } from '../../test/password-cost';
import { RegistrationService } from './registration.service';

let t: TestApp;
let counter = 1;
const nextIp = () => `10.1.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;

async function count(query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.app, query);
  return Number(row?.n ?? 0);
}
const memberCount = () => count(sql`SELECT count(*)::int AS n FROM members`);

async function latestCode(recipient: string): Promise<string> {
  const [row] = await queryRows<{ body: string }>(
    t.app,
    sql`SELECT body FROM outbox_messages WHERE recipient = ${recipient} ORDER BY id DESC LIMIT 1`,
  );
  const match = /\b(\d{6})\b/.exec(row?.body ?? '');
  if (!match?.[1]) throw new Error(`no code sent to ${recipient}`);
  return match[1];
}

async function register(
  body: Record<string, unknown>,
  url = '/wps/member/register',
  headers: Record<string, string> = {},
) {
  return injectEncrypted(t.app, {
    method: 'PUT',
    url,
    body: { login: true, registerMethod: 'WEB', altcha: await solveAltcha(t.app), ...body },
    headers,
    remoteAddress: nextIp(),
  });
}

const uniqueName = () => `user${Date.now().toString(36)}${counter++}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(RegistrationService.name, () => {
  describe('GET /wps/system/setting/register', () => {
    it('serves the brand rules and register settings', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' });
      expect(response.statusCode).toBe(200);
      const value = response.json().value;
      expect(value).toMatchObject({
        directRegister: true,
        usernameRegistration: true,
        mobileRegistration: true,
        smsVerification: true,
        expiredMinutes: 5,
        minimumAge: 18,
        birthdayMinimumAge: 21,
      });
      expect(value.rules.username).toEqual({
        acceptedPattern: 'LETTER_ALNUM',
        minLength: 4,
        maxLength: 16,
        patternId: 'LETTER_ALNUM',
        enabled: true,
        required: true,
      });
    });
  });

  it('fills the register rules of the system status', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    const settings = await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' });
    expect(status.json().value.registerRules).toEqual(settings.json().value.rules);
    expect(status.json().value.registerRules.password.acceptedPattern).toBe('STRONG_PASSWORD');
  });

  describe('PUT /wps/member/register', () => {
    it('registers by username, signs in and marks the first sign-in', async () => {
      const username = uniqueName();
      const response = await register({
        username,
        password: 'Secret12!',
        confirmPassword: 'Secret12!',
        email: 'New@Mail.io',
      });
      expect(response.statusCode).toBe(200);
      const value = response.json().value;
      expect(value).toMatchObject({ account: username, type: 0, firstTimeLogin: true, cpw: false });
      expect(value.token).toBeTruthy();
      const [stored] = await queryRows<{ email: string; password_hash: string }>(
        t.app,
        sql`SELECT email, password_hash FROM members WHERE account = ${username}`,
      );
      expect(stored?.email).toBe('new@mail.io');
      // Hashed at the cost of new hashes: the tests' (src/test/password-cost.ts); production's is pinned in password.test.ts.
      expect(stored?.password_hash).toMatch(new RegExp(`^scrypt\\$${2 ** TEST_PASSWORD_HASH_COST}\\$8\\$1\\$`));
    });

    it('keeps the language the registrant reads the site in as the member language', async () => {
      const english = uniqueName();
      const korean = uniqueName();
      const fields = { password: 'Secret12!', confirmPassword: 'Secret12!' };
      expect((await register({ ...fields, username: english }, undefined, { language: 'EN' })).statusCode).toBe(200);
      expect((await register({ ...fields, username: korean }, undefined, { language: 'KO' })).statusCode).toBe(200);
      const rows = await queryRows<{ account: string; language: string | null }>(
        t.app,
        sql`SELECT account, language FROM members WHERE account IN (${english}, ${korean}) ORDER BY account`,
      );
      expect(Object.fromEntries(rows.map((row) => [row.account, row.language]))).toEqual({
        [english]: 'EN',
        [korean]: 'KO',
      });
    });

    it('refuses a taken username in any letter case and changes nothing', async () => {
      const before = await memberCount();
      const response = await register(
        { username: 'DEMO', password: 'Secret12!', confirmPassword: 'Secret12!' },
        undefined,
        { language: 'EN' },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ACCOUNT_EXISTS', message: 'This username is already taken.' });
      expect(await memberCount()).toBe(before);
    });

    it('creates one account when two registrations of one username race', async () => {
      const username = uniqueName();
      const body = { username, password: 'Secret12!', confirmPassword: 'Secret12!' };
      const [first, second] = await Promise.all([register(body), register(body)]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      expect(await count(sql`SELECT count(*)::int AS n FROM members WHERE lower(account) = lower(${username})`)).toBe(
        1,
      );
    });

    it.each([
      [
        'username',
        { username: '9lives', password: 'Secret12!', confirmPassword: 'Secret12!' },
        'FIELD_INVALID',
        'Please enter 4-16 letters and digits, starting with a letter.',
      ],
      [
        'username',
        { username: '', password: 'Secret12!', confirmPassword: 'Secret12!' },
        'FIELD_REQUIRED',
        'Please enter 4-16 letters and digits, starting with a letter.',
      ],
      [
        'password',
        { username: 'validname', password: 'weakpass', confirmPassword: 'weakpass' },
        'FIELD_INVALID',
        'Please enter 8-20 characters with an upper-case letter, a lower-case letter, a digit and a special character.',
      ],
      [
        'email',
        { username: 'validname', password: 'Secret12!', confirmPassword: 'Secret12!', email: 'not-an-email' },
        'FIELD_INVALID',
        'Please enter a valid e-mail address of 6-100 characters.',
      ],
      [
        'username',
        { username: "a' OR '1'='1", password: 'Secret12!', confirmPassword: 'Secret12!' },
        'FIELD_INVALID',
        'Please enter 4-16 letters and digits, starting with a letter.',
      ],
      [
        'username',
        { username: '<img src=x>', password: 'Secret12!', confirmPassword: 'Secret12!' },
        'FIELD_INVALID',
        'Please enter 4-16 letters and digits, starting with a letter.',
      ],
    ])('refuses a bad %s with its rule message and changes nothing', async (field, body, code, message) => {
      const before = await memberCount();
      const response = await register(body, undefined, { language: 'EN' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code, message, value: { field } });
      expect(await memberCount()).toBe(before);
    });

    it('refuses a confirmation that differs', async () => {
      const response = await register(
        { username: uniqueName(), password: 'Secret12!', confirmPassword: 'Secret13!' },
        undefined,
        { language: 'EN' },
      );
      expect(response.json()).toMatchObject({
        code: 'PASSWORD_CONFIRMATION_MISMATCH',
        message: 'The two passwords are inconsistent',
      });
    });

    it.each([
      ['an extra field', { isAdmin: true }],
      ['a wrong type', { login: 'yes' }],
      ['an oversized field', { address: 'x'.repeat(301) }],
    ])('refuses %s with VALIDATION_FAILED', async (_label, extra) => {
      const before = await memberCount();
      const response = await register({
        username: uniqueName(),
        password: 'Secret12!',
        confirmPassword: 'Secret12!',
        ...extra,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(await memberCount()).toBe(before);
    });

    it('makes a field required when the brand marks it so, and shows it when enabled', async () => {
      const merchant = await t.app.merchants.resolveByHost('localhost');
      const rules = await t.app.accounts.registration.getRules(merchant.id);
      await t.app.accounts.registration.setRules(merchant.id, {
        wechat: { ...rules.wechat, enabled: true, required: true, minLength: 3, maxLength: 3 },
      });
      try {
        const missing = await register(
          { username: uniqueName(), password: 'Secret12!', confirmPassword: 'Secret12!' },
          undefined,
          { language: 'EN' },
        );
        expect(missing.json()).toMatchObject({
          code: 'FIELD_REQUIRED',
          value: { field: 'wechat', min: 3, max: 3 },
          message: 'Please enter 3 characters without spaces.',
        });
        const given = await register({
          username: uniqueName(),
          password: 'Secret12!',
          confirmPassword: 'Secret12!',
          wechat: 'w_1',
        });
        expect(given.statusCode).toBe(200);
      } finally {
        await t.app.accounts.registration.setRules(merchant.id, { wechat: rules.wechat });
      }
    });

    it("with the brand's captcha rule on, asks for the hardest proof of work instead of an image, even when required", async () => {
      const merchant = await t.app.merchants.resolveByHost('localhost');
      const rules = await t.app.accounts.registration.getRules(merchant.id);
      await t.app.accounts.registration.setRules(merchant.id, {
        captcha: { ...rules.captcha, enabled: true, required: true },
      });
      try {
        const fields = () => ({ username: uniqueName(), password: 'Secret12!', confirmPassword: 'Secret12!' });
        const checkOnly = await register(fields());
        expect(checkOnly.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captchaRequired: true } });
        const harder = await solveAltcha(t.app, 'localhost', nextIp(), { purpose: 'register' });
        const registered = await register({ ...fields(), altcha: harder });
        expect(registered.statusCode).toBe(200);
      } finally {
        await t.app.accounts.registration.setRules(merchant.id, { captcha: rules.captcha });
      }
    });

    it('puts the member under the agent of a valid affiliate code and refuses an unknown one', async () => {
      const check = await t.app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=agent001&domain=localhost' });
      expect(check.json()).toMatchObject({ success: true, value: { code: 'AGENT001', valid: true } });
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/wps/agent/affiliate?code=NOPE1234',
        headers: { language: 'EN' },
      });
      expect(unknown.json()).toMatchObject({ code: 'INVITATION_CODE_ERROR', message: 'Invalid invitation code' });
      // A member's referral code is not an affiliate code.
      expect((await t.app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=DEMO0001' })).json().code).toBe(
        'INVITATION_CODE_ERROR',
      );

      const username = uniqueName();
      const response = await register({
        username,
        password: 'Secret12!',
        confirmPassword: 'Secret12!',
        affiliateCode: 'AGENT001',
        referralCode: 'DEMO0001',
      });
      expect(response.json().value.toUpline).toBe('agent');
      const before = await memberCount();
      const refused = await register({
        username: uniqueName(),
        password: 'Secret12!',
        confirmPassword: 'Secret12!',
        affiliateCode: 'NOPE1234',
      });
      expect(refused.json()).toMatchObject({ code: 'INVITATION_CODE_ERROR', value: { field: 'affiliateCode' } });
      expect(await memberCount()).toBe(before);
    });

    it('refuses a birthday under 21', async () => {
      const merchant = await t.app.merchants.resolveByHost('localhost');
      const rules = await t.app.accounts.registration.getRules(merchant.id);
      await t.app.accounts.registration.setRules(merchant.id, { birthday: { ...rules.birthday, enabled: true } });
      try {
        const year = new Date().getUTCFullYear() - 20;
        const young = await register(
          { username: uniqueName(), password: 'Secret12!', confirmPassword: 'Secret12!', birthday: `${year}-01-01` },
          undefined,
          { language: 'EN' },
        );
        expect(young.json()).toMatchObject({
          code: 'AGE_NOT_CONFIRMED',
          message: 'Please confirm you are 21 years old',
        });
        const adult = await register({
          username: uniqueName(),
          password: 'Secret12!',
          confirmPassword: 'Secret12!',
          birthday: `${year - 2}-01-01`,
        });
        expect(adult.statusCode).toBe(200);
      } finally {
        await t.app.accounts.registration.setRules(merchant.id, { birthday: rules.birthday });
      }
    });
  });

  describe('PUT /wps/member/register/mobile', () => {
    it('registers a mobile number with the SMS code from the outbox; the code works once', async () => {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        payload: { mobileNo: '1066601111', countryDialingCode: '82', type: 'mobile' },
        remoteAddress: nextIp(),
      });
      expect(sent.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
      const code = await latestCode('+821066601111');
      const body = {
        mobileNum: '1066601111',
        countryDialingCode: '82',
        password: 'Secret12!',
        confirmPassword: 'Secret12!',
      };

      const wrong = await register({ ...body, verificationCode: '000000' }, '/wps/member/register/mobile', {
        language: 'EN',
      });
      expect(wrong.json()).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', message: 'Invalid verification code' });
      const missing = await register(body, '/wps/member/register/mobile');
      expect(missing.json().code).toBe('VERIFICATION_CODE_MISSING');

      const response = await register({ ...body, verificationCode: code }, '/wps/member/register/mobile');
      expect(response.statusCode).toBe(200);
      expect(response.json().value).toMatchObject({ account: '1066601111', hasMobile: true });

      const before = await memberCount();
      const replay = await register({ ...body, verificationCode: code }, '/wps/member/register/mobile');
      expect(replay.json().code).toBe('VERIFICATION_CODE_INVALID');
      expect(await memberCount()).toBe(before);
      const again = await t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        payload: { mobileNo: '1066601111', countryDialingCode: '82' },
        remoteAddress: nextIp(),
      });
      expect(again.json().code).toBe('MOBILE_EXISTS');
    });

    it('refuses an expired registration code and changes nothing', async () => {
      await t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        payload: { mobileNo: '1066602222', countryDialingCode: '82' },
        remoteAddress: nextIp(),
      });
      const code = await latestCode('+821066602222');
      await t.app.db.execute(
        sql`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = '+821066602222'`,
      );
      const before = await memberCount();
      const response = await register(
        {
          mobileNum: '1066602222',
          countryDialingCode: '82',
          password: 'Secret12!',
          confirmPassword: 'Secret12!',
          verificationCode: code,
        },
        '/wps/member/register/mobile',
      );
      expect(response.json().code).toBe('VERIFICATION_CODE_EXPIRED');
      expect(await memberCount()).toBe(before);
    });

    it('refuses a mobile number bound to another account', async () => {
      await createTestMember(t.app, { countryDialingCode: '82', mobileNum: '1066603333' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        payload: { mobileNo: '1066603333', countryDialingCode: '82' },
        remoteAddress: nextIp(),
        headers: { language: 'EN' },
      });
      expect(response.json()).toMatchObject({
        code: 'MOBILE_EXISTS',
        message: 'This mobile number is already registered.',
      });
    });

    it('refuses a malformed mobile number', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        payload: { mobileNo: '10-6660', countryDialingCode: '82' },
        remoteAddress: nextIp(),
      });
      expect(response.json().code).toBe('VALIDATION_FAILED');
    });
  });
});
