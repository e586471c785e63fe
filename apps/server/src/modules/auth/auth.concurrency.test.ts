import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as password from '../../lib/crypto/password';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, encryptBody, loginThroughApi, queryRows, solveAltcha } from '../../test/members';
import { AuthService } from './auth.service';
import {
  PAIR_CAPTCHA_AFTER_FAILURES,
  PAIR_DELAY_AFTER_FAILURES,
  SECOND_CHECK_LOCK_AFTER_FAILURES,
} from './auth.throttle';

let t: TestApp;
let ipCounter = 10;
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function count(query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.app, query);
  return Number(row?.n ?? 0);
}

/**
 * Solutions of the hardest level, fetched for a name that has failed four times from an address of its
 * own: a solution's level is the work done, whichever account it was fetched for.
 */
async function hardestSolutions(count: number): Promise<string[]> {
  const primer = nextIp();
  const username = `primer${ipCounter}`;
  for (let failure = 0; failure < 4; failure += 1) {
    await loginThroughApi(t.app, { username, password: 'Wrong1234!' }, { remoteAddress: primer, harderCheck: true });
  }
  const solutions = [];
  for (let index = 0; index < count; index += 1) {
    solutions.push(await solveAltcha(t.app, 'localhost', primer, { purpose: 'login', username }));
  }
  return solutions;
}

/** Encrypted calls made ready first, so that the burst is only the requests, sent together. */
async function burst(url: string, bodies: Record<string, unknown>[], remoteAddress: string) {
  const payloads = [];
  for (const body of bodies) payloads.push(await encryptBody(t.app, body));
  return Promise.all(
    payloads.map((payload) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/jose', language: 'EN' },
        payload,
        remoteAddress,
      }),
    ),
  );
}

describe(AuthService.name, () => {
  describe('sign-ins sent together', () => {
    it('check no more passwords than the behaviour check alone allows, and the right one among them does not sign in', async () => {
      const member = await createTestMember(t.app);
      const ip = nextIp();
      const payloads = [];
      for (let index = 0; index < 20; index += 1) {
        const body = {
          username: member.account,
          password: index === 10 ? member.password : 'Wrong1234!',
          type: 'username',
          altcha: await solveAltcha(t.app, 'localhost', nextIp()),
        };
        payloads.push(await encryptBody(t.app, body));
      }
      // Every password check waits until the whole burst is in: at production cost one scrypt run takes
      // 0.3 s, far longer than the tests' cost, and that is the window the burst raced through. The check
      // itself is the real one.
      const realVerify = password.verifyPassword;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const checks = vi.spyOn(password, 'verifyPassword').mockImplementation(async (...args) => {
        await held;
        return realVerify(...args);
      });
      try {
        let answered = 0;
        const send = (payload: string) =>
          t.app
            .inject({
              method: 'POST',
              url: '/wps/session/login',
              headers: { 'content-type': 'application/jose' },
              payload,
              remoteAddress: ip,
            })
            .finally(() => (answered += 1));
        // Sent in order, as one client sends them: the ten before the right one are in before it.
        const first = payloads.slice(0, 10).map(send);
        await vi.waitFor(() => expect(checks.mock.calls.length + answered).toBe(10), { timeout: 20_000 });
        const rest = payloads.slice(10).map(send);
        await vi.waitFor(() => expect(checks.mock.calls.length + answered).toBe(20), { timeout: 20_000 });
        release();
        const answers = await Promise.all([...first, ...rest]);
        const codes = answers.map((answer) => answer.json().code as string | undefined);
        expect(answers[10]!.statusCode).not.toBe(200);
        expect(checks).toHaveBeenCalledTimes(PAIR_CAPTCHA_AFTER_FAILURES);
        // The checked ones answer WRONG_ACCOUNT_OR_PASSWORD; the others were refused before any check.
        expect(codes.filter((code) => code === 'WRONG_ACCOUNT_OR_PASSWORD')).toHaveLength(PAIR_CAPTCHA_AFTER_FAILURES);
        expect(codes.filter((code) => code === 'CAPTCHA_REQUIRED')).toHaveLength(20 - PAIR_CAPTCHA_AFTER_FAILURES);
        expect(
          await count(sql`SELECT failures AS n FROM login_throttle WHERE key = ${`p:u:${member.account}@${ip}`}`),
        ).toBe(PAIR_CAPTCHA_AFTER_FAILURES);
        expect(await count(sql`SELECT count(*)::int AS n FROM member_sessions WHERE member_id = ${member.id}`)).toBe(0);
      } finally {
        release();
        checks.mockRestore();
      }
    });

    it('all wrong, check exactly as many passwords as the behaviour check alone allows, whatever order they land in', async () => {
      const member = await createTestMember(t.app);
      const ip = nextIp();
      const bodies = [];
      for (let index = 0; index < 20; index += 1) {
        bodies.push({
          username: member.account,
          password: 'Wrong1234!',
          type: 'username',
          altcha: await solveAltcha(t.app, 'localhost', nextIp()),
        });
      }
      const answers = await burst('/wps/session/login', bodies, ip);
      const codes = answers.map((answer) => answer.json().code as string | undefined);
      expect(codes.filter((code) => code === 'WRONG_ACCOUNT_OR_PASSWORD')).toHaveLength(PAIR_CAPTCHA_AFTER_FAILURES);
      expect(codes.filter((code) => code === 'CAPTCHA_REQUIRED')).toHaveLength(20 - PAIR_CAPTCHA_AFTER_FAILURES);
    });

    it('with solutions of level 1 fetched together, check one more password: the next one asks for level 2', async () => {
      const member = await createTestMember(t.app);
      const ip = nextIp();
      for (let failure = 0; failure < PAIR_CAPTCHA_AFTER_FAILURES; failure += 1) {
        await loginThroughApi(t.app, { username: member.account, password: 'Wrong1234!' }, { remoteAddress: ip });
      }
      const bodies = [];
      for (let index = 0; index < 20; index += 1) {
        bodies.push({
          username: member.account,
          password: 'Wrong1234!',
          type: 'username',
          altcha: await solveAltcha(t.app, 'localhost', ip, { purpose: 'login', username: member.account }),
        });
      }
      const answers = await burst('/wps/session/login', bodies, ip);
      const codes = answers.map((answer) => answer.json().code as string | undefined);
      expect(codes.filter((code) => code === 'WRONG_ACCOUNT_OR_PASSWORD')).toHaveLength(1);
      expect(codes.filter((code) => code === 'CAPTCHA_INVALID')).toHaveLength(19);
    });

    it('with the hardest proof of work each, check no more passwords than the waits allow, whatever order they land in', async () => {
      const member = await createTestMember(t.app);
      const ip = nextIp();
      const bodies = [];
      for (const altcha of await hardestSolutions(20)) {
        bodies.push({ username: member.account, password: 'Wrong1234!', type: 'username', altcha });
      }
      const answers = await burst('/wps/session/login', bodies, ip);
      const codes = answers.map((answer) => answer.json().code as string | undefined);
      expect(codes.filter((code) => code === 'WRONG_ACCOUNT_OR_PASSWORD')).toHaveLength(PAIR_DELAY_AFTER_FAILURES - 1);
      expect(codes.filter((code) => code === 'ACCOUNT_LOCKED')).toHaveLength(20 - PAIR_DELAY_AFTER_FAILURES + 1);
      // Every checked attempt is counted on the pair: five, the fifth of which started the wait.
      expect(
        await count(sql`SELECT failures AS n FROM login_throttle WHERE key = ${`p:u:${member.account}@${ip}`}`),
      ).toBe(PAIR_DELAY_AFTER_FAILURES);
    });
  });

  describe('second-check answers sent together', () => {
    it('check no more answers than the lock allows, whatever order they land in', async () => {
      const member = await createTestMember(t.app, { payeeName: 'Kang Da Eun' });
      await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: nextIp() },
      );
      const away = nextIp();
      const challenged = await loginThroughApi(
        t.app,
        { username: member.account, password: member.password },
        { remoteAddress: away },
      );
      const challengeId = challenged.json().value.challengeId as string;
      const bodies = Array.from({ length: 10 }, (_, index) => ({
        challengeId,
        method: 'bankAccountName',
        answer: `Wrong Name ${index}`,
      }));
      const answers = await burst('/wps/session/login/verification', bodies, away);
      const codes = answers.map((answer) => answer.json().code as string | undefined);
      // Four plain failures and the failure that locks: five answers checked, no more.
      expect(codes.filter((code) => code === 'LOGIN_VERIFICATION_FAILED')).toHaveLength(
        SECOND_CHECK_LOCK_AFTER_FAILURES - 1,
      );
      // The rest: the answer whose failure locked, and those refused unchecked (locked, or the challenge spent).
      const refused = codes.filter((code) => code !== 'LOGIN_VERIFICATION_FAILED');
      expect(refused).toContain('LOGIN_VERIFICATION_LOCKED');
      for (const code of refused) expect(['LOGIN_VERIFICATION_LOCKED', 'LOGIN_CHALLENGE_EXPIRED']).toContain(code);
      expect(await count(sql`SELECT attempts AS n FROM login_challenges WHERE id = ${challengeId}`)).toBe(
        SECOND_CHECK_LOCK_AFTER_FAILURES,
      );
      expect(await count(sql`SELECT failures AS n FROM login_throttle WHERE key = ${`c:${member.id}`}`)).toBe(
        SECOND_CHECK_LOCK_AFTER_FAILURES,
      );
    });
  });
});
