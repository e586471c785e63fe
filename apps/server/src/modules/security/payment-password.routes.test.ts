import { sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, queryRows, signInTestMember, type TestMember } from '../../test/members';
import { PaymentPasswordService } from './payment-password.service';

let t: TestApp;
let counter = 1;
const nextIp = () => `10.61.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;
const nextMobile = () => `10610${String(counter++).padStart(5, '0')}`;
const rows = <T>(query: SQL) => queryRows<T>(t.app, query);
const OTHER_HOST = 'payment-password-other.example';
const BASE = '/wps/member/security/payment-password';

beforeAll(async () => {
  t = await createTestApp();
  await createTestBrand(t.app.db, 'payment-password-other', OTHER_HOST);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Call = { method?: 'GET' | 'POST'; url: string; body?: unknown; host?: string; language?: string };

function call(authorization: string | null, request: Call) {
  return t.app.inject({
    method: request.method ?? 'POST',
    url: request.url,
    headers: {
      host: request.host ?? 'localhost',
      language: request.language ?? 'EN',
      ...(authorization ? { authorization } : {}),
    },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
    remoteAddress: nextIp(),
  });
}

const status = async (authorization: string) => (await call(authorization, { method: 'GET', url: BASE })).json().value;
const setFirst = (authorization: string, member: TestMember, newPassword: string) =>
  call(authorization, { url: BASE, body: { loginPassword: member.password, newPassword } });
const change = (authorization: string, oldPassword: string, newPassword: string) =>
  call(authorization, { url: `${BASE}/change`, body: { oldPassword, newPassword } });
const storedHash = async (memberId: number) =>
  (
    await rows<{ hash: string | null }>(sql`SELECT payment_password_hash AS hash FROM members WHERE id = ${memberId}`)
  )[0]?.hash;
const systemMessages = (memberId: number) =>
  rows<{ template_key: string }>(
    sql`SELECT template_key FROM member_messages WHERE member_id = ${memberId} AND kind = 'system' ORDER BY id`,
  );
/** The newest code sent to a recipient, read from the outbox as a member reads the SMS. */
async function sentCode(recipient: string): Promise<string> {
  const [row] = await rows<{ body: string }>(
    sql`SELECT body FROM outbox_messages WHERE recipient = ${recipient} ORDER BY id DESC LIMIT 1`,
  );
  const code = /Your code is (\d{6})/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

/** A member with a payment password set through the call, and a bound mobile for reset codes. */
async function memberWithPaymentPassword(password = '246801', overrides: { email?: string } = {}) {
  const mobileNum = nextMobile();
  const member = await createTestMember(t.app, { countryDialingCode: '82', mobileNum, ...overrides });
  const { authorization } = await signInTestMember(t.app, member);
  expect((await setFirst(authorization, member, password)).statusCode).toBe(200);
  return { member, authorization, sms: `+82${mobileNum}` };
}

describe(PaymentPasswordService.name, () => {
  describe('who may call', () => {
    it("refuses a visitor, a trial account and another brand's host, and never touches another member's", async () => {
      expect((await call(null, { method: 'GET', url: BASE })).json().code).toBe('NOT_LOGGED_IN');
      const trial = await signInTestMember(t.app, { agentType: 4 });
      const trialSet = await setFirst(trial.authorization, trial.member, '135792');
      expect(trialSet.json().code).toBe('NEED_TRUE_ACCOUNT');
      expect(await storedHash(trial.member.id)).toBeNull();

      const { member, authorization } = await memberWithPaymentPassword('135792');
      const elsewhere = await call(authorization, {
        url: `${BASE}/change`,
        body: { oldPassword: '135792', newPassword: '975310' },
        host: OTHER_HOST,
      });
      expect(elsewhere.json().code).toBe('NOT_LOGGED_IN');

      // Another member's wrong tries and set count only for that member.
      const other = await signInTestMember(t.app);
      expect((await status(other.authorization)).isSet).toBe(false);
      for (let attempt = 0; attempt < 5; attempt += 1) await change(other.authorization, '135792', '975310');
      expect((await change(other.authorization, '135792', '975310')).json().code).toBe('PAYMENT_PASSWORD_NOT_SET');
      expect(await status(authorization)).toMatchObject({ isSet: true, lockedUntil: null, attemptsLeft: 5 });
      await t.app.accounts.paymentPassword.verifyPaymentPassword(member, '135792');
    });
  });

  describe('the demo member', () => {
    it('has none on a fresh start, and a bound mobile and e-mail to reset one with', async () => {
      const [demo] = await rows<{ id: number; merchant_id: number }>(
        sql`SELECT m.id::int AS id, m.merchant_id::int AS merchant_id FROM members m
            JOIN merchants b ON b.id = m.merchant_id WHERE b.code = 'parlay' AND m.account = 'demo'`,
      );
      const { authorization } = await signInTestMember(t.app, {
        id: demo!.id,
        merchantId: demo!.merchant_id,
        merchantCode: 'parlay',
        account: 'demo',
        password: '',
        agentType: 0,
        isFreePlay: false,
      });
      expect(await status(authorization)).toEqual({
        isSet: false,
        lockedUntil: null,
        attemptsLeft: 5,
        resetTargets: [
          { channel: 'sms', target: '+82 10****5678' },
          { channel: 'email', target: 'de**@parlay.example' },
        ],
      });
    });
  });

  describe('set', () => {
    it('sets the first one with the login password: 6 digits, hashed, not the login password, announced', async () => {
      const member = await createTestMember(t.app, { password: '13579246', email: 'pay.set@mail.io' });
      const { authorization } = await signInTestMember(t.app, member);
      expect(await status(authorization)).toEqual({
        isSet: false,
        lockedUntil: null,
        attemptsLeft: 5,
        resetTargets: [{ channel: 'email', target: 'pa*****@mail.io' }],
      });
      for (const shape of ['12345', '1234567', '12a456', '']) {
        expect((await setFirst(authorization, member, shape)).json().code).toBe('PAYMENT_PASSWORD_FORMAT');
      }
      const wrong = await call(authorization, {
        url: BASE,
        body: { loginPassword: 'Nope1234!', newPassword: '802468' },
      });
      expect(wrong.json()).toMatchObject({
        code: 'PAYMENT_PASSWORD_LOGIN_WRONG',
        value: { attemptsLeft: 4 },
      });
      expect((await setFirst(authorization, member, '802468')).statusCode).toBe(200);
      const hash = await storedHash(member.id);
      expect(hash).toMatch(/^scrypt\$/);
      expect(hash).not.toContain('802468');
      expect(await status(authorization)).toMatchObject({ isSet: true, attemptsLeft: 5 });
      expect((await setFirst(authorization, member, '802469')).json().code).toBe('PAYMENT_PASSWORD_ALREADY_SET');
      expect(await systemMessages(member.id)).toEqual([{ template_key: 'securityPaymentPasswordSet' }]);
      expect(await rows(sql`SELECT channel, subject FROM outbox_messages WHERE recipient = 'pay.set@mail.io'`)).toEqual(
        [{ channel: 'email', subject: '[Parlay] 결제 비밀번호 설정' }],
      );
    });

    it('refuses the login password as the payment password', async () => {
      const member = await createTestMember(t.app, { password: '864209' });
      const { authorization } = await signInTestMember(t.app, member);
      expect((await setFirst(authorization, member, '864209')).json().code).toBe('PAYMENT_PASSWORD_SAME_AS_LOGIN');
      expect(await storedHash(member.id)).toBeNull();
    });
  });

  describe('change', () => {
    it('changes with the current one, which then no longer passes; the same one or the login password is refused', async () => {
      const { member, authorization } = await memberWithPaymentPassword('111357');
      expect((await change(authorization, '111357', '111357')).json().code).toBe('PAYMENT_PASSWORD_UNCHANGED');
      expect((await change(authorization, '111357', '12-456')).json().code).toBe('PAYMENT_PASSWORD_FORMAT');
      const wrong = (await change(authorization, '999999', '222468')).json();
      expect(wrong).toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG', value: { attemptsLeft: 4 } });
      expect(wrong.message).toBe('The payment password is incorrect. 4 tries left.');
      expect((await change(authorization, '111357', '222468')).statusCode).toBe(200);
      // A right one starts the count again.
      expect((await status(authorization)).attemptsLeft).toBe(5);
      const verify = t.app.accounts.paymentPassword;
      await expect(verify.verifyPaymentPassword(member, '111357')).rejects.toMatchObject({
        code: 'PAYMENT_PASSWORD_WRONG',
      });
      await expect(verify.verifyPaymentPassword(member, '222468')).resolves.toBeUndefined();
      expect(await systemMessages(member.id)).toEqual([
        { template_key: 'securityPaymentPasswordSet' },
        { template_key: 'securityPaymentPasswordSet' },
      ]);

      const sameAsLogin = await createTestMember(t.app, { password: '550055' });
      const signedIn = await signInTestMember(t.app, sameAsLogin);
      await t.app.db.execute(sql`UPDATE members SET payment_password_hash = ${await storedHash(member.id)}
                                 WHERE id = ${sameAsLogin.id}`);
      expect((await change(signedIn.authorization, '222468', '550055')).json().code).toBe(
        'PAYMENT_PASSWORD_SAME_AS_LOGIN',
      );
    });
  });

  describe('wrong tries', () => {
    it('locks after the fifth wrong try for 15 minutes, even the right one, and unlocks on the clock', async () => {
      const { member, authorization } = await memberWithPaymentPassword('370370');
      let now = Date.now();
      const clocked = new PaymentPasswordService(
        t.app.db,
        t.app.accounts.members,
        t.app.accounts.codes,
        t.app.messages,
        () => now,
      );
      // Tries through the calls and through verifyPaymentPassword share one count.
      for (let attempt = 0; attempt < 2; attempt += 1) await change(authorization, '000000', '481516');
      for (const left of [2, 1]) {
        await expect(clocked.verifyPaymentPassword(member, '000000')).rejects.toMatchObject({
          code: 'PAYMENT_PASSWORD_WRONG',
          value: { attemptsLeft: left },
        });
      }
      const fifth = clocked.verifyPaymentPassword(member, '000000');
      await expect(fifth).rejects.toMatchObject({
        code: 'PAYMENT_PASSWORD_LOCKED',
        value: { lockedUntil: new Date(now + 15 * 60_000).toISOString(), retryAfterSeconds: 900 },
      });
      await expect(clocked.verifyPaymentPassword(member, '370370')).rejects.toMatchObject({
        code: 'PAYMENT_PASSWORD_LOCKED',
      });
      const locked = (await change(authorization, '370370', '481516')).json();
      expect(locked.code).toBe('PAYMENT_PASSWORD_LOCKED');
      expect(locked.value.lockedUntil).toBe(new Date(now + 15 * 60_000).toISOString());
      expect(locked.message).toMatch(/^Too many wrong payment passwords: it is locked\. Try again in 1[45] min/);
      const korean = await call(authorization, {
        url: `${BASE}/change`,
        body: { oldPassword: '370370', newPassword: '481516' },
        language: 'KO',
      });
      expect(korean.json().message).toMatch(/^결제 비밀번호를 여러 번 잘못 입력해 잠겼습니다\. 1[45]분 후에/);
      expect(await status(authorization)).toMatchObject({
        lockedUntil: new Date(now + 15 * 60_000).toISOString(),
        attemptsLeft: 0,
      });
      expect(await storedHash(member.id)).toMatch(/^scrypt\$/);

      now += 15 * 60_000 - 1_000;
      await expect(clocked.verifyPaymentPassword(member, '370370')).rejects.toMatchObject({
        code: 'PAYMENT_PASSWORD_LOCKED',
        value: { retryAfterSeconds: 1 },
      });
      now += 1_000;
      await expect(clocked.verifyPaymentPassword(member, '370370')).resolves.toBeUndefined();
      await expect(clocked.verifyPaymentPassword(member, '000000')).rejects.toMatchObject({
        value: { attemptsLeft: 4 },
      });
    });

    it('counts wrong login passwords when setting, so the set call is no way to guess the login password', async () => {
      const member = await createTestMember(t.app);
      const { authorization } = await signInTestMember(t.app, member);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const wrong = { loginPassword: `Wrong${attempt}!x`, newPassword: '909090' };
        expect((await call(authorization, { url: BASE, body: wrong })).json().code).toBe(
          'PAYMENT_PASSWORD_LOGIN_WRONG',
        );
      }
      const fifth = await call(authorization, {
        url: BASE,
        body: { loginPassword: 'Wrong5!x', newPassword: '909090' },
      });
      expect(fifth.json().code).toBe('PAYMENT_PASSWORD_LOCKED');
      expect((await setFirst(authorization, member, '909090')).json().code).toBe('PAYMENT_PASSWORD_LOCKED');
      expect(await storedHash(member.id)).toBeNull();
    });
  });

  describe('reset by code', () => {
    it("sends a code to the bound mobile, resets with it once, ends the lock, and announces it; not another member's code", async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const { member, authorization, sms } = await memberWithPaymentPassword('642642');
      for (let attempt = 0; attempt < 5; attempt += 1) await change(authorization, '000000', '753753');
      expect((await status(authorization)).lockedUntil).not.toBeNull();
      expect((await call(authorization, { url: `${BASE}/reset/code`, body: { channel: 'email' } })).json().code).toBe(
        'PAYMENT_PASSWORD_NO_CONTACT',
      );
      const sent = await call(authorization, { url: `${BASE}/reset/code`, body: { channel: 'sms' } });
      expect(sent.json().value).toEqual({ target: expect.stringMatching(/^\+82 10\*+\d{4}$/), expiresInMinutes: 5 });
      const code = await sentCode(sms);

      // Another member with a number of its own cannot use it.
      const stranger = await memberWithPaymentPassword('642642');
      const stolen = await call(stranger.authorization, {
        url: `${BASE}/reset`,
        body: { channel: 'sms', code, newPassword: '753753' },
      });
      expect(stolen.json().code).toBe('VERIFICATION_CODE_INVALID');

      const reset = (body: { code: string; newPassword: string }) =>
        call(authorization, { url: `${BASE}/reset`, body: { channel: 'sms', ...body } });
      const wrongCode = code === '000000' ? '000001' : '000000';
      expect((await reset({ code: wrongCode, newPassword: '753753' })).json().code).toBe('VERIFICATION_CODE_INVALID');
      expect((await reset({ code, newPassword: '75375' })).json().code).toBe('PAYMENT_PASSWORD_FORMAT');
      expect((await reset({ code, newPassword: '753753' })).statusCode).toBe(200);
      expect(await status(authorization)).toMatchObject({ isSet: true, lockedUntil: null, attemptsLeft: 5 });
      await t.app.accounts.paymentPassword.verifyPaymentPassword(member, '753753');
      // Replayed: the code is spent.
      expect((await reset({ code, newPassword: '864864' })).json().code).toBe('VERIFICATION_CODE_INVALID');
      await t.app.accounts.paymentPassword.verifyPaymentPassword(member, '753753');

      expect(await systemMessages(member.id)).toEqual([
        { template_key: 'securityPaymentPasswordSet' },
        { template_key: 'securityPaymentPasswordReset' },
      ]);
      const told = await rows<{ body: string }>(
        sql`SELECT body FROM outbox_messages WHERE recipient = ${sms} ORDER BY id`,
      );
      expect(told.map((row) => row.body)).toEqual([
        expect.stringContaining('Parlay 계정의 결제 비밀번호가 설정 또는 변경되었습니다'),
        expect.stringContaining('Your code is'),
        expect.stringContaining('Parlay 계정의 결제 비밀번호가 인증번호로 재설정되었습니다'),
      ]);

      // A code past its 5 minutes is refused, and changes nothing.
      vi.advanceTimersByTime(61_000);
      expect((await call(authorization, { url: `${BASE}/reset/code`, body: { channel: 'sms' } })).statusCode).toBe(200);
      const late = await sentCode(sms);
      vi.advanceTimersByTime(5 * 60_000 + 1_000);
      expect((await reset({ code: late, newPassword: '864864' })).json().code).toBe('VERIFICATION_CODE_EXPIRED');
      await t.app.accounts.paymentPassword.verifyPaymentPassword(member, '753753');
    });

    it('refuses a reset code without a payment password, and a sign-in code for a reset', async () => {
      const mobileNum = nextMobile();
      const member = await createTestMember(t.app, { countryDialingCode: '82', mobileNum });
      const { authorization } = await signInTestMember(t.app, member);
      expect((await call(authorization, { url: `${BASE}/reset/code`, body: { channel: 'sms' } })).json().code).toBe(
        'PAYMENT_PASSWORD_NOT_SET',
      );
      await setFirst(authorization, member, '121212');
      // A code sent for another purpose (a sign-in by SMS) does not reset the payment password.
      await t.app.accounts.codes.sendCode(
        { merchantId: member.merchantId, purpose: 'login', channel: 'sms', target: `+82${mobileNum}` },
        nextIp(),
        { deliver: true, brandName: 'Parlay' },
      );
      const loginCode = await sentCode(`+82${mobileNum}`);
      const refused = await call(authorization, {
        url: `${BASE}/reset`,
        body: { channel: 'sms', code: loginCode, newPassword: '343434' },
      });
      expect(refused.json().code).toBe('VERIFICATION_CODE_INVALID');
    });
  });
});
