import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Sign-ins run scrypt at production cost; a loaded CI machine needs room.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });
import { createTestApp, type TestApp } from '../test/app';
import { createTestBrand } from '../test/brands';
import { signInTestMember } from '../test/members';

describe('authPlugin', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await createTestBrand(t.app.db, 'brand-b', 'brand-b.test');
  });
  afterAll(() => t.close());

  const info = (authorization?: string, host = 'localhost') =>
    t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { host, language: 'EN', ...(authorization ? { authorization } : {}) },
    });

  it('refuses a call without a token with NOT_LOGGED_IN', async () => {
    const response = await info();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'NOT_LOGGED_IN',
      message: 'Sorry, you are not logged in yet, please log in.',
    });
  });

  it('refuses a token that was never issued and one that is not a bearer token', async () => {
    expect((await info('Bearer ' + 'A'.repeat(43))).statusCode).toBe(401);
    expect((await info('Basic ZGVtbzpEZW1vMTIzNCE=')).statusCode).toBe(401);
  });

  it('accepts a live session and names its member', async () => {
    const { member, authorization } = await signInTestMember(t.app, { nickname: 'Kim' });
    const response = await info(authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toMatchObject({ id: member.id, account: member.account, nickname: 'Kim', type: 0 });
  });

  it('stores only the hash of the token', async () => {
    const { token } = await signInTestMember(t.app);
    const result = await t.app.db.execute(
      sql`SELECT count(*)::int AS n FROM member_sessions WHERE token_hash = ${token}`,
    );
    expect((result as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('refuses a token of another brand', async () => {
    const { authorization } = await signInTestMember(t.app);
    expect((await info(authorization, 'localhost')).statusCode).toBe(200);
    expect((await info(authorization, 'brand-b.test')).statusCode).toBe(401);
  });

  it('refuses a session idle for longer than the idle expiry', async () => {
    const { member, authorization } = await signInTestMember(t.app);
    await t.app.db.execute(
      sql`UPDATE member_sessions SET last_seen_at = now() - interval '3 hours' WHERE member_id = ${member.id}`,
    );
    expect((await info(authorization)).statusCode).toBe(401);
  });

  it('refuses a session past its absolute expiry even when active', async () => {
    const { member, authorization } = await signInTestMember(t.app);
    await t.app.db.execute(
      sql`UPDATE member_sessions SET expires_at = now() - interval '1 second' WHERE member_id = ${member.id}`,
    );
    expect((await info(authorization)).statusCode).toBe(401);
  });

  it('refuses a revoked session and the session of a closed account', async () => {
    const revoked = await signInTestMember(t.app);
    await t.app.sessions.revoke(revoked.token, revoked.member.merchantId);
    expect((await info(revoked.authorization)).statusCode).toBe(401);

    const closed = await signInTestMember(t.app);
    await t.app.db.execute(sql`UPDATE members SET status = 'closed' WHERE id = ${closed.member.id}`);
    expect((await info(closed.authorization)).statusCode).toBe(401);
  });

  it('refuses an expired free-play guest', async () => {
    const guest = await signInTestMember(t.app, { isFreePlay: true });
    expect((await info(guest.authorization)).statusCode).toBe(200);
    await t.app.db.execute(
      sql`UPDATE members SET expires_at = now() - interval '1 second' WHERE id = ${guest.member.id}`,
    );
    expect((await info(guest.authorization)).statusCode).toBe(401);
  });

  describe('routes that need a session', () => {
    /** Every operation the API documentation marks with the bearer security: the routes that declare `auth`. */
    function guardedRoutes(): { method: string; url: string }[] {
      const document = t.app.swagger() as { paths: Record<string, Record<string, { security?: object[] }>> };
      return Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation.security?.some((entry) => 'bearer' in entry))
          .map(([method, _]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'x') })),
      );
    }

    /** A call with a body no route accepts, the wrong media type for the encrypted ones, and no valid query. */
    const sendUnchecked = (route: { method: string; url: string }, authorization?: string) =>
      t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: {
          host: 'localhost',
          language: 'EN',
          ...(authorization ? { authorization } : {}),
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
        },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{"unexpected":[1,2,3]}' }),
      });

    it('answer a caller without a session NOT_LOGGED_IN before they read, decrypt or validate the body', async () => {
      const routes = guardedRoutes();
      expect(routes.length).toBeGreaterThanOrEqual(20);
      expect(routes).toContainEqual({ method: 'POST', url: '/wps/member/password' });
      expect(routes).toContainEqual({ method: 'POST', url: '/wps/relay/GCS_walletTransfer' });
      for (const route of routes) {
        for (const authorization of [undefined, `Bearer ${'A'.repeat(43)}`]) {
          const response = await sendUnchecked(route, authorization);
          expect({ ...route, status: response.statusCode, code: response.json().code }).toEqual({
            ...route,
            status: 401,
            code: 'NOT_LOGGED_IN',
          });
        }
      }
    });

    it('answer a trial account NEED_TRUE_ACCOUNT on a real-account call before ENCRYPTION_REQUIRED', async () => {
      const trial = await signInTestMember(t.app, { agentType: 4 });
      const response = await sendUnchecked({ method: 'POST', url: '/wps/member/password' }, trial.authorization);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('NEED_TRUE_ACCOUNT');
    });
  });
});
