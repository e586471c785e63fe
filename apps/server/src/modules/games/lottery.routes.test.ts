import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { GAME_CALLS, type CatalogueFeed } from '@parlay/contract';
import { vnDateAt, vnDrawsOn } from '@parlay/fairness';
import {
  buildHouseApp,
  defaultHouseConfig,
  lotteryCatalogueFeed,
  LOTTERY_VENDOR_CODE,
  migrateHouse,
  type HouseApp,
  type HouseConfig,
} from '@parlay/house-games';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { signInTestMember } from '../../test/members';
import { callWallet, installTestVendor, TEST_VENDOR_SECRET } from '../seamless-wallet/seamless-wallet.fixtures';
import { vnRegionOf } from './lottery.service';

// The platform's lottery calls (docs/product/calls.md#lottery) over a real catalogue, real rounds played through the
// seamless wallet, and the real lottery vendor (apps/house-games) listening on a port of its own, read over HTTP.

type LotteryClock = NonNullable<NonNullable<HouseConfig['lottery']>['clock']>;

/** The draw loop's time, moved only by the test; its timers never fire (the test runs the loop's passes). */
class TestClock implements LotteryClock {
  constructor(public time: number) {}
  now = () => this.time;
  setTimeout = () => null;
  clearTimeout = () => undefined;
  setInterval = () => null;
  clearInterval = () => undefined;
}

const LOTTERY_SECRET = 'lottery-routes-test-secret-0123456789';
/** One second past a five-minute beat: every game's next draws are whole minutes after it. */
const START = Date.UTC(2026, 10, 20, 10, 0, 1);

/** A lottery vendor of the kind the VN menu reads: its games' codes name their region or company. */
const VN_FEED: CatalogueFeed = {
  vendor: {
    code: 'LOTTV',
    name: 'Test VN lottery',
    gameTypes: ['LOTT', 'ELOTT'],
    smallIcon: '',
    launchUrl: 'https://lottv.vendor.test/launch',
    status: 'active',
    isHot: false,
  },
  games: [
    { code: 'VN_MB', gameName: 'Miền Bắc', gameType: 'LOTT' as const, sortOrder: 1 },
    { code: 'VN_HCM', gameName: 'TP. Hồ Chí Minh', gameType: 'LOTT' as const, sortOrder: 2 },
    { code: 'VN_DNA', gameName: 'Đà Nẵng', gameType: 'LOTT' as const, sortOrder: 3 },
    { code: 'VN_LOTTO', gameName: 'VN Lottery', gameType: 'LOTT' as const, sortOrder: 4 },
    { code: 'SEA_X', gameName: 'SEA', gameType: 'ELOTT' as const, sortOrder: 5 },
  ].map((game) => ({
    ...game,
    showIcon: '',
    supportPlay: 1 as const,
    defaultPlayType: '',
    isGame: '',
    isHot: false,
    status: 'active' as const,
  })),
};

interface Envelope<T> {
  success: boolean;
  code: string;
  value: T;
}
interface Listed {
  code: string;
  vassalage: string;
}

let t: TestApp;
let house: HouseApp;
let clock: TestClock;
let vendorApiUrl: string;
const OTHER_HOST = 'lottery-other.test';
const CLI = { kind: 'cli', osUser: 'test' } as const;

async function brandId(code: string): Promise<number> {
  const brand = await t.app.merchants.findByCode(code);
  if (!brand) throw new Error(`no brand ${code}`);
  return brand.id;
}

async function get<T>(url: string, options: { authorization?: string; host?: string } = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(options.authorization ? { authorization: options.authorization } : {}),
      ...(options.host ? { host: options.host } : {}),
      'accept-language': 'en',
    },
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
}

async function gameIdOf(vendorCode: string, code: string): Promise<number> {
  const rows = await query<{ id: unknown }>(
    t.app.db,
    sql`SELECT g.id FROM games g JOIN game_vendors v ON v.id = g.vendor_id WHERE v.code = ${vendorCode} AND g.code = ${code}`,
  );
  if (!rows[0]) throw new Error(`no game ${vendorCode}/${code}`);
  return Number(rows[0].id);
}

/** A round of `gameCode` played by the member through the seamless wallet: launched, debited, credited. */
async function playRound(player: { authorization: string }, vendorCode: string, gameCode: string, host?: string) {
  const launched = await t.app.inject({
    method: 'POST',
    url: GAME_CALLS.launchGame.path,
    headers: { authorization: player.authorization, ...(host ? { host } : {}) },
    payload: { gameId: await gameIdOf(vendorCode, gameCode) },
  });
  expect(launched.statusCode, launched.body).toBe(200);
  const url = new URL(launched.json<Envelope<{ game_url: string }>>().value.game_url);
  const base = {
    playerId: url.searchParams.get('playerId'),
    currency: url.searchParams.get('currency'),
    gameCode,
    sessionToken: url.searchParams.get('sessionToken'),
    roundId: `r-${randomBytes(6).toString('hex')}`,
  };
  const id = () => randomBytes(8).toString('hex');
  const debit = await callWallet(
    t.app,
    'debit',
    { ...base, requestId: id(), transactionId: id(), amountMinor: 100 },
    { vendorCode },
  );
  expect(debit.body.success, JSON.stringify(debit.body)).toBe(true);
  const credit = await callWallet(
    t.app,
    'credit',
    { ...base, requestId: id(), transactionId: id(), amountMinor: 0 },
    { vendorCode },
  );
  expect(credit.body.success, JSON.stringify(credit.body)).toBe(true);
}

async function fundedPlayer(merchantCode?: string) {
  const player = await signInTestMember(t.app, merchantCode ? { merchantCode } : {});
  await t.app.gaming.wallet.adjust(
    {
      merchantCode: player.member.merchantCode,
      account: player.member.account,
      amountMinor: 100_000,
      reason: 'test funds',
      idempotencyKey: `fund-${player.member.account}`,
    },
    t.app.merchants,
  );
  return player;
}

beforeAll(async () => {
  t = await createTestApp();
  // A second brand before the feeds, so that they are offered to it too.
  await createTestBrand(t.app.db, 'LOTTERY_OTHER', OTHER_HOST);
  await installTestVendor(t.app);
  await t.app.gaming.catalogueSync.writeFeed(VN_FEED, { walletSecret: TEST_VENDOR_SECRET });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const platformUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The lottery vendor as the embedded start runs it: its feed, its own secret, its API on a port of its own.
  await migrateHouse(t.database.handle);
  clock = new TestClock(START);
  house = await buildHouseApp(
    defaultHouseConfig({
      database: t.database.handle,
      walletBaseUrl: platformUrl,
      vendorSecret: 'house-routes-test-secret-0123456789',
      logLevel: 'silent',
      lottery: { vendorCode: LOTTERY_VENDOR_CODE, vendorSecret: LOTTERY_SECRET, clock, drawsAhead: 3 },
    }),
  );
  await t.app.gaming.catalogueSync.writeFeed(
    lotteryCatalogueFeed({ publicUrl: 'http://localhost', basePath: '/house' }),
    { walletSecret: LOTTERY_SECRET },
  );
  await house.app.listen({ port: 0, host: '127.0.0.1' });
  vendorApiUrl = `http://127.0.0.1:${(house.app.server.address() as AddressInfo).port}/house/lottery/api`;
  // Three draws of each game scheduled, then 16 minutes on: every one of them drawn.
  await house.lottery!.draws.tick();
  clock.time += 16 * 60_000;
  await house.lottery!.draws.tick();
  await house.lottery!.draws.tick();
}, 180_000);

afterAll(async () => {
  await house?.app.close();
  await t?.close();
}, 60_000);

describe('GET /lgw/vn/games/game_menu', () => {
  it("lists the brand's VN games by region with today's draws, leaving out a game of no region", async () => {
    const menu = await get<{
      date: string;
      list: {
        region: string;
        drawAt: string;
        draws: { province: string }[];
        games: (Listed & { gameClassify: string | null })[];
      }[];
    }>(GAME_CALLS.vnGameMenu.path);
    expect(menu.status).toBe(200);
    const date = vnDateAt(new Date());
    expect(menu.body.value.date).toBe(date);
    // The test vendor's games by the region their code names; the lottery vendor's own VN games, one a company, by
    // their classification.
    const ofVendor = (vendor: string) =>
      menu.body.value.list.map((region) => [
        region.region,
        region.games.filter((game) => game.vassalage === vendor).map((game) => game.code),
      ]);
    expect(ofVendor('LOTTV')).toEqual([
      ['north', ['VN_MB']],
      ['central', ['VN_DNA']],
      ['south', ['VN_HCM']],
    ]);
    const ours = Object.fromEntries(ofVendor(LOTTERY_VENDOR_CODE)) as Record<string, string[]>;
    expect(ours['north']).toEqual(['VN_MB']);
    expect(ours['central']).toContain('VN_MT_DNA');
    expect(ours['south']).toContain('VN_MN_HCM');
    expect(ours['central']!.length + ours['south']!.length).toBe(35);
    for (const region of menu.body.value.list) {
      for (const game of region.games) expect(vnRegionOf(game), game.code).toBe(region.region);
      expect(
        region.games.every((game) => game.code.startsWith('VN_')),
        region.region,
      ).toBe(true);
    }
    for (const region of menu.body.value.list) {
      const today = vnDrawsOn(region.region as 'north', date);
      expect(region.draws.map((draw) => draw.province)).toEqual(today.map((draw) => draw.province));
      expect(region.drawAt).toBe(today[0]!.drawAt.toISOString());
    }
  });

  it('answers an empty list to a brand with no VN games', async () => {
    // The other brand stops offering the lottery vendors (an operator's choice, brand-offers.service.ts).
    const other = await brandId('LOTTERY_OTHER');
    const offer = (vendor: string, enabled: boolean) =>
      t.app.gaming.brandOffers.chooseBrandVendor(CLI, other, vendor, { enabled });
    await offer('LOTTV', false);
    await offer(LOTTERY_VENDOR_CODE, false);
    const menu = await get<{ list: unknown[] }>(GAME_CALLS.vnGameMenu.path, { host: OTHER_HOST });
    expect(menu.status).toBe(200);
    expect(menu.body.value.list).toEqual([]);
    await offer('LOTTV', true);
    await offer(LOTTERY_VENDOR_CODE, true);
  });

  it("reads a game's region from its classification, its region's name or its company", () => {
    expect(vnRegionOf({ code: 'VN_NORTH', gameClassify: null })).toBe('north');
    expect(vnRegionOf({ code: 'VN_XSMT_1', gameClassify: null })).toBe('central');
    expect(vnRegionOf({ code: 'VN_ANY', gameClassify: 'south' })).toBe('south');
    expect(vnRegionOf({ code: 'VN_CT', gameClassify: null })).toBe('south');
    expect(vnRegionOf({ code: 'VN_LOTTO', gameClassify: null })).toBeNull();
  });
});

describe('GET /lgw/games/popular and /lgw/vn/games/game_menu/recent', () => {
  let first: Awaited<ReturnType<typeof fundedPlayer>>;

  beforeAll(async () => {
    first = await fundedPlayer();
    const second = await fundedPlayer();
    const elsewhere = await fundedPlayer('LOTTERY_OTHER');
    await playRound(first, 'LOTTV', 'VN_MB');
    await playRound(first, 'LOTTV', 'VN_MB');
    await playRound(first, 'LOTTV', 'VN_HCM');
    // A slot round is not a lottery round.
    await playRound(first, 'TESTV', 'G1');
    await playRound(second, 'LOTTV', 'VN_MB');
    await playRound(second, 'LOTTV', 'SEA_X');
    await playRound(second, 'LOTTV', 'VN_HCM');
    // Another brand's rounds count for that brand only.
    for (let round = 0; round < 4; round++) await playRound(elsewhere, 'LOTTV', 'SEA_X', OTHER_HOST);
  }, 120_000);

  it("answers the brand's most played lottery games, at most count, to a visitor", async () => {
    const popular = await get<{ list: (Listed & { rounds: number })[] }>(GAME_CALLS.popularLottery.path);
    expect(popular.status).toBe(200);
    expect(popular.body.value.list.map((game) => [game.code, game.rounds])).toEqual([
      ['VN_MB', 3],
      ['VN_HCM', 2],
      ['SEA_X', 1],
    ]);
    const two = await get<{ list: Listed[] }>(`${GAME_CALLS.popularLottery.path}?count=1`);
    expect(two.body.value.list.map((game) => game.code)).toEqual(['VN_MB']);
    const other = await get<{ list: (Listed & { rounds: number })[] }>(GAME_CALLS.popularLottery.path, {
      host: OTHER_HOST,
    });
    expect(other.body.value.list.map((game) => [game.code, game.rounds])).toEqual([['SEA_X', 4]]);
  });

  it('refuses a count out of range', async () => {
    for (const count of ['0', '101', 'x']) {
      const refused = await get(`${GAME_CALLS.popularLottery.path}?count=${count}`);
      expect([refused.status, refused.body.code], count).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it("answers the member's lottery games, last played first, and refuses a visitor", async () => {
    const recent = await get<{ list: (Listed & { lastPlayedAt: string })[] }>(GAME_CALLS.vnGameMenuRecent.path, {
      authorization: first.authorization,
    });
    expect(recent.status).toBe(200);
    expect(recent.body.value.list.map((game) => game.code)).toEqual(['VN_HCM', 'VN_MB']);
    expect(Date.parse(recent.body.value.list[0]!.lastPlayedAt)).toBeGreaterThanOrEqual(
      Date.parse(recent.body.value.list[1]!.lastPlayedAt),
    );
    const visitor = await get(GAME_CALLS.vnGameMenuRecent.path);
    expect([visitor.status, visitor.body.code]).toEqual([401, 'NOT_LOGGED_IN']);
    // A token is its brand's: on another brand's site it is no member's.
    const elsewhere = await get(GAME_CALLS.vnGameMenuRecent.path, {
      authorization: first.authorization,
      host: OTHER_HOST,
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([401, 'NOT_LOGGED_IN']);
  });
});

describe('GET /lgw/vn/numeros/opened/game and /lotto/lgw/games/opened/numero', () => {
  interface Opened {
    gameCode: string;
    vassalage: string;
    drawNo: string;
    numbers: string[];
    drawnAt: string;
  }

  beforeAll(() => {
    t.app.gaming.lottery.useVendor({ vendorCode: LOTTERY_VENDOR_CODE, apiUrl: vendorApiUrl });
  });

  it("answers the vendor's latest results over HTTP, newest first, at most count", async () => {
    const all = await get<{ list: Opened[] }>(GAME_CALLS.openedNumbers.path);
    expect(all.status).toBe(200);
    // Three draws of each of the four games.
    expect(all.body.value.list).toHaveLength(12);
    const times = all.body.value.list.map((draw) => draw.drawnAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(all.body.value.list.map((draw) => draw.vassalage))).toEqual(new Set([LOTTERY_VENDOR_CODE]));
    // The numbers are the vendor's own, as its public results answer them.
    const published = await house.app.inject({ method: 'GET', url: '/house/lottery/api/results?gameCode=KENO' });
    const keno = published.json<Envelope<{ drawNo: string; result: { numbers: number[] } }[]>>().value;
    expect(keno).toHaveLength(3);
    for (const draw of keno) {
      const answered = all.body.value.list.find((entry) => entry.gameCode === 'KENO' && entry.drawNo === draw.drawNo);
      expect(answered?.numbers).toEqual(draw.result.numbers.map(String));
    }

    const five = await get<{ list: Opened[] }>(`${GAME_CALLS.openedNumbers.path}?count=5`);
    expect(five.body.value.list).toEqual(all.body.value.list.slice(0, 5));
    const fast1 = await get<{ list: Opened[] }>(`${GAME_CALLS.openedNumbers.path}?gameCode=FAST1`);
    expect(fast1.body.value.list.map((draw) => draw.gameCode)).toEqual(['FAST1', 'FAST1', 'FAST1']);
    for (const count of ['0', '501']) {
      const refused = await get(`${GAME_CALLS.openedNumbers.path}?count=${count}`);
      expect([refused.status, refused.body.code], count).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it("answers a member the same results of the member's brand, and refuses a visitor", async () => {
    const member = await signInTestMember(t.app);
    const visitor = await get(GAME_CALLS.memberOpenedNumbers.path);
    expect([visitor.status, visitor.body.code]).toEqual([401, 'NOT_LOGGED_IN']);
    const mine = await get<{ list: Opened[] }>(`${GAME_CALLS.memberOpenedNumbers.path}?count=4`, {
      authorization: member.authorization,
    });
    const open = await get<{ list: Opened[] }>(`${GAME_CALLS.openedNumbers.path}?count=4`);
    expect(mine.status).toBe(200);
    expect(mine.body.value.list).toEqual(open.body.value.list);
    // A brand that does not offer the lottery vendor's games has no results of them.
    await t.app.gaming.brandOffers.chooseBrandVendor(CLI, await brandId('LOTTERY_OTHER'), LOTTERY_VENDOR_CODE, {
      enabled: false,
    });
    const elsewhere = await get<{ list: Opened[] }>(GAME_CALLS.openedNumbers.path, { host: OTHER_HOST });
    expect(elsewhere.body.value.list).toEqual([]);
  });

  it('says the results are unavailable when the vendor cannot be read, or none is configured', async () => {
    const { lottery } = t.app.gaming;
    const configured = lottery.vendor;
    try {
      lottery.useVendor({ vendorCode: LOTTERY_VENDOR_CODE, apiUrl: 'http://127.0.0.1:9/house/lottery/api' });
      const down = await get(GAME_CALLS.openedNumbers.path);
      expect([down.status, down.body.code]).toEqual([503, 'GAME_LOTTERY_RESULTS_UNAVAILABLE']);
      lottery.useVendor(null);
      const none = await get(GAME_CALLS.openedNumbers.path);
      expect([none.status, none.body.code]).toEqual([503, 'GAME_LOTTERY_RESULTS_UNAVAILABLE']);
    } finally {
      lottery.useVendor(configured);
    }
  });
});

describe('the lottery launch (/lottery?gameCode&playType)', () => {
  it("opens the named game in the page's prize mode and view at the lottery vendor", async () => {
    const player = await fundedPlayer();
    const launched = await t.app.inject({
      method: 'POST',
      url: GAME_CALLS.launchGame.path,
      headers: { authorization: player.authorization },
      payload: {
        gameCode: 'FAST3',
        vassalage: LOTTERY_VENDOR_CODE,
        launchMode: 'LOTT',
        lottoArea: 'VN',
        prizeMode: 'ZY',
        lottoView: 'lobby',
        device: 'WEB',
      },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const url = new URL(launched.json<Envelope<{ game_url: string }>>().value.game_url);
    expect(url.pathname).toBe('/house/lottery/play');
    const launch = Object.fromEntries(url.searchParams);
    expect(launch).toMatchObject({ gameCode: 'FAST3', prizeMode: 'ZY', lottoView: 'lobby', lottoArea: 'VN' });
    // The vendor's page opens its session with the launch's parameters: signed, so the vendor takes them.
    const opened = await house.app.inject({ method: 'POST', url: '/house/lottery/api/sessions', payload: launch });
    expect(opened.json<Envelope<{ gameCode: string; prizeMode: string }>>()).toMatchObject({
      success: true,
      value: { gameCode: 'FAST3', prizeMode: 'ZY' },
    });
    // A prize mode changed on the way is not the platform's launch.
    const altered = await house.app.inject({
      method: 'POST',
      url: '/house/lottery/api/sessions',
      payload: { ...launch, prizeMode: 'SEA' },
    });
    expect(altered.json<Envelope<unknown>>().success).toBe(false);
  });
});
