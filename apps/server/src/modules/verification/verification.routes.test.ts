import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_HARDER_CHECK_COST } from '../../test/altcha-cost';
import {
  createTestMember,
  fetchAltcha,
  loginThroughApi,
  queryRows,
  solveChallengePayload,
  type AltchaFor,
} from '../../test/members';
import { checkShape, MAX_CHECK_LEVEL, PRODUCTION_HARDER_CHECK_COST } from './altcha-levels';
import { AltchaService } from './altcha.service';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let t: TestApp;
let ipCounter = 10;
const nextIp = () => `10.3.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const levelOf = (challenge: { parameters: { data?: Record<string, unknown> } }) => challenge.parameters.data?.['level'];
const counterOf = (payload: string) =>
  (JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { solution: { counter: number } }).solution.counter;

describe(AltchaService.name, () => {
  describe('GET /wps/verification/altcha', () => {
    it('serves the behaviour check: a signed SHA-256 challenge of level 0 that expires', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/wps/verification/altcha' });
      const challenge = response.json().value;
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', expiresAt: expect.any(Number) });
      expect(levelOf(challenge)).toBe(0);
    });
  });

  describe('POST /wps/verification/altcha', () => {
    it("raises a sign-in's challenge one level a failure past the second, four times the work each, up to the cap", async () => {
      const member = await createTestMember(t.app);
      const ip = nextIp();
      const forMember: AltchaFor = { purpose: 'login', username: member.account };
      const levels = [];
      const counters = [];
      for (let failures = 0; failures <= 5; failures += 1) {
        const challenge = await fetchAltcha(t.app, { remoteAddress: ip, purpose: forMember });
        levels.push(levelOf(challenge));
        const shape = checkShape(Number(levelOf(challenge)), TEST_HARDER_CHECK_COST);
        expect(challenge.parameters).toMatchObject({ algorithm: shape.algorithm, cost: shape.cost });
        counters.push({ counter: counterOf(await solveChallengePayload(challenge)), max: shape.maxCounter });
        if (failures < 5) {
          const failed = await loginThroughApi(
            t.app,
            { username: member.account, password: 'Wrong1234!' },
            { remoteAddress: ip, harderCheck: true },
          );
          expect(failed.json().code).toBe(failures < 4 ? 'WRONG_ACCOUNT_OR_PASSWORD' : 'ACCOUNT_LOCKED');
        }
      }
      expect(levels).toEqual([0, 0, 1, 2, 3, MAX_CHECK_LEVEL]);
      // The solver had to count up to a number within its level's range, and the ranges grow fourfold.
      for (const { counter, max } of counters) expect(counter).toBeLessThanOrEqual(max);
      expect([1, 2, 3].map((level) => checkShape(level).maxCounter)).toEqual([100, 400, 1600]);
      // Another IP is asked for level 1 only: the account's five failures ask that of IPs it has not used.
      expect(levelOf(await fetchAltcha(t.app, { remoteAddress: nextIp(), purpose: forMember }))).toBe(1);
    });

    it('answers for an unknown username as for a known one, so the level tells nothing about which exist', async () => {
      const member = await createTestMember(t.app);
      const ip = nextIp();
      const ghost = `ghost${ipCounter}`;
      for (const username of [member.account, ghost, member.account, ghost]) {
        await loginThroughApi(t.app, { username, password: 'Wrong1234!' }, { remoteAddress: ip, harderCheck: true });
      }
      const level = async (username: string) =>
        levelOf(await fetchAltcha(t.app, { remoteAddress: ip, purpose: { purpose: 'login', username } }));
      expect([await level(member.account), await level(ghost)]).toEqual([1, 1]);
    });

    it("asks a registration for the hardest level only while the brand's captcha rule is on", async () => {
      const register = () => fetchAltcha(t.app, { remoteAddress: nextIp(), purpose: { purpose: 'register' } });
      const merchantId = (await t.app.merchants.resolveByHost('localhost')).id;
      expect(levelOf(await register())).toBe(0);
      const before = await t.app.accounts.registration.getRules(merchantId);
      await t.app.accounts.registration.setRules(merchantId, { captcha: { ...before.captcha, enabled: true } });
      try {
        expect(levelOf(await register())).toBe(MAX_CHECK_LEVEL);
      } finally {
        await t.app.accounts.registration.setRules(merchantId, { captcha: before.captcha });
      }
    });
  });

  describe('verify', () => {
    it('accepts a solved challenge once and answers the level it was issued at', async () => {
      const challenge = await fetchAltcha(t.app, {
        remoteAddress: nextIp(),
        purpose: { purpose: 'login', username: 'nobody' },
      });
      const payload = await solveChallengePayload(challenge);
      expect(await t.app.accounts.altcha.verify(payload)).toBe(0);
      await expect(t.app.accounts.altcha.verify(payload)).rejects.toMatchObject({ code: 'VERIFICATION_INCOMPLETE' });
    });

    it('refuses a challenge whose level was raised by the client: the level is signed with it', async () => {
      const challenge = await fetchAltcha(t.app, { remoteAddress: nextIp() });
      const payload = JSON.parse(Buffer.from(await solveChallengePayload(challenge), 'base64').toString('utf8'));
      payload.challenge.parameters.data.level = MAX_CHECK_LEVEL;
      const forged = Buffer.from(JSON.stringify(payload)).toString('base64');
      await expect(t.app.accounts.altcha.verify(forged)).rejects.toMatchObject({ code: 'VERIFICATION_INCOMPLETE' });
    });
  });

  it('keeps the hardest level at 8 million PBKDF2 iterations at most in production (about 4 s on a phone)', () => {
    expect(PRODUCTION_HARDER_CHECK_COST).toBe(5_000);
    const hardest = checkShape(MAX_CHECK_LEVEL);
    expect(hardest).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: PRODUCTION_HARDER_CHECK_COST });
    expect(hardest.maxCounter * hardest.cost).toBe(8_000_000);
    expect(checkShape(MAX_CHECK_LEVEL + 5)).toEqual(hardest);
  });

  it('no longer serves the image captcha', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/wps/captcha' })).statusCode).toBe(404);
    const [table] = await queryRows<{ name: string | null }>(t.app, sql`SELECT to_regclass('captchas') AS name`);
    expect(table?.name).toBeNull();
  });
});

describe('GET /wps/dev/outbox', () => {
  it('does not exist unless DEV_OUTBOX_API is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/wps/dev/outbox?recipient=%2B821012345678' })).statusCode).toBe(
      404,
    );
  });

  it('lists what the outbox provider kept for a recipient when it is set', async () => {
    const dev = await createTestApp({ DEV_OUTBOX_API: 'true' });
    try {
      await dev.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: { mobileNum: '1012345678', countryDialingCode: '82' },
      });
      const response = await dev.app.inject({ method: 'GET', url: '/wps/dev/outbox?recipient=%2B821012345678' });
      expect(response.statusCode).toBe(200);
      const [message] = response.json().value.messages;
      expect(message).toMatchObject({ channel: 'sms', recipient: '+821012345678' });
      expect(message.body).toMatch(/\b\d{6}\b/);
    } finally {
      await dev.close();
    }
  });
});
