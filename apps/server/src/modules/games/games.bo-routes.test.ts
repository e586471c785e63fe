import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BACKOFFICE_CALLS,
  callWithParams,
  VENDOR_HEADERS,
  type AuditEntry,
  type BrandOffer,
  type BrandOfferVendor,
  type CatalogueFeed,
} from '@parlay/contract';
import { migrateHouse } from '@parlay/house-games';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { installTestVendor, TEST_VENDOR_SECRET, testVendorFeed } from '../seamless-wallet/seamless-wallet.fixtures';
import { signBody } from '../vendors/index';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe("the Games pages' calls (games.bo-routes.ts)", () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let readOnly: string;
  let peer: Server;
  let peerBase: string;
  const published = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app, 'TESTV', 6);
    await migrateHouse(t.database.handle);
    owner = await signInAs(t.app, 'demo-owner');
    admin = await signInAs(t.app, 'demo-admin');
    readOnly = await signInAs(t.app, 'demo-readonly');
    // A vendor's catalogue address: a real HTTP peer that answers the feed published for a path, signed.
    peer = createServer((request, response) => {
      const body = published.get(request.url ?? '');
      if (body === undefined) {
        response.writeHead(500).end('down');
        return;
      }
      response
        .writeHead(200, {
          'content-type': 'application/json',
          [VENDOR_HEADERS.signature]: signBody(TEST_VENDOR_SECRET, body),
        })
        .end(body);
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    peerBase = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await new Promise((resolve) => peer.close(resolve));
    await t.close();
  }, 60_000);

  const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
    callBackoffice(t.app, { method, url, cookie, payload });
  const path = (route: { method: Method; path: string }, params: Record<string, string>) =>
    callWithParams(route, params as never).path;
  const auditOf = async (action: string): Promise<AuditEntry[]> =>
    (await t.app.audit.search({ allBrands: true, merchantIds: [] }, { limit: 50, action })).items;
  const offer = async (): Promise<BrandOffer> =>
    (await call(owner, 'GET', path(BACKOFFICE_CALLS.brandOffer, { brand: 'parlay' }))).json().value;
  const vendorOf = async (code: string): Promise<BrandOfferVendor> =>
    (await call(owner, 'GET', path(BACKOFFICE_CALLS.brandOfferVendor, { brand: 'parlay', vendor: code }))).json().value;
  /** The player site's list of a vendor's games, as the site asks for it. */
  const playerList = async (vendor: string): Promise<string[]> => {
    const response = await t.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?vassalage=${vendor}` });
    return (response.json().value.games as { code: string }[]).map((game) => game.code);
  };

  describe('vendors and their feeds', () => {
    it('lists every vendor by code, a page at a time, with its games and its last reading', async () => {
      const first = await call(readOnly, 'GET', `${BACKOFFICE_CALLS.vendorFeeds.path}?limit=2`);
      expect(first.statusCode, first.body).toBe(200);
      const page = first.json().value;
      expect(page.items.map((vendor: { code: string }) => vendor.code)).toEqual(['DS88', 'TCG_SEA']);
      expect(page.items[0]).toMatchObject({ games: 1, catalogueUrl: null, checkedAt: null, error: null });
      const next = await call(
        readOnly,
        'GET',
        `${BACKOFFICE_CALLS.vendorFeeds.path}?limit=2&cursor=${page.nextCursor}`,
      );
      expect(next.json().value.items.map((vendor: { code: string }) => vendor.code)).toEqual(['TESTV']);
      expect(next.json().value.nextCursor).toBeNull();
    });

    it('reads a feed again now, written and recorded; a failed reading keeps the catalogue and says why', async () => {
      const feed: CatalogueFeed = testVendorFeed('SYNCV', 2);
      feed.vendor.catalogueUrl = `${peerBase}/SYNCV`;
      await t.app.gaming.catalogueSync.writeFeed(feed, { walletSecret: TEST_VENDOR_SECRET });
      feed.games.push({ ...feed.games[0]!, code: 'G3', gameName: 'Synced Game' });
      published.set('/SYNCV', JSON.stringify(feed));
      const sync = path(BACKOFFICE_CALLS.syncVendorFeed, { vendor: 'SYNCV' });

      const synced = await call(owner, 'POST', sync);
      expect(synced.statusCode, synced.body).toBe(200);
      expect(synced.json().value).toMatchObject({ code: 'SYNCV', games: 3, error: null, syncedAt: expect.any(String) });
      const [entry] = await auditOf('catalogue.sync');
      expect(entry).toMatchObject({ operatorLogin: 'demo-owner', targetId: 'SYNCV', brand: null });

      published.delete('/SYNCV');
      const failed = await call(owner, 'POST', sync);
      expect(failed.json().code).toBe('GAME_CATALOGUE_SYNC_FAILED');
      const after = (await call(owner, 'GET', `${BACKOFFICE_CALLS.vendorFeeds.path}?cursor=SYNC`)).json().value
        .items[0];
      expect(after).toMatchObject({ code: 'SYNCV', games: 3, error: expect.stringContaining('500') });
      expect(after.checkedAt > after.syncedAt).toBe(true);
      expect(await auditOf('catalogue.sync')).toHaveLength(1);

      const none = await call(owner, 'POST', path(BACKOFFICE_CALLS.syncVendorFeed, { vendor: 'DS88' }));
      expect(none.json().code).toBe('GAME_CATALOGUE_SOURCE_MISSING');
    });

    it('refuses a sync or an upload from an operator of some brands only: feeds are every brand’s', async () => {
      const sync = await call(admin, 'POST', path(BACKOFFICE_CALLS.syncVendorFeed, { vendor: 'SYNCV' }));
      expect(sync.statusCode).toBe(403);
      expect(sync.json().code).toBe('BO_PLATFORM_ONLY');
      const upload = await call(admin, 'POST', BACKOFFICE_CALLS.importVendorFeed.path, testVendorFeed('NEWV', 1));
      expect(upload.json().code).toBe('BO_PLATFORM_ONLY');
      expect(await t.app.gaming.catalogueSync.hasVendor('NEWV')).toBe(false);
    });

    it('writes an uploaded feed checked by the contract; a refused one says where and writes nothing', async () => {
      const broken = testVendorFeed('UPV', 2) as unknown as { games: { gameType: string }[] };
      broken.games[1]!.gameType = 'FISH';
      const refused = await call(owner, 'POST', BACKOFFICE_CALLS.importVendorFeed.path, broken);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'GAME_FEED_INVALID',
        value: { issues: [{ path: 'games.1.gameType', message: expect.stringContaining('FISH') }] },
      });
      expect(await t.app.gaming.catalogueSync.hasVendor('UPV')).toBe(false);
      expect(await auditOf('catalogue.import')).toHaveLength(0);

      const written = await call(owner, 'POST', BACKOFFICE_CALLS.importVendorFeed.path, testVendorFeed('UPV', 2));
      expect(written.statusCode, written.body).toBe(200);
      expect(written.json().value).toMatchObject({ vendor: 'UPV', vendorCreated: true, games: 2 });
      expect(written.json().value.walletSecret).toMatch(/^[0-9a-f]{64}$/);
      const [entry] = await auditOf('catalogue.import');
      expect(entry).toMatchObject({ operatorLogin: 'demo-owner', targetId: 'UPV', after: { games: 2 } });
      expect(JSON.stringify(entry)).not.toContain(written.json().value.walletSecret);
    });
  });

  describe("a brand's offer", () => {
    it("reorders the brand's vendors as one versioned change, and the player site follows at once", async () => {
      const before = await offer();
      const codes = before.vendors.map((vendor) => vendor.code);
      const reversed = [...codes].reverse();
      const url = path(BACKOFFICE_CALLS.setVendorOrder, { brand: 'parlay' });

      const stale = await call(owner, 'PUT', url, { version: before.orderVersion + 1, vendors: reversed });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      const partial = await call(owner, 'PUT', url, { version: before.orderVersion, vendors: reversed.slice(1) });
      expect(partial.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      expect((await offer()).vendors.map((vendor) => vendor.code)).toEqual(codes);
      expect(await auditOf('games.vendor-order')).toHaveLength(0);

      const saved = await call(owner, 'PUT', url, { version: before.orderVersion, vendors: reversed });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await offer();
      expect(after.vendors.map((vendor) => vendor.code)).toEqual(reversed);
      expect(after.orderVersion).toBe(before.orderVersion + 1);
      const again = await call(owner, 'PUT', url, { version: before.orderVersion, vendors: codes });
      expect(again.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      const [entry] = await auditOf('games.vendor-order');
      expect(entry).toMatchObject({ brand: 'parlay', before: { vendors: codes }, after: { vendors: reversed } });

      const site = await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_getVassGameType' });
      const vendors = (site.json().value.list as { vassalage: string }[]).map((vendor) => vendor.vassalage);
      expect(vendors.length).toBeGreaterThan(1);
      expect(vendors).toEqual(reversed.filter((code) => vendors.includes(code)));
    });

    it("stops offering a vendor's games, with the offer's version; a stale one changes nothing", async () => {
      const vendor = await vendorOf('TESTV');
      const url = path(BACKOFFICE_CALLS.setBrandVendor, { brand: 'parlay', vendor: 'TESTV' });
      expect((await call(readOnly, 'PUT', url, { version: vendor.version, enabled: false })).statusCode).toBe(403);
      const stale = await call(owner, 'PUT', url, { version: vendor.version + 1, enabled: false });
      expect(stale.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      expect(await playerList('TESTV')).toHaveLength(6);

      const off = await call(owner, 'PUT', url, { version: vendor.version, enabled: false });
      expect(off.json().value).toMatchObject({ enabled: false, listed: 0, version: vendor.version + 1 });
      expect(await playerList('TESTV')).toEqual([]);
      const on = await call(owner, 'PUT', url, { version: vendor.version + 1, enabled: true });
      expect(on.json().value).toMatchObject({ enabled: true, listed: 6 });
      expect(await playerList('TESTV')).toHaveLength(6);
      expect((await auditOf('games.vendor-offer')).map((entry) => entry.after)).toEqual([
        { enabled: true },
        { enabled: false },
      ]);
    });

    it("pages a vendor's games in the brand's order, filtered by name and by what is listed", async () => {
      const url = path(BACKOFFICE_CALLS.brandOfferGames, { brand: 'parlay', vendor: 'TESTV' });
      const first = (await call(readOnly, 'GET', `${url}?limit=4`)).json().value;
      expect(first.items.map((game: { code: string }) => game.code)).toEqual(['G1', 'G2', 'G3', 'G4']);
      const rest = (await call(readOnly, 'GET', `${url}?limit=4&cursor=${first.nextCursor}`)).json().value;
      expect(rest).toEqual({
        items: [expect.objectContaining({ code: 'G5' }), expect.objectContaining({ code: 'G6' })],
        nextCursor: null,
      });
      const named = (await call(readOnly, 'GET', `${url}?q=game%205`)).json().value;
      expect(named.items.map((game: { code: string }) => game.code)).toEqual(['G5']);
      const hot = (await call(readOnly, 'GET', `${url}?hot=yes`)).json().value;
      expect(hot.items.map((game: { code: string }) => game.code)).toEqual(['G1']);
      expect((await call(readOnly, 'GET', `${url}?cursor=nonsense`)).json().code).toBe('GAME_CURSOR_INVALID');
    });

    it("sets a game's choices with the offer's version, follows the feed again with null, refuses a stale one", async () => {
      const vendor = await vendorOf('TESTV');
      const url = path(BACKOFFICE_CALLS.setBrandGame, { brand: 'parlay', vendor: 'TESTV', game: 'G2' });
      const hot = await call(owner, 'PUT', url, { version: vendor.version, hot: true, enabled: false });
      expect(hot.statusCode, hot.body).toBe(200);
      expect(hot.json().value).toMatchObject({
        version: vendor.version + 1,
        game: { code: 'G2', isHot: true, listed: false, brandHot: true, brandEnabled: false },
      });
      expect(await playerList('TESTV')).not.toContain('G2');

      const stale = await call(owner, 'PUT', url, { version: vendor.version, enabled: null });
      expect(stale.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      expect(await playerList('TESTV')).not.toContain('G2');

      const back = await call(owner, 'PUT', url, { version: vendor.version + 1, enabled: null, hot: null });
      expect(back.json().value.game).toMatchObject({ listed: true, isHot: false, brandEnabled: null, brandHot: null });
      expect(await playerList('TESTV')).toContain('G2');
      const unknown = await call(
        owner,
        'PUT',
        path(BACKOFFICE_CALLS.setBrandGame, { brand: 'parlay', vendor: 'TESTV', game: 'G99' }),
        {
          version: vendor.version + 2,
          hot: true,
        },
      );
      expect(unknown.json().code).toBe('GAME_NOT_FOUND');
    });

    it("saves a new order of the vendor's games as one change, which the player site lists at once", async () => {
      const url = path(BACKOFFICE_CALLS.gameOrder, { brand: 'parlay', vendor: 'TESTV' });
      const opened = (await call(readOnly, 'GET', url)).json().value;
      expect(opened).toMatchObject({ complete: true });
      const codes = opened.games.map((game: { code: string }) => game.code);
      expect(codes).toEqual(['G1', 'G2', 'G3', 'G4', 'G5', 'G6']);
      const order = ['G6', 'G1', 'G5', 'G2', 'G4', 'G3'];

      const missing = await call(owner, 'PUT', url, { version: opened.version, games: order.slice(1) });
      expect(missing.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      const twice = await call(owner, 'PUT', url, { version: opened.version, games: ['G6', ...order] });
      expect(twice.json().code).toBe('VALIDATION_FAILED');
      expect(await playerList('TESTV')).toEqual(codes);

      const saved = await call(owner, 'PUT', url, { version: opened.version, games: order });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().value.version).toBe(opened.version + 1);
      expect(await playerList('TESTV')).toEqual(order);
      const stale = await call(owner, 'PUT', url, { version: opened.version, games: codes });
      expect(stale.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      expect(await playerList('TESTV')).toEqual(order);
      const entries = await auditOf('games.game-order');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ targetId: 'TESTV', before: { games: codes }, after: { games: order } });

      // The brand's order is its own choice: the vendor's next feed does not undo it.
      await installTestVendor(t.app, 'TESTV', 6);
      expect(await playerList('TESTV')).toEqual(order);
    });

    it("caps the vendor's promotion credits with the offer's version, and pages the day's credits", async () => {
      const vendor = await vendorOf('TESTV');
      const url = path(BACKOFFICE_CALLS.setPromotionCap, { brand: 'parlay', vendor: 'TESTV' });
      const stale = await call(owner, 'PUT', url, { version: vendor.version + 5, capMinor: 5_000 });
      expect(stale.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      const negative = await call(owner, 'PUT', url, { version: vendor.version, capMinor: -1 });
      expect(negative.json().code).toBe('VALIDATION_FAILED');
      expect((await vendorOf('TESTV')).promotionCapMinor).toBe(0);
      const capped = await call(owner, 'PUT', url, { version: vendor.version, capMinor: 5_000 });
      expect(capped.json().value).toMatchObject({ promotionCapMinor: 5_000, version: vendor.version + 1 });
      const [entry] = await auditOf('games.promotion-cap');
      expect(entry).toMatchObject({ before: { capMinor: 0 }, after: { capMinor: 5_000 } });

      // Three credits paid today, as the seamless wallet records them.
      await t.app.db.execute(
        sql`INSERT INTO vendor_promotion_credits (merchant_id, vendor_id, day, member_id, credit_type, transaction_id,
                                                  round_id, currency, amount_minor)
            SELECT mv.merchant_id, mv.vendor_id, (now() AT TIME ZONE m.time_zone)::date,
                   (SELECT id FROM members WHERE merchant_id = m.id ORDER BY id LIMIT 1), 'promotion',
                   'promo-' || n, 'round-' || n, 'KRW', 100 * n
              FROM merchant_vendors mv JOIN merchants m ON m.id = mv.merchant_id
              JOIN game_vendors v ON v.id = mv.vendor_id, generate_series(1, 3) n
             WHERE m.code = 'parlay' AND v.code = 'TESTV'`,
      );
      const credits = path(BACKOFFICE_CALLS.promotionCredits, { brand: 'parlay', vendor: 'TESTV' });
      const first = (await call(readOnly, 'GET', `${credits}?limit=2`)).json().value;
      expect(first).toMatchObject({ capMinor: 5_000, timeZone: expect.any(String) });
      expect(first.items.map((credit: { transactionId: string }) => credit.transactionId)).toEqual([
        'promo-1',
        'promo-2',
      ]);
      const next = (await call(readOnly, 'GET', `${credits}?limit=2&cursor=${first.nextCursor}`)).json().value;
      expect(next.items.map((credit: { amountMinor: number }) => credit.amountMinor)).toEqual([300]);
      expect(next.nextCursor).toBeNull();
      const otherDay = (await call(readOnly, 'GET', `${credits}?day=2020-01-01`)).json().value;
      expect(otherDay).toMatchObject({ day: '2020-01-01', items: [], credits: 0 });
    });
  });

  describe("the house games' limits", () => {
    const url = path(BACKOFFICE_CALLS.houseLimits, { brand: 'parlay' });
    const limit = { gameCode: 'dice', minBetMinor: 100, maxBetMinor: 50_000, maxWinMinor: 1_000_000 };

    it("sets the brand's own limit with the version opened; a second save of the same opening is refused", async () => {
      expect((await call(readOnly, 'GET', url)).json().value).toEqual({ currency: 'KRW', limits: [] });
      const created = await call(owner, 'PUT', url, { ...limit, scope: 'brand', version: null });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().value.limits).toEqual([{ ...limit, scope: 'brand', currency: 'KRW', version: 0 }]);
      const again = await call(owner, 'PUT', url, { ...limit, scope: 'brand', version: null, maxBetMinor: 60_000 });
      expect(again.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      const changed = await call(owner, 'PUT', url, { ...limit, scope: 'brand', version: 0, maxBetMinor: 60_000 });
      expect(changed.json().value.limits[0]).toMatchObject({ maxBetMinor: 60_000, version: 1 });
      const inverted = await call(owner, 'PUT', url, { ...limit, scope: 'brand', version: 1, maxBetMinor: 10 });
      expect(inverted.json().code).toBe('VALIDATION_FAILED');
      const entries = await auditOf('house.limits');
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({
        brand: 'parlay',
        targetId: 'parlay/KRW/dice',
        before: { maxBetMinor: 50_000 },
        after: { maxBetMinor: 60_000 },
      });
    });

    it('leaves the default limits of every brand to an operator of every brand', async () => {
      const refused = await call(admin, 'PUT', url, { ...limit, gameCode: 'mines', scope: 'default', version: null });
      expect(refused.json().code).toBe('BO_PLATFORM_ONLY');
      const set = await call(owner, 'PUT', url, { ...limit, gameCode: 'mines', scope: 'default', version: null });
      expect(set.json().value.limits).toContainEqual(expect.objectContaining({ scope: 'default', gameCode: 'mines' }));
      expect(await auditOf('house.limits')).toHaveLength(3);
    });
  });
});
