import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseApp } from './app';
import { query, sql } from './db/database';
import { startEmbeddedHouse, type EmbeddedHouse } from './embedded';
import { loadHouseEnv } from './env';
import { LOTTERY_LISTED_CODES } from './lottery/lottery-catalogue';
import { startPlatform, type Platform } from './test/platform';

describe(startEmbeddedHouse.name, () => {
  let platform: Platform;
  let platformPort: number;
  const started: HouseApp[] = [];

  beforeAll(async () => {
    platform = await startPlatform();
    platformPort = Number(new URL(platform.url).port);
  }, 180_000);
  afterAll(async () => {
    for (const house of started) await house.app.close();
    await platform?.close();
  }, 60_000);

  /** The embedded start as apps/server/src/main.ts makes it, on a free port, its feed written to the platform. */
  const start = async (platformHost: string, env: Record<string, string> = {}) => {
    const house = await startEmbeddedHouse({
      database: platform.test.database.handle,
      platformPort,
      platformHost,
      registerFeed: (feed, walletSecret) => platform.test.app.gaming.catalogueSync.importFeed(feed, { walletSecret }),
      env: { HOUSE_PORT: '0', LOG_LEVEL: 'silent', ...env },
    });
    if (!house) throw new Error('the house games did not start');
    started.push(house);
    const address = house.app.server.address() as AddressInfo;
    const feed = await fetch(`http://127.0.0.1:${address.port}/house/api/feed`);
    const csp = feed.headers.get('content-security-policy') ?? '';
    return { address: address.address, frameAncestors: /(?:^|;)\s*frame-ancestors ([^;]*)/.exec(csp)?.[1] };
  };

  it("listens on the platform's HOST, and lets the platform's own pages frame the games", async () => {
    const { address, frameAncestors } = await start('127.0.0.1', { HOUSE_LOTTERY_ENABLED: 'false' });
    expect(address).toBe('127.0.0.1');
    expect(frameAncestors).toBe(`http://localhost:${platformPort} http://127.0.0.1:${platformPort}`);
  });

  it("listens on HOUSE_HOST and lets HOUSE_FRAME_ANCESTORS frame the games, over the platform's", async () => {
    const { address, frameAncestors } = await start('0.0.0.0', {
      HOUSE_HOST: '127.0.0.1',
      HOUSE_FRAME_ANCESTORS: ' https://brand.example  https://*.brand.example ',
      HOUSE_LOTTERY_ENABLED: 'false',
    });
    expect(address).toBe('127.0.0.1');
    expect(frameAncestors).toBe('https://brand.example https://*.brand.example');
  });

  it('runs the lottery vendor unless HOUSE_LOTTERY_ENABLED is false, its own feed written to the platform', async () => {
    await start('127.0.0.1', { HOUSE_LOTTERY_ENABLED: 'false' });
    expect(started.at(-1)!.lottery).toBeNull();
    expect((started.at(-1) as EmbeddedHouse).lotteryVendor).toBeNull();
    await start('127.0.0.1');
    const house = started.at(-1) as EmbeddedHouse;
    expect(house.lottery).not.toBeNull();
    const db = platform.test.database.handle.db;
    const [games] = await query<{ count: unknown }>(
      db,
      sql`SELECT count(*) AS count FROM games g JOIN game_vendors v ON v.id = g.vendor_id
          WHERE v.code = 'PARLAY_LOTTERY' AND g.game_type = 'LOTT'`,
    );
    expect(Number(games!.count)).toBe(LOTTERY_LISTED_CODES.length);
    // Its first pass scheduled the draws ahead, seed hashes public; none drawn yet.
    const [draws] = await query<{ count: unknown }>(
      db,
      sql`SELECT count(*) AS count FROM house.lottery_draws WHERE game_code = 'FAST1' AND result IS NULL`,
    );
    expect(Number(draws!.count)).toBeGreaterThanOrEqual(3);
    // Its public results, at the address the platform's lottery calls read them (decision 0070).
    expect(house.lotteryVendor?.vendorCode).toBe('PARLAY_LOTTERY');
    const results = await fetch(`${house.lotteryVendor!.apiUrl}/results?gameCode=KENO`);
    expect(await results.json()).toEqual({ success: true, value: [] });
  });
});

describe(loadHouseEnv.name, () => {
  it('refuses framing origins that are not origins, and names the variable', () => {
    for (const value of ['', 'brand.example', 'https://brand.example/game', "'self' https://brand.example", '*']) {
      expect(() => loadHouseEnv({ HOUSE_FRAME_ANCESTORS: value }), value).toThrow(/HOUSE_FRAME_ANCESTORS: must be/);
    }
    expect(
      loadHouseEnv({ HOUSE_FRAME_ANCESTORS: 'http://localhost:8080 https://[::1]:8443' }).HOUSE_FRAME_ANCESTORS,
    ).toEqual(['http://localhost:8080', 'https://[::1]:8443']);
  });

  it('refuses a public address the platform would refuse in the feed (plain http off this machine, other schemes)', () => {
    for (const value of ['http://games.example.com', 'javascript:alert(1)', 'ftp://games.example.com']) {
      expect(() => loadHouseEnv({ HOUSE_PUBLIC_URL: value }), value).toThrow(/HOUSE_PUBLIC_URL/);
    }
    expect(loadHouseEnv({ HOUSE_PUBLIC_URL: 'https://games.example.com' }).HOUSE_PUBLIC_URL).toBe(
      'https://games.example.com',
    );
  });
});
