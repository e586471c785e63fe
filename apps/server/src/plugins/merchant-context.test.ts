import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

describe('merchantContextPlugin', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('a percent-encoded path', () => {
    it('is for the brand of its host like the plain path: /%77ps/system/status answers as /wps/system/status', async () => {
      const plain = await t.app.inject({ method: 'GET', url: '/wps/system/status', headers: { host: 'localhost' } });
      const encoded = await t.app.inject({
        method: 'GET',
        url: '/%77ps/system/status',
        headers: { host: 'localhost' },
      });
      expect(plain.statusCode).toBe(200);
      expect(encoded.statusCode).toBe(200);
      expect(encoded.json()).toEqual(plain.json());
    });
  });
});
