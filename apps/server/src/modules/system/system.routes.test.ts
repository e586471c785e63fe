import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /wps/system/status', () => {
    it('answers the demo brand with status 0 when nothing is restricted', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/wps/system/status', query: { url: 'localhost' } });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      expect(body.value.status).toBe(0);
      expect(body.value.brand.merchantCode).toBe('parlay');
      expect(body.value.brand.defaultLanguage).toBe('KO');
    });
  });

  describe('unknown calls', () => {
    it('answers the NOT_FOUND envelope in the request language', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/wps/does/not/exist', headers: { language: 'EN' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'The requested item was not found.',
      });
    });
  });
});
