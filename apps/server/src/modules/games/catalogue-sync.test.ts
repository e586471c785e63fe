import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CATALOGUE_SYNC_EVERY_MS, VENDOR_HEADERS, type CatalogueFeed } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCommands } from '../../cli/commands/index';
import { runAdmin } from '../../cli/run';
import { AppError } from '../../lib/app-error';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_VENDOR_SECRET, testVendorFeed } from '../seamless-wallet/seamless-wallet.fixtures';
import { signBody, signWalletCall } from '../vendors/index';
import { CatalogueCache } from './catalogue-cache';
import { CatalogueSyncService } from './catalogue-sync.service';

/** What the vendor's catalogue address answers next: a real HTTP peer, as a vendor deployed elsewhere. */
interface Answer {
  status: number;
  body: string;
  signature?: string;
  /** Held past the reading's time: the peer ends it (timeUp) as the request arrives and never answers. */
  slow?: boolean;
  redirectTo?: string;
}

const HOUR = 60 * 60 * 1000;

describe('catalogue sync', () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  const answers = new Map<string, Answer>();
  const asked: { path: string; vendorCode: string | undefined }[] = [];
  /** Ends the time of the reading under way, as its timer would: the `deadline` of the strict readings below. */
  let timeUp: (() => void) | undefined;

  /** A feed of `code` published at its address, signed with `secret`. */
  const publish = (code: string, feed: CatalogueFeed, secret = TEST_VENDOR_SECRET) => {
    const body = JSON.stringify(feed);
    answers.set(`/${code}`, { status: 200, body, signature: signBody(secret, body) });
  };
  const feedOf = (code: string, games: number, rename?: string): CatalogueFeed => {
    const feed = testVendorFeed(code, games);
    feed.vendor.catalogueUrl = `${base}/${code}`;
    if (rename) feed.games[0]!.gameName = rename;
    return feed;
  };
  const gamesOf = async (code: string) => {
    const result = (await t.app.db.execute(
      sql`SELECT g.code, g.game_name FROM games g JOIN game_vendors v ON v.id = g.vendor_id
           WHERE v.code = ${code} ORDER BY g.code`,
    )) as { rows: { code: string; game_name: string }[] };
    return result.rows.map((row) => `${row.code} ${row.game_name}`);
  };
  const vendorRow = async (code: string) => {
    const result = (await t.app.db.execute(
      sql`SELECT catalogue_url, catalogue_error,
                 (extract(epoch FROM catalogue_checked_at) * 1000)::float8 AS checked_ms,
                 (extract(epoch FROM catalogue_synced_at) * 1000)::float8 AS synced_ms
            FROM game_vendors WHERE code = ${code}`,
    )) as {
      rows: {
        catalogue_url: string | null;
        catalogue_error: string | null;
        checked_ms: number | null;
        synced_ms: number | null;
      }[];
    };
    const row = result.rows[0];
    if (!row) return undefined;
    const time = (ms: number | null) => (ms === null ? null : new Date(Number(ms)));
    return {
      catalogue_url: row.catalogue_url,
      catalogue_error: row.catalogue_error,
      catalogue_checked_at: time(row.checked_ms),
      catalogue_synced_at: time(row.synced_ms),
    };
  };
  /** Installs `code` from a feed that names its catalogue address, with the known secret. */
  const install = async (code: string, games = 2) => {
    await t.app.gaming.catalogueSync.writeFeed(feedOf(code, games), { walletSecret: TEST_VENDOR_SECRET });
  };
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, value: (error as AppError).value };
  };

  beforeAll(async () => {
    t = await createTestApp();
    server = createServer((request, response) => {
      asked.push({ path: request.url ?? '', vendorCode: request.headers[VENDOR_HEADERS.vendorCode] as string });
      const answer = answers.get(request.url ?? '') ?? { status: 404, body: '{}' };
      const send = () => {
        if (answer.redirectTo) {
          response.writeHead(302, { location: answer.redirectTo }).end();
          return;
        }
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (answer.signature) headers[VENDOR_HEADERS.signature] = answer.signature;
        response.writeHead(answer.status, headers).end(answer.body);
      };
      if (answer.slow) timeUp?.();
      else send();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  }, 60_000);
  beforeEach(() => {
    answers.clear();
    asked.length = 0;
  });

  it("reads the vendor's signed feed from its address and writes it, keeping the vendor's wallet secret", async () => {
    await install('SYNCA', 2);
    publish('SYNCA', feedOf('SYNCA', 3, 'Renamed One'));
    const at = new Date('2026-11-25T10:00:00Z');
    const result = await t.app.gaming.catalogueSync.syncCatalogue('SYNCA', at);
    expect(result).toMatchObject({ vendor: 'SYNCA', vendorCreated: false, games: 3 });
    expect(result).not.toHaveProperty('walletSecret');
    expect(asked).toEqual([{ path: '/SYNCA', vendorCode: 'SYNCA' }]);
    expect(await gamesOf('SYNCA')).toEqual(['G1 Renamed One', 'G2 Test Game 2', 'G3 Test Game 3']);
    expect(await vendorRow('SYNCA')).toMatchObject({
      catalogue_url: `${base}/SYNCA`,
      catalogue_checked_at: at,
      catalogue_synced_at: at,
      catalogue_error: null,
    });
    // Wallet calls signed with the vendor's secret still check out: a sync never replaces it.
    const body = '{"probe":1}';
    const now = Math.floor(Date.now() / 1000);
    await expect(
      t.app.gaming.vendors.authenticateWalletCall(
        'SYNCA',
        signWalletCall(TEST_VENDOR_SECRET, now, body),
        String(now),
        body,
      ),
    ).resolves.toMatchObject({ code: 'SYNCA' });
  });

  it('checks the signature before reading the answer, and a refused answer changes nothing', async () => {
    await install('SYNCB', 2);
    const before = await gamesOf('SYNCB');
    const at = new Date('2026-11-25T11:00:00Z');

    publish('SYNCB', feedOf('SYNCB', 5, 'Forged'), 'not-the-vendor-secret');
    expect((await refusal(t.app.gaming.catalogueSync.syncCatalogue('SYNCB', at))).code).toBe(
      'VENDOR_SIGNATURE_INVALID',
    );

    answers.set('/SYNCB', { status: 200, body: 'not json at all' });
    expect((await refusal(t.app.gaming.catalogueSync.syncCatalogue('SYNCB', at))).code).toBe(
      'VENDOR_SIGNATURE_INVALID',
    );

    const notJson = 'not json at all';
    answers.set('/SYNCB', { status: 200, body: notJson, signature: signBody(TEST_VENDOR_SECRET, notJson) });
    expect(await refusal(t.app.gaming.catalogueSync.syncCatalogue('SYNCB', at))).toEqual({
      code: 'GAME_FEED_INVALID',
      value: { issues: [{ path: '', message: 'not JSON' }] },
    });

    // Signed by this vendor, but the feed of another: it would move another vendor's games.
    publish('SYNCB', feedOf('OTHERV', 2));
    expect(await refusal(t.app.gaming.catalogueSync.syncCatalogue('SYNCB', at))).toMatchObject({
      code: 'GAME_FEED_INVALID',
      value: { issues: [{ path: 'vendor.code' }] },
    });
    const broken = { ...feedOf('SYNCB', 2), games: [{ code: 'G1' }] };
    answers.set('/SYNCB', {
      status: 200,
      body: JSON.stringify(broken),
      signature: signBody(TEST_VENDOR_SECRET, JSON.stringify(broken)),
    });
    expect((await refusal(t.app.gaming.catalogueSync.syncCatalogue('SYNCB', at))).code).toBe('GAME_FEED_INVALID');

    expect(await gamesOf('SYNCB')).toEqual(before);
    expect(await gamesOf('OTHERV')).toEqual([]);
    expect(await vendorRow('SYNCB')).toMatchObject({
      catalogue_checked_at: at,
      catalogue_synced_at: null,
      catalogue_error: expect.stringMatching(/^GAME_FEED_INVALID: games\.0\./),
    });
  });

  it('gives up on an error answer, a redirect, a slow answer or one too large, with the reason', async () => {
    const strict = new CatalogueSyncService(t.app.db, new CatalogueCache(t.app.db), t.app.gaming.vendors, t.app.audit, {
      timeoutMs: 300,
      maxBytes: 2_000,
      // The reading's timer, ended by the peer that holds its answer: a slow answer costs no real wait.
      deadline: () => {
        const timer = new AbortController();
        timeUp = () => timer.abort(new DOMException('The operation timed out.', 'TimeoutError'));
        return timer.signal;
      },
    });
    await install('SYNCC', 2);
    const before = await gamesOf('SYNCC');
    const reasonOf = async () => {
      const { code, value } = await refusal(strict.syncCatalogue('SYNCC'));
      expect(code).toBe('GAME_CATALOGUE_SYNC_FAILED');
      return (value as { reason: string }).reason;
    };

    answers.set('/SYNCC', { status: 500, body: 'down' });
    expect(await reasonOf()).toBe('answered HTTP 500');
    answers.set('/SYNCC', { status: 200, body: '{}', redirectTo: `${base}/SYNCA` });
    expect(await reasonOf()).toBe('unreachable');
    answers.set('/SYNCC', { status: 200, body: '{}', slow: true });
    expect(await reasonOf()).toBe('no answer within 300 ms');
    publish('SYNCC', feedOf('SYNCC', 40));
    expect(await reasonOf()).toBe('longer than 2000 bytes');

    expect(await gamesOf('SYNCC')).toEqual(before);
    expect((await vendorRow('SYNCC'))?.catalogue_error).toBe('GAME_CATALOGUE_SYNC_FAILED: longer than 2000 bytes');
  });

  it('reads each vendor again once its last reading is older than the interval; one failing stops no other', async () => {
    await install('SYNCD', 1);
    await install('SYNCE', 1);
    publish('SYNCD', feedOf('SYNCD', 2));
    answers.set('/SYNCE', { status: 503, body: 'busy' });
    const first = new Date('2030-01-01T00:00:00Z');
    const firstRun = await t.app.gaming.catalogueSync.syncDueCatalogues(CATALOGUE_SYNC_EVERY_MS, first);
    expect(firstRun.synced).toContain('SYNCD');
    expect(firstRun.failed).toContainEqual({ code: 'SYNCE', error: 'GAME_CATALOGUE_SYNC_FAILED: answered HTTP 503' });
    expect(await gamesOf('SYNCD')).toHaveLength(2);

    // An hour later nothing is due; seven hours later both are, and the vendor that was down is read.
    publish('SYNCE', feedOf('SYNCE', 3));
    const soon = await t.app.gaming.catalogueSync.syncDueCatalogues(
      CATALOGUE_SYNC_EVERY_MS,
      new Date(first.getTime() + HOUR),
    );
    expect(soon).toEqual({ synced: [], failed: [] });
    const later = await t.app.gaming.catalogueSync.syncDueCatalogues(
      CATALOGUE_SYNC_EVERY_MS,
      new Date(first.getTime() + 7 * HOUR),
    );
    expect(later.synced).toEqual(expect.arrayContaining(['SYNCD', 'SYNCE']));
    expect(await gamesOf('SYNCE')).toHaveLength(3);
    expect((await vendorRow('SYNCE'))?.catalogue_error).toBeNull();
  });

  it('reads a due feed once when several instances look at the same moment', async () => {
    await install('SYNCI', 1);
    publish('SYNCI', feedOf('SYNCI', 2));
    const at = new Date('2031-01-01T00:00:00Z');
    const other = new CatalogueSyncService(t.app.db, new CatalogueCache(t.app.db), t.app.gaming.vendors, t.app.audit);
    const runs = await Promise.all([
      t.app.gaming.catalogueSync.syncDueCatalogues(CATALOGUE_SYNC_EVERY_MS, at),
      other.syncDueCatalogues(CATALOGUE_SYNC_EVERY_MS, at),
    ]);
    expect(asked.filter((call) => call.path === '/SYNCI')).toHaveLength(1);
    expect(runs.flatMap((run) => run.synced).filter((code) => code === 'SYNCI')).toEqual(['SYNCI']);
  });

  it('stops reading a vendor whose feed no longer names an address, and refuses a sync of one that never did', async () => {
    await install('SYNCF', 1);
    const withoutAddress = testVendorFeed('SYNCF', 2);
    publish('SYNCF', withoutAddress);
    await t.app.gaming.catalogueSync.syncCatalogue('SYNCF');
    expect((await vendorRow('SYNCF'))?.catalogue_url).toBeNull();
    expect((await refusal(t.app.gaming.catalogueSync.syncCatalogue('SYNCF'))).code).toBe(
      'GAME_CATALOGUE_SOURCE_MISSING',
    );
    expect((await refusal(t.app.gaming.catalogueSync.syncCatalogue('NOSUCHV'))).code).toBe(
      'GAME_CATALOGUE_SOURCE_MISSING',
    );
  });

  it('syncs from the admin CLI: one vendor, or every vendor, and says which could not be read', async () => {
    await install('SYNCG', 1);
    await install('SYNCH', 1);
    publish('SYNCG', feedOf('SYNCG', 2));
    answers.set('/SYNCH', { status: 500, body: 'down' });
    const context = { db: t.app.db, defaultMerchantCode: 'parlay' };
    const run = (line: string) => runAdmin(adminCommands, context, line.split(' '));
    expect(await run('games sync SYNCG')).toEqual({
      exitCode: 0,
      output: "Read SYNCG's feed: 2 games; every brand offers them.",
    });
    const all = await run('games sync');
    expect(all.exitCode).toBe(1);
    expect(all.output).toContain("Read SYNCG's feed.");
    expect(all.output).toContain(
      "Could not read SYNCH's feed (GAME_CATALOGUE_SYNC_FAILED: answered HTTP 500); its catalogue stays as it was.",
    );
    expect((await run('games sync NOSUCHV')).output).toBe(
      'GAME_CATALOGUE_SOURCE_MISSING: This vendor publishes no catalogue address.',
    );
  });
});
