import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseApp } from '../app';
import { startHouse, startPlatform, type Platform } from '../test/platform';

// A web build of its own: a page and an icon where Vite writes them, whether or not web/dist is built.
const webDistDir = mkdtempSync(path.join(os.tmpdir(), 'house-security-'));
writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><main id="app"></main>');
mkdirSync(path.join(webDistDir, 'icons'));
writeFileSync(path.join(webDistDir, 'icons', 'dice.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const BRANDS = ['https://brand.example', 'https://*.brand.example'];
/** Every kind of answer: the game page, the verifier, the lottery's page, an icon, the API refusing, the feed, an unknown address. */
const ANSWERS = [
  ['/house/play?gameCode=dice', 200],
  ['/house/verify?game=dice', 200],
  ['/house/lottery/play?gameCode=FAST5', 200],
  ['/house/icons/dice.svg', 200],
  ['/house/api/state?gameCode=dice', 401],
  ['/house/api/feed', 200],
  ['/house/nowhere', 404],
] as const;

describe('security headers of the house games', () => {
  let platform: Platform;
  let house: HouseApp;
  let closed: HouseApp;

  beforeAll(async () => {
    platform = await startPlatform();
    house = await startHouse(platform.url, platform, {
      publicUrl: 'https://games.example.com',
      frameAncestors: BRANDS,
      webDistDir,
    });
    // No site configured: defaultHouseConfig's empty list.
    closed = await startHouse(platform.url, platform, { webDistDir });
  }, 180_000);
  afterAll(async () => {
    await house?.app.close();
    await closed?.app.close();
    await platform?.close();
    rmSync(webDistDir, { recursive: true, force: true });
  }, 60_000);

  const directivesOf = (csp: string) =>
    new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );

  it.each(ANSWERS)(
    'answers %s (%i) with nosniff, no referrer, and a CSP only the brands may frame',
    async (url, status) => {
      const response = await house.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const csp = directivesOf(String(response.headers['content-security-policy']));
      expect(csp.get('frame-ancestors')).toEqual(BRANDS);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      // The crash game's WebSocket on the public origin.
      expect(csp.get('connect-src')).toEqual(["'self'", 'wss://games.example.com']);
      // SAMEORIGIN would refuse the brands' frame; frame-ancestors says who may frame.
      expect(response.headers['x-frame-options']).toBeUndefined();
    },
  );

  it("lets a brand's lobby load the icons from another origin, and keeps pages and API to this one", async () => {
    const corp = async (url: string) =>
      (await house.app.inject({ method: 'GET', url })).headers['cross-origin-resource-policy'];
    expect(await corp('/house/icons/dice.svg')).toBe('cross-origin');
    for (const url of ['/house/play', '/house/verify', '/house/api/feed', '/house/api/state']) {
      expect(await corp(url), url).toBe('same-origin');
    }
  });

  it('lets no page frame the games when no site is named', async () => {
    for (const [url] of ANSWERS) {
      const response = await closed.app.inject({ method: 'GET', url });
      expect(directivesOf(String(response.headers['content-security-policy'])).get('frame-ancestors'), url).toEqual([
        "'none'",
      ]);
      expect(directivesOf(String(response.headers['content-security-policy'])).get('connect-src')).toEqual([
        "'self'",
        'ws://localhost',
      ]);
    }
  });
});
