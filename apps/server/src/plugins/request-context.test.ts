import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { encryptText } from '../test/members';

/** A login body whose username is an array nested `depth` levels deep, as text (JSON.stringify overflows). */
function deepLoginBody(depth: number): string {
  return `{"type":"username","username":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`;
}

describe('requestContextPlugin', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('input too deep to store', () => {
    it('refuses a JSON body nested 10,000 levels deep with 400 VALIDATION_FAILED, before any check recurses', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { host: 'localhost', language: 'EN', 'content-type': 'application/json' },
        payload: deepLoginBody(10_000),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        value: { issues: [{ path: 'body', message: 'must not nest deeper than 32 levels' }] },
      });
    });

    it('refuses the same inside an encrypted (JWE) body, and says it in Korean to a Korean page', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { host: 'localhost', language: 'KO', 'content-type': 'application/jose' },
        payload: await encryptText(t.app, deepLoginBody(10_000)),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        value: { issues: [{ path: 'body', message: '32단계보다 깊게 중첩할 수 없습니다' }] },
      });
    });

    it('lets a body of ordinary depth through to the route', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { host: 'localhost', language: 'EN', 'content-type': 'application/json' },
        payload: deepLoginBody(3),
      });
      // The login call is encrypted: a plain body reaches that rule, past the depth check.
      expect(response.json()).toMatchObject({ code: 'ENCRYPTION_REQUIRED' });
    });
  });
});
