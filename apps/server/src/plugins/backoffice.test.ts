import {
  ACCOUNT_CALLS,
  BACKOFFICE_CALLS,
  BACKOFFICE_PATH_PREFIX,
  callWithParams,
  ROLE_NAMES,
  ROLES,
  type RoleName,
  type RoutePermission,
} from '@parlay/contract';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyPluginAsync, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBackoffice, signInAs } from '../modules/operators/operators.fixtures';
import { createTestApp, type TestApp } from '../test/app';
import { signInTestMember } from '../test/members';
import { backofficePlugin } from './backoffice';

/** The demo operator of each role (seeded with the demo brand). */
const DEMO_LOGIN: Record<RoleName, string> = {
  owner: 'demo-owner',
  admin: 'demo-admin',
  finance: 'demo-finance',
  risk: 'demo-risk',
  support: 'demo-support',
  content: 'demo-content',
  readOnly: 'demo-readonly',
};
/** Calls that end the caller's own session: the matrix signs in again after each. */
const ENDS_SESSION = new Set<string>([BACKOFFICE_CALLS.signOut.path, BACKOFFICE_CALLS.signOutEverywhere.path]);

interface BoRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  permission: RoutePermission | undefined;
}

describe('the back office plugin', () => {
  let t: TestApp;
  const routes: BoRoute[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route: RouteOptions) => {
          if (!route.url.startsWith(BACKOFFICE_PATH_PREFIX)) return;
          for (const method of [route.method].flat()) {
            if (method === 'HEAD') continue;
            routes.push({ method: method as BoRoute['method'], url: route.url, permission: route.config?.permission });
          }
        },
      },
    );
  });
  afterAll(async () => t.close());

  /** A route's path with its parameters filled: an operator no one has, the demo brand. */
  const pathOf = (url: string) =>
    callWithParams({ method: 'GET', path: url }, { operatorId: 999_999, brand: 'parlay' } as never).path;

  describe('the route table', () => {
    it('gives every /bo/api route a permission', () => {
      expect(routes.length).toBeGreaterThanOrEqual(Object.keys(BACKOFFICE_CALLS).length);
      expect(routes.filter((route) => route.permission === undefined)).toEqual([]);
    });

    it('refuses to start with a back-office route that declares no permission, or one outside /bo/', async () => {
      const start = async (routesPlugin: FastifyPluginAsync) => {
        const app = Fastify();
        app.decorate('backoffice', {} as never);
        app.decorate('merchants', {} as never);
        await app.register(backofficePlugin, { routes: [routesPlugin] });
        await app.ready();
        await app.close();
      };
      await expect(
        start(async (app) => {
          app.get(BACKOFFICE_CALLS.audit.path, async () => 'no permission');
        }),
      ).rejects.toThrow(/declares no permission/);
      await expect(
        start(async (app) => {
          app.get(BACKOFFICE_CALLS.audit.path, { config: { permission: 'audit.readAll' as never } }, async () => '');
        }),
      ).rejects.toThrow(/declares no permission/);
      await expect(
        start(async (app) => {
          app.get('/elsewhere', { config: { permission: 'public' } }, async () => '');
        }),
      ).rejects.toThrow(/outside \/bo\//);
      await expect(
        start(async (app) => {
          app.get(BACKOFFICE_CALLS.audit.path, { config: { permission: 'audit.read' } }, async () => '');
        }),
      ).resolves.toBeUndefined();
    });
  });

  describe('the role × route matrix', () => {
    for (const role of ROLE_NAMES) {
      it(`lets ${role} call exactly the routes its permissions name, refusing the others with BO_PERMISSION_DENIED`, async () => {
        let cookie = await signInAs(t.app, DEMO_LOGIN[role]);
        const outcomes: string[] = [];
        for (const route of routes) {
          if (route.permission === 'public') continue;
          const allowed = route.permission === 'signedIn' || ROLES[role].includes(route.permission!);
          const response = await callBackoffice(t.app, { method: route.method, url: pathOf(route.url), cookie });
          // Signing out ends the session the next calls would use.
          if (ENDS_SESSION.has(route.url)) cookie = await signInAs(t.app, DEMO_LOGIN[role]);
          const refused = response.statusCode === 403 && response.json().code === 'BO_PERMISSION_DENIED';
          expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).not.toBe(401);
          outcomes.push(`${route.method} ${route.url} ${refused ? 'refused' : 'allowed'}`);
          expect(refused, `${role} ${route.method} ${route.url} (${route.permission}): ${response.body}`).toBe(
            !allowed,
          );
        }
        expect(outcomes.length).toBeGreaterThan(10);
      });
    }

    it('checks the permission before the body: a refused caller never learns what the body lacks', async () => {
      const cookie = await signInAs(t.app, 'demo-support');
      const response = await callBackoffice(t.app, {
        method: 'PUT',
        url: pathOf(BACKOFFICE_CALLS.setIpAllowList.path),
        cookie,
        payload: { entries: 'not a list' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('BO_PERMISSION_DENIED');
    });
  });

  describe('sessions apart from members', () => {
    it("never takes a member's bearer token on /bo/api", async () => {
      const { authorization } = await signInTestMember(t.app);
      const response = await t.app.inject({
        method: 'GET',
        url: BACKOFFICE_CALLS.session.path,
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('BO_NOT_SIGNED_IN');
    });

    it("never takes the operator's cookie on the player API", async () => {
      const cookie = await signInAs(t.app, 'demo-owner');
      const response = await t.app.inject({ method: 'GET', url: ACCOUNT_CALLS.memberInfo.path, headers: { cookie } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('NOT_LOGGED_IN');
    });
  });

  describe('brands', () => {
    beforeAll(async () => {
      await query(
        t.app.db,
        sql`INSERT INTO merchants (code, name, currency, time_zone, config, site, whitelabel)
            SELECT 'second', 'Second', currency, time_zone, config, site, whitelabel FROM merchants WHERE code = 'parlay'
            ON CONFLICT DO NOTHING`,
      );
    });

    it('refuses a brand the operator may not act on, and a brand that does not exist, alike', async () => {
      const admin = await signInAs(t.app, 'demo-admin');
      for (const brand of ['second', 'no-such-brand']) {
        const response = await callBackoffice(t.app, {
          method: 'GET',
          url: callWithParams(BACKOFFICE_CALLS.ipAllowList, { brand }).path,
          cookie: admin,
        });
        expect(response.statusCode, brand).toBe(403);
        expect(response.json().code).toBe('BO_BRAND_DENIED');
      }
      const owner = await signInAs(t.app, 'demo-owner');
      const ofEvery = await callBackoffice(t.app, {
        method: 'GET',
        url: callWithParams(BACKOFFICE_CALLS.ipAllowList, { brand: 'second' }).path,
        cookie: owner,
      });
      expect(ofEvery.statusCode, ofEvery.body).toBe(200);
    });
  });

  describe('writes', () => {
    const write = (cookie: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'DELETE',
        url: callWithParams(BACKOFFICE_CALLS.endOperatorSessions, { operatorId: 999_999 }).path,
        headers: { cookie, ...headers },
      });

    it("are taken from the back office's own pages only (Sec-Fetch-Site or Origin)", async () => {
      const cookie = await signInAs(t.app, 'demo-owner');
      const refused: Record<string, string>[] = [
        {},
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of refused) {
        const response = await write(cookie, headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json().code).toBe('BO_ORIGIN_REFUSED');
      }
      const taken: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin' }, { origin: 'http://localhost:80' }];
      for (const headers of taken) {
        const response = await write(cookie, headers);
        expect(response.json().code, JSON.stringify(headers)).toBe('BO_OPERATOR_NOT_FOUND');
      }
    });

    it('refuse a sign-in posted from another site', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: BACKOFFICE_CALLS.signIn.path,
        headers: { origin: 'https://evil.example' },
        payload: { login: 'demo-owner', password: 'whatever-it-is' },
      });
      expect(response.json().code).toBe('BO_ORIGIN_REFUSED');
    });
  });

  describe('the OpenAPI documents', () => {
    it("describe the back office's calls at /bo/docs/json, and none of them in the player API's", async () => {
      const backoffice = (await t.app.inject({ method: 'GET', url: '/bo/docs/json' })).json();
      const documented = Object.entries(backoffice.paths as Record<string, Record<string, unknown>>).flatMap(
        ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
      const expected = Object.values(BACKOFFICE_CALLS).map(
        (call) => `${call.method} ${call.path.replace(/:(\w+)/g, '{$1}')}`,
      );
      expect(documented.sort()).toEqual(expected.sort());
      expect(backoffice.paths['/bo/api/session'].get.security).toEqual([{ operatorSession: [] }]);
      expect(backoffice.paths['/bo/api/session/sign-in'].post.security).toBeUndefined();

      const player = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
      expect(Object.keys(player.paths).filter((path) => path.startsWith('/bo'))).toEqual([]);
      expect(Object.keys(player.paths).length).toBeGreaterThan(50);
      const page = await t.app.inject({ method: 'GET', url: '/bo/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
    });
  });
});
