import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { ConfigError, loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/app';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { TEST_ACTOR } from '../test/actors';
import { signInTestMember } from '../test/members';
import { errorsPlugin } from './errors';
import { metricsPlugin, type MetricsOptions } from './metrics';

describe('platform housekeeping', () => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database: database.handle });
    app.get('/wps/test/boom', async () => {
      throw new Error('connection string postgres://secret@db/parlay at Pool.connect');
    });
    await app.ready();
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers SYSTEM_ERROR for an unexpected failure and never shows its message or stack', async () => {
    const response = await app.inject({ method: 'GET', url: '/wps/test/boom', headers: { language: 'EN' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      code: 'SYSTEM_ERROR',
      message: 'System error, please try again later.',
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('Pool.connect');
  });

  it('answers a path it cannot decode with the envelope in the caller language, without echoing the path', async () => {
    const inKorean = await app.inject({ method: 'GET', url: '/wps/member/betting/records/HOUSE/%ZZ' });
    expect(inKorean.statusCode).toBe(400);
    expect(inKorean.json()).toEqual({
      success: false,
      code: 'MALFORMED_REQUEST',
      message: '요청 형식이 올바르지 않습니다.',
    });
    const inEnglish = await app.inject({
      method: 'GET',
      url: '/wps/relay/%E0%A4%A/x',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(inEnglish.json()).toEqual({
      success: false,
      code: 'MALFORMED_REQUEST',
      message: 'The request could not be read.',
    });
  });

  it('answers a wildcard Accept-Language in the default language, and a list by its weights', async () => {
    const message = async (acceptLanguage: string) =>
      (
        await app.inject({ method: 'GET', url: '/wps/test/boom', headers: { 'accept-language': acceptLanguage } })
      ).json<{ message: string }>().message;
    const korean = await message('ko');
    expect(await message('*')).toBe(korean);
    expect(await message('fr;q=0.9, ko;q=0.8')).toBe(korean);
    expect(await message('ja')).not.toBe(korean);
  });

  it('words the fields a request failed on in the request language, and the same fields in each', async () => {
    // A signed-in member: the favourites call checks the session before it reads the body.
    const { authorization } = await signInTestMember(app);
    const issues = async (language: string, payload: unknown) => {
      const response = await app.inject({
        method: 'POST',
        url: '/wps/relay/MCSFE_addFavoriteGame',
        headers: { language, authorization },
        payload: payload as Record<string, unknown>,
      });
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      return response.json<{ value: { issues: { path: string; message: string }[] } }>().value.issues;
    };
    const korean = await issues('KO', { gameId: true });
    const english = await issues('EN', { gameId: true });
    expect(korean.map((issue) => issue.path)).toEqual(['body/gameId']);
    expect(english.map((issue) => issue.path)).toEqual(['body/gameId']);
    expect(english[0]?.message).toMatch(/^Invalid input/);
    expect(korean[0]?.message).toMatch(/^잘못된 입력/);
    expect((await issues('KO', { gameId: 'a\u0000' }))[0]?.message).toBe('NUL 문자를 포함할 수 없습니다');
    expect((await issues('EN', { gameId: 'a\u0000' }))[0]?.message).toBe('must not contain a NUL character');
  });

  it('says it is alive at /healthz and ready at /readyz when the database answers', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect(app.redis).toBeNull();
  });

  it('exposes Prometheus metrics with the request histogram by route', async () => {
    await app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/wps\/system\/whitelabel"[^}]*\} [1-9]/,
    );
    expect(metrics.body).toContain('process_cpu_user_seconds_total');
  });

  it('serves the OpenAPI document with the system and content calls under their tags, and the UI at /docs', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/wps/system/status'].get.tags).toEqual(['system']);
    expect(document.paths['/wps/system/helpCenter'].get.tags).toEqual(['content']);
    expect(
      document.paths['/wps/relay/MCSFE_getListAnnouncements'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(expect.arrayContaining(['types', 'platform', 'execution', 'language']));
    expect(document.paths['/healthz']).toBeUndefined();
    const ui = await app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('deletes retired encryption keys once their grace is over, keeping the current and the retiring key', async () => {
    const first = (await app.encryptionKeys.getPublicJwk()).kid;
    const second = await app.encryptionKeys.rotate(TEST_ACTOR, 0);
    const third = await app.encryptionKeys.rotate(TEST_ACTOR, 3_600);
    await app.housekeeping.keyCleanup?.runNow();
    const kept = (await app.encryptionKeys.listKeys()).map((key) => ({ kid: key.kid, isCurrent: key.isCurrent }));
    expect(kept).toEqual([
      { kid: third, isCurrent: true },
      { kid: second, isCurrent: false },
    ]);
    expect(kept.map((key) => key.kid)).not.toContain(first);
  });

  it('sends security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // The embedded house games (next port, http) show their game icons in the lobby.
    expect(response.headers['content-security-policy']).toMatch(/img-src [^;]*http:\/\/localhost:\*/);
    expect(response.headers['x-powered-by']).toBeUndefined();
    // Built once and sent alike to every request: a second request gets the same headers.
    const again = await app.inject({ method: 'GET', url: '/healthz' });
    expect(again.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
  });

  it("sends no browser security headers to a vendor's server-to-server wallet call", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wps/vendor/wallet/balance',
      headers: { 'content-type': 'application/json', 'x-vendor-code': 'NOBODY' },
      payload: JSON.stringify({ requestId: 'q1', playerId: '1', currency: 'KRW' }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBeUndefined();
  });
});

describe('readiness with Redis configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 naming Redis when Redis does not answer, and starts anyway', async () => {
    expect(t.app.redis).not.toBeNull();
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'unavailable' } });
  });
});

describe('metrics behind METRICS_TOKEN', () => {
  const token = 'scrape-token-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('serves a scrape with the bearer token and refuses one without it, wrong or malformed, in the caller language', async () => {
    const scrape = (authorization?: string, language = 'EN') =>
      t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { language, ...(authorization === undefined ? {} : { authorization }) },
      });
    const served = await scrape(`Bearer ${token}`);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('process_cpu_user_seconds_total');
    expect(served.body).toContain('parlay_game_rounds_abandoned');
    expect((await scrape(`bearer  ${token}`)).statusCode).toBe(200);

    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${token}`, `Bearer ${token}x`, 'Bearer']) {
      const refused = await scrape(authorization);
      expect(refused.statusCode, authorization).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.json()).toEqual({
        success: false,
        code: 'METRICS_TOKEN_REQUIRED',
        message: 'Reading the metrics needs a valid token.',
      });
      expect(refused.body).not.toContain('process_cpu');
    }
    expect((await scrape(undefined, 'KO')).json().message).toBe('지표를 읽으려면 올바른 토큰이 필요합니다.');
  });
});

describe('metrics in production (decision 0028)', () => {
  const token = 'scrape-token-0123456789abcdef';
  // NODE_ENV=production, as `npm start` runs; production refuses the tests' cheaper password hashing.
  const PRODUCTION = { NODE_ENV: 'production', PASSWORD_HASH_COST: '17' };
  let closed: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    closed = await createTestApp(PRODUCTION);
    open = await createTestApp({ ...PRODUCTION, METRICS_TOKEN: token });
  }, 180_000);
  afterAll(async () => {
    await closed?.close();
    await open?.close();
  });

  const scrape = (t: TestApp, authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { language: 'EN', ...(authorization === undefined ? {} : { authorization }) },
    });

  it('answers no scrape without METRICS_TOKEN, whatever it sends, and shows nothing of the metrics', async () => {
    for (const authorization of [undefined, `Bearer ${token}`, 'Bearer ', 'Basic cGFybGF5']) {
      const refused = await scrape(closed, authorization);
      expect(refused.statusCode, authorization).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.json()).toEqual({
        success: false,
        code: 'METRICS_TOKEN_REQUIRED',
        message: 'Reading the metrics needs a valid token.',
      });
      expect(refused.body).not.toContain('process_cpu');
    }
  });

  it('serves a scrape that sends METRICS_TOKEN, and only that one', async () => {
    const served = await scrape(open, `Bearer ${token}`);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('parlay_game_rounds_abandoned');
    expect((await scrape(open)).statusCode).toBe(401);
  });

  it('says at start, in production only, that /metrics is closed and how to open it', async () => {
    const warningsOf = async (options: MetricsOptions) => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const app = Fastify({ logger: { level: 'warn', stream } });
      await app.register(errorsPlugin);
      await app.register(metricsPlugin, options);
      await app.ready();
      const warnings = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
      // Outside production, no token keeps today's open /metrics.
      const status = (await app.inject({ method: 'GET', url: '/metrics' })).statusCode;
      await app.close();
      return { status, warnings };
    };
    const production = await warningsOf({ production: true });
    expect(production.warnings).toEqual([
      expect.stringMatching(/^METRICS_TOKEN is not set: GET \/metrics answers 401/),
    ]);
    expect(production.warnings[0]).toContain('Authorization: Bearer <token>');
    expect(await warningsOf({ production: true, token })).toEqual({ status: 401, warnings: [] });
    expect(await warningsOf({ production: false })).toEqual({ status: 200, warnings: [] });
  });
});

describe(loadConfig.name, () => {
  it('refuses a bad variable and names it', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', REDIS_URL: 'http://cache' });
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual(['PORT', 'REDIS_URL']);
      expect((error as Error).message).toContain('PORT');
    }
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 24 characters/);
  });

  it('gives the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      TRUSTED_PROXIES: '',
      DEFAULT_MERCHANT_CODE: 'parlay',
    });
  });
});
