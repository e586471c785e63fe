import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hmacHex } from '../../lib/crypto/token';
import { createTestApp, type TestApp } from '../../test/app';
import { CaptchaService } from './captcha.service';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Gives a fresh captcha a known answer (the real one is only drawn in the image). */
async function knownAnswer(captchaId: string, answer: string): Promise<void> {
  const secret = await t.app.secrets.getSecret('captcha-hmac');
  await t.app.db.execute(
    sql`UPDATE captchas SET answer_hash = ${hmacHex(secret, `${captchaId}:${answer}`)} WHERE id = ${captchaId}`,
  );
}

describe(CaptchaService.name, () => {
  it('serves an SVG image as base64 in value, with an id and its expiry; the answer is not stored in clear', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: '10.3.0.1' });
    expect(response.statusCode).toBe(200);
    const value = response.json().value;
    expect(value.captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(value.expiresInSeconds).toBe(120);
    expect(value.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(value.image.split(',')[1], 'base64').toString()).toContain('<svg');
    const result: unknown = await t.app.db.execute(sql`SELECT answer_hash FROM captchas WHERE id = ${value.captchaId}`);
    expect((result as { rows: { answer_hash: string }[] }).rows[0]?.answer_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets one client refresh the captcha at most once a second', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: '10.3.0.2' });
    const second = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: '10.3.0.2' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', value: { retryAfterSeconds: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: '10.3.0.2' })).statusCode).toBe(
      200,
    );
  });

  it('accepts the right answer once, in any letter case, and never again', async () => {
    const { captchaId } = await t.app.accounts.captcha.createCaptcha('10.3.0.3');
    await knownAnswer(captchaId, 'ab3d');
    expect(await t.app.accounts.captcha.checkCaptcha(captchaId, 'AB3D')).toBe(true);
    expect(await t.app.accounts.captcha.checkCaptcha(captchaId, 'ab3d')).toBe(false);
  });

  it('refuses an expired captcha and spends a captcha on a wrong answer', async () => {
    const expired = await t.app.accounts.captcha.createCaptcha('10.3.0.4');
    await knownAnswer(expired.captchaId, 'zz99');
    await t.app.db.execute(
      sql`UPDATE captchas SET expires_at = now() - interval '1 second' WHERE id = ${expired.captchaId}`,
    );
    expect(await t.app.accounts.captcha.checkCaptcha(expired.captchaId, 'zz99')).toBe(false);

    const guessed = await t.app.accounts.captcha.createCaptcha('10.3.0.4');
    await knownAnswer(guessed.captchaId, 'qq77');
    expect(await t.app.accounts.captcha.checkCaptcha(guessed.captchaId, 'qq78')).toBe(false);
    expect(await t.app.accounts.captcha.checkCaptcha(guessed.captchaId, 'qq77')).toBe(false);
    expect(await t.app.accounts.captcha.checkCaptcha('not-a-uuid', 'qq77')).toBe(false);
  });
});

describe('GET /wps/verification/altcha', () => {
  it('serves a signed SHA-256 challenge that expires', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/wps/verification/altcha' });
    const challenge = response.json().value;
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', expiresAt: expect.any(Number) });
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
