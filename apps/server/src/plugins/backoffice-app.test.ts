import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BACKOFFICE_CALLS } from '@parlay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBackofficeHosts } from '../config';
import { createTestApp, type TestApp } from '../test/app';
import { backofficeAppPlugin } from './backoffice-app';

const page = '<!doctype html><html><body><div id="root" data-app="backoffice"></div></body></html>';
const sitePage = '<!doctype html><html><body><div id="root"></div></body></html>';

/** A back-office build and a player-site build as Vite writes them, in a folder of their own. */
function writeBuilds(): { root: string; backoffice: string; web: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'parlay-backoffice-dist-'));
  const backoffice = path.join(root, 'backoffice');
  const web = path.join(root, 'web');
  mkdirSync(path.join(backoffice, 'assets'), { recursive: true });
  mkdirSync(web);
  writeFileSync(path.join(backoffice, 'index.html'), page);
  writeFileSync(path.join(backoffice, 'theme-init.js'), 'void 0;');
  writeFileSync(path.join(backoffice, 'assets', 'index-abc123.js'), 'console.log("back office");');
  writeFileSync(path.join(web, 'index.html'), sitePage);
  return { root, backoffice, web };
}

describe(backofficeAppPlugin.name, () => {
  let builds: ReturnType<typeof writeBuilds>;
  let test: TestApp;

  beforeAll(async () => {
    builds = writeBuilds();
    test = await createTestApp({ BACKOFFICE_DIST_DIR: builds.backoffice, WEB_DIST_DIR: builds.web });
  }, 180_000);

  afterAll(async () => {
    await test.close();
    rmSync(builds.root, { recursive: true, force: true });
  });

  it('answers every page path of the back office with its app, never cached and never indexed', async () => {
    for (const url of [
      '/backoffice',
      '/backoffice/',
      '/backoffice/operators/7',
      '/backoffice/brands/parlay/ip-allow-list?x=1',
      '/backoffice/no-such-page',
    ]) {
      const response = await test.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(page);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
  });

  it('sends the platform security headers with it: scripts from its own origin only, no framing by others', async () => {
    const response = await test.app.inject({ url: '/backoffice/sign-in' });
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(response.headers['content-security-policy']).toMatch(/img-src [^;]*data:/);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('caches hashed assets for a year, its other files not at all, and answers a missing asset 404', async () => {
    const asset = await test.app.inject({ url: '/backoffice/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log("back office");');
    const themeScript = await test.app.inject({ url: '/backoffice/theme-init.js' });
    expect(themeScript.headers['cache-control']).toBe('no-cache');
    expect((await test.app.inject({ url: '/backoffice/assets/gone-000000.js' })).statusCode).toBe(404);
  });

  it('leaves the player site its own pages, and an unknown back-office call an API 404', async () => {
    const lobby = await test.app.inject({ url: '/index' });
    expect(lobby.body).toBe(sitePage);
    const call = await test.app.inject({ url: '/bo/api/no-such-call' });
    expect(call.statusCode).toBe(404);
    expect(call.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('a server whose back office is switched off or kept to its hosts', () => {
  let builds: ReturnType<typeof writeBuilds>;
  let off: TestApp;
  let kept: TestApp;

  beforeAll(async () => {
    builds = writeBuilds();
    off = await createTestApp({ BACKOFFICE_DIST_DIR: builds.backoffice, BACKOFFICE_ENABLED: 'false' });
    kept = await createTestApp({
      BACKOFFICE_DIST_DIR: builds.backoffice,
      BACKOFFICE_HOSTS: 'BO.example.com, ops.example.com:8443',
    });
  }, 180_000);

  afterAll(async () => {
    await off.close();
    await kept.close();
    rmSync(builds.root, { recursive: true, force: true });
  });

  it('answers 404 to its pages and its API when BACKOFFICE_ENABLED is false', async () => {
    for (const url of [
      '/backoffice',
      '/backoffice/operators',
      '/backoffice/assets/index-abc123.js',
      BACKOFFICE_CALLS.session.path,
    ]) {
      const response = await off.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('data-app="backoffice"');
    }
  });

  it('answers on the hosts of BACKOFFICE_HOSTS only, whatever the port', async () => {
    const allowed = await kept.app.inject({ url: '/backoffice/operators', headers: { host: 'bo.example.com:8080' } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toBe(page);
    for (const url of ['/backoffice/operators', BACKOFFICE_CALLS.session.path, '/bo/docs/json']) {
      const response = await kept.app.inject({ url, headers: { host: 'brand.example' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe(parseBackofficeHosts.name, () => {
  it('reads host names, lower case, without ports or blanks', () => {
    expect(parseBackofficeHosts(' BO.example.com, ops.example.com:8443,, ')).toEqual([
      'bo.example.com',
      'ops.example.com',
    ]);
    expect(parseBackofficeHosts('')).toEqual([]);
  });
});
