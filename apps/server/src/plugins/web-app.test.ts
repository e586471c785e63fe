import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { webAppPlugin } from './web-app';

describe(webAppPlugin.name, () => {
  let dist: string;
  let test: TestApp;
  const script = `console.log(${JSON.stringify('parlay '.repeat(200))});`;
  const page = '<!doctype html><html><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    // A build as Vite writes it: every text file with its .br and .gz beside it.
    dist = mkdtempSync(path.join(os.tmpdir(), 'parlay-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    for (const [file, text] of [
      ['assets/index-abc123.js', script],
      ['index.html', page],
    ] as const) {
      writeFileSync(path.join(dist, file), text);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
    }
    test = await createTestApp({ WEB_DIST_DIR: dist });
  }, 180_000);

  afterAll(async () => {
    await test.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts it, cached for a year', async () => {
    const response = await test.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip over plain http, where browsers do not offer brotli, and the page itself too', async () => {
    const asset = await test.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asset.rawPayload).toString()).toBe(script);
    const lobby = await test.app.inject({ url: '/index', headers: { 'accept-encoding': 'gzip' } });
    expect(lobby.statusCode).toBe(200);
    expect(lobby.headers['content-encoding']).toBe('gzip');
    expect(lobby.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(lobby.rawPayload).toString()).toBe(page);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const response = await test.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('answers a page of the site with the page and 200, and any other path with the page and 404', async () => {
    for (const url of ['/', '/index', '/pointmall', '/rng?page=ALL', '/register.html', '/index/']) {
      const response = await test.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(page);
    }
    for (const url of ['/no-such-page', '/index/more', '/RNG', '/promo/12?x=1']) {
      const response = await test.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(page);
    }
  });

  it('answers an unknown path with the page and 404 even to a browser revalidating its copy, and compressed', async () => {
    const first = await test.app.inject({ url: '/index', headers: { 'accept-encoding': 'identity' } });
    const revalidated = await test.app.inject({
      url: '/no-such-page',
      headers: {
        'accept-encoding': 'identity',
        'if-none-match': String(first.headers.etag),
        'if-modified-since': String(first.headers['last-modified']),
        range: 'bytes=0-9',
      },
    });
    expect(revalidated.statusCode).toBe(404);
    expect(revalidated.body).toBe(page);
    const gzipped = await test.app.inject({ url: '/no-such-page', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.statusCode).toBe(404);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(page);
  });

  it('leaves the files, the API and the other non-page paths as they were', async () => {
    expect((await test.app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    expect((await test.app.inject({ url: '/index.html' })).statusCode).toBe(200);
    const missingAsset = await test.app.inject({ url: '/assets/gone-123.js', headers: { language: 'EN' } });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const unknownCall = await test.app.inject({ url: '/wps/no/such/call', headers: { language: 'EN' } });
    expect(unknownCall.statusCode).toBe(404);
    expect(unknownCall.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const status = await test.app.inject({ url: '/wps/system/status?url=localhost' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ success: true });
    expect((await test.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });
});
