import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { merchantDomains, merchants } from '../../db/schema/index';
import { demoBrandConfig, demoSite, demoWhitelabel } from '../../db/seed';
import {
  callWallet,
  createFundedPlayer,
  TEST_VENDOR_SECRET,
  testVendorFeed,
} from '../../modules/seamless-wallet/seamless-wallet.fixtures';
import { createTestApp, type TestApp } from '../../test/app';
import type { AdminContext } from '../command';
import { runAdmin } from '../run';
import { adminCommands } from './index';

let t: TestApp;
let context: AdminContext;
let folder: string;
const games = (...args: string[]) => runAdmin(adminCommands, context, ['games', ...args]);

/**
 * The server's clock: the real one plus the time the tests moved it on, never back, or standing still at
 * `frozenAt`. A running server looks at the catalogue's version every 2 s (catalogue-cache.ts): the tests move
 * the clock past that check instead of waiting it out.
 */
const realNow = Date.now.bind(Date);
let movedMs = 0;
let frozenAt: number | null = null;
vi.spyOn(Date, 'now').mockImplementation(() => frozenAt ?? realNow() + movedMs);

/** Moves the clock past the catalogue cache's version check: the next read sees the catalogue as it now is. */
function passVersionCheck(): void {
  movedMs += 2_001;
}

beforeAll(async () => {
  t = await createTestApp();
  context = { db: t.app.db, defaultMerchantCode: 'parlay' };
  folder = mkdtempSync(path.join(os.tmpdir(), 'parlay-feed-'));
}, 180_000);
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t?.close();
}, 60_000);

/** Writes `content` (an object is written as JSON) to a file of the test's folder and answers its path. */
function feedFile(name: string, content: unknown): string {
  const file = path.join(folder, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

/** The names of the vendor's games the demo brand lists, in its order. */
async function listedNames(vassalage: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/wps/relay/GCSGAME_gameList?merchant=parlay&vassalage=${vassalage}&pageNo=1&pageSize=24`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: { games: { gameName: string }[] } }>().value.games.map((game) => game.gameName);
}

async function countRows(table: 'game_vendors' | 'games'): Promise<number> {
  const rows: unknown = await t.app.db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`));
  return Number((rows as { rows: { n: unknown }[] }).rows[0]?.n);
}

/** Whether the platform takes a wallet call of `vendor` signed with `secret` past its signature check. */
async function acceptsSignature(vendor: string, secret: string): Promise<boolean> {
  const answer = await callWallet(
    t.app,
    'balance',
    { requestId: `sig-${Math.random()}`, playerId: 'nobody', currency: 'KRW', sessionToken: 'none' },
    { vendorCode: vendor, secret },
  );
  return answer.body.code !== 'VENDOR_SIGNATURE_INVALID';
}

describe('games import', () => {
  it('adds a new vendor with its games for every brand, and shows its wallet secret once', async () => {
    const result = await games('import', feedFile('new.json', testVendorFeed('FEEDV', 2)));
    expect(result.exitCode, result.output).toBe(0);
    const [added, secretLine] = result.output.split('\n');
    expect(added).toBe('Added vendor FEEDV with 2 games; every brand offers them.');
    const secret = /it is not shown again\): (\S+)$/.exec(secretLine ?? '')?.[1];
    expect(secret).toMatch(/^\S{32,}$/);
    expect(await listedNames('FEEDV')).toEqual(['Test Game 1', 'Test Game 2']);
    expect(await acceptsSignature('FEEDV', secret!)).toBe(true);
    expect(await acceptsSignature('FEEDV', 'some-other-secret-0123456789abcdef')).toBe(false);

    // The same vendor again: its games change, its secret stays and is not shown.
    const feed = testVendorFeed('FEEDV', 2);
    feed.games[1]!.gameName = 'Renamed Game';
    const again = await games('import', feedFile('again.json', feed));
    expect(again).toEqual({ exitCode: 0, output: 'Updated vendor FEEDV with 2 games; every brand offers them.' });
    // A running server looks at the catalogue's version every 2 s: the import shows there from then on.
    passVersionCheck();
    expect(await listedNames('FEEDV')).toEqual(['Test Game 1', 'Renamed Game']);
    expect(await acceptsSignature('FEEDV', secret!)).toBe(true);
  });

  it('replaces the wallet secret with --secret', async () => {
    // The server's clock stands still, then moves on: a running server reads a vendor again 10 s after it last read
    // it, and the old secret counts until then.
    const start = Date.now();
    frozenAt = start;
    try {
      const chosen = 'operator-chosen-secret-0123456789abcdef';
      const result = await games('import', feedFile('secret.json', testVendorFeed('FEEDS', 1)), '--secret', chosen);
      expect(result.exitCode, result.output).toBe(0);
      expect(result.output).not.toContain(chosen);
      expect(await acceptsSignature('FEEDS', chosen)).toBe(true);

      const replaced = 'operator-replaced-secret-0123456789abcdef';
      expect(
        (await games('import', feedFile('secret.json', testVendorFeed('FEEDS', 1)), '--secret', replaced)).exitCode,
      ).toBe(0);
      expect(await acceptsSignature('FEEDS', chosen)).toBe(true);
      expect(await acceptsSignature('FEEDS', replaced)).toBe(false);
      frozenAt = start + 10_001;
      expect(await acceptsSignature('FEEDS', replaced)).toBe(true);
      expect(await acceptsSignature('FEEDS', chosen)).toBe(false);
    } finally {
      movedMs += 10_001;
      frozenAt = null;
    }
  });

  it('refuses a file that is not JSON, or a feed the contract refuses, with the reason, and changes nothing', async () => {
    const before = [await countRows('game_vendors'), await countRows('games')];

    const notJson = await games('import', feedFile('broken.json', '{"vendor": '));
    expect(notJson.exitCode).toBe(1);
    expect(notJson.output).toMatch(/^cannot read .*broken\.json as JSON: /);

    const feed = testVendorFeed('FEEDX', 2) as unknown as { games: Record<string, unknown>[] };
    feed.games[1]!['gameType'] = 'BINGO';
    const refused = await games('import', feedFile('refused.json', feed));
    expect(refused.exitCode).toBe(1);
    expect(refused.output.split('\n')[0]).toMatch(/^GAME_FEED_INVALID: /);
    expect(refused.output).toContain('games.1.gameType');

    const missing = await games('import', path.join(folder, 'no-such-feed.json'));
    expect(missing.exitCode).toBe(1);
    expect(missing.output).toMatch(/^cannot read .*no-such-feed\.json as JSON: /);

    expect([await countRows('game_vendors'), await countRows('games')]).toEqual(before);
    expect(await listedNames('FEEDX')).toEqual([]);
  });

  it('asks for one feed file', async () => {
    const result = await games('import');
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('give one feed file');
    expect(result.output).toContain('games import <feed.json> [--secret WALLET_SECRET]');
  });
});

describe('games offer', () => {
  const OTHER_HOST = 'offer-other.example';

  /** The names of a vendor's games a brand lists (the demo brand, or the other brand by its host), in order. */
  async function listed(vassalage: string, host?: string): Promise<string[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/wps/relay/GCSGAME_gameList?vassalage=${vassalage}&pageNo=1&pageSize=24`,
      ...(host ? { headers: { host } } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ value: { games: { gameName: string }[] } }>().value.games.map((game) => game.gameName);
  }

  async function hotNames(vassalage: string): Promise<string[]> {
    const response = await t.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_hotGamesV2?vassalage=${vassalage}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ value: { list: { gameName: string }[] } }>().value.list.map((game) => game.gameName);
  }

  /** The vendors of the demo brand's lane of `gameType`, in order. */
  async function laneVendors(gameType: string): Promise<string[]> {
    const response = await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameVendor' });
    const lanes = response.json<{ value: { data: { lanes: { title: string; cards: { vassalage: string }[] }[] } } }>()
      .value.data.lanes;
    return lanes.find((lane) => lane.title === gameType)?.cards.map((card) => card.vassalage) ?? [];
  }

  /** The feed of vendor `code`: four RNG games (Test Game 1 … 4, in that order; only the first is hot). */
  function rngFeed(code: string) {
    const feed = testVendorFeed(code, 4);
    return {
      vendor: { ...feed.vendor, gameTypes: ['RNG' as const] },
      games: feed.games.map((game) => ({ ...game, gameType: 'RNG' as const, liveClass: undefined })),
    };
  }

  beforeAll(async () => {
    const [other] = await t.app.db
      .insert(merchants)
      .values({
        code: 'offerother',
        name: 'Offer Other',
        currency: 'KRW',
        timeZone: 'Asia/Seoul',
        config: demoBrandConfig,
        site: demoSite,
        whitelabel: demoWhitelabel,
      })
      .returning();
    await t.app.db.insert(merchantDomains).values({ domain: OTHER_HOST, merchantId: other!.id, isRoute: false });
  });

  it("switches a game off for one brand, and the vendor's next feed does not switch it on again", async () => {
    expect((await games('import', feedFile('off.json', rngFeed('OFFA')))).exitCode).toBe(0);
    const off = await games('offer', 'OFFA', 'G2', '--disable');
    expect(off).toEqual({
      exitCode: 0,
      output: `OFFA G2 "Test Game 2": not listed, order 2; the brand's own choice: off (brand parlay)`,
    });
    passVersionCheck();
    expect(await listed('OFFA')).toEqual(['Test Game 1', 'Test Game 3', 'Test Game 4']);
    // The other brand made no choice: it still lists every game.
    expect(await listed('OFFA', OTHER_HOST)).toEqual(['Test Game 1', 'Test Game 2', 'Test Game 3', 'Test Game 4']);

    const renamed = rngFeed('OFFA');
    renamed.games[1]!.gameName = 'Test Game 2 (new)';
    expect((await games('import', feedFile('off-again.json', renamed))).exitCode).toBe(0);
    passVersionCheck();
    expect(await listed('OFFA', OTHER_HOST)).toEqual([
      'Test Game 1',
      'Test Game 2 (new)',
      'Test Game 3',
      'Test Game 4',
    ]);
    expect(await listed('OFFA')).toEqual(['Test Game 1', 'Test Game 3', 'Test Game 4']);

    expect((await games('offer', 'OFFA', 'G2', '--enable')).exitCode).toBe(0);
    passVersionCheck();
    expect(await listed('OFFA')).toEqual(['Test Game 1', 'Test Game 2 (new)', 'Test Game 3', 'Test Game 4']);
    const trail = await t.app.audit.search(
      { allBrands: true, merchantIds: [] },
      { limit: 2, action: 'games.game-offer' },
    );
    expect(trail.items.map((entry) => [entry.targetId, entry.before, entry.after])).toEqual([
      ['OFFA/G2', { enabled: false, hot: null, sortOrder: null }, { enabled: true }],
      ['OFFA/G2', { enabled: null, hot: null, sortOrder: null }, { enabled: false }],
    ]);
  });

  it("follows the feed's hot flags and order on every feed, until the brand chooses its own", async () => {
    expect((await games('import', feedFile('hot.json', rngFeed('HOTA')))).exitCode).toBe(0);
    passVersionCheck();
    expect(await hotNames('HOTA')).toEqual(['Test Game 1']);

    // The vendor moves game 4 first and makes it hot instead of game 1.
    const moved = rngFeed('HOTA');
    moved.games[3]!.sortOrder = 0;
    moved.games[3]!.isHot = true;
    moved.games[0]!.isHot = false;
    expect((await games('import', feedFile('hot-moved.json', moved))).exitCode).toBe(0);
    passVersionCheck();
    expect(await listed('HOTA')).toEqual(['Test Game 4', 'Test Game 1', 'Test Game 2', 'Test Game 3']);
    expect(await hotNames('HOTA')).toEqual(['Test Game 4']);

    // The brand puts game 3 at the end and makes it hot; game 4 is not hot for it.
    expect((await games('offer', 'HOTA', 'G3', '--hot', '--order', '100')).output).toBe(
      `HOTA G3 "Test Game 3": listed, hot, order 100; the brand's own choice: hot, order 100 (brand parlay)`,
    );
    expect((await games('offer', 'HOTA', 'G4', '--not-hot')).exitCode).toBe(0);
    passVersionCheck();
    expect(await hotNames('HOTA')).toEqual(['Test Game 3']);
    expect(await listed('HOTA')).toEqual(['Test Game 4', 'Test Game 1', 'Test Game 2', 'Test Game 3']);

    // The same feed again changes none of the brand's choices.
    expect((await games('import', feedFile('hot-moved.json', moved))).exitCode).toBe(0);
    expect(await hotNames('HOTA')).toEqual(['Test Game 3']);
    expect((await games('offer', 'HOTA')).output.split('\n')).toEqual([
      expect.stringMatching(/^HOTA \(Test vendor HOTA\) for brand parlay: offered, place \d+, vendor active\.$/),
      expect.stringMatching(/^Promotion and tournament credits: none accepted \(cap 0\); /),
      `  G4 "Test Game 4": listed, order 0; the brand's own choice: not hot`,
      '  G1 "Test Game 1": listed, order 1',
      '  G2 "Test Game 2": listed, order 2',
      `  G3 "Test Game 3": listed, hot, order 100; the brand's own choice: hot, order 100`,
    ]);

    // --follow-feed gives game 4 back to the feed, which has it hot.
    expect((await games('offer', 'HOTA', 'G4', '--follow-feed')).output).toBe(
      'HOTA G4 "Test Game 4": listed, hot, order 0 (brand parlay)',
    );
    passVersionCheck();
    expect(await hotNames('HOTA')).toEqual(['Test Game 4', 'Test Game 3']);
  });

  it("takes a vendor off one brand's site and puts it back, and moves it among the brand's vendors", async () => {
    expect((await games('import', feedFile('vendor-a.json', rngFeed('VENA')))).exitCode).toBe(0);
    expect((await games('import', feedFile('vendor-b.json', rngFeed('VENB')))).exitCode).toBe(0);
    passVersionCheck();
    expect(await laneVendors('RNG')).toContain('VENB');
    const lane = await laneVendors('RNG');
    expect(lane.indexOf('VENA')).toBeLessThan(lane.indexOf('VENB'));

    const off = await games('offer', 'VENA', '--disable');
    expect(off.output.split('\n')[0]).toMatch(
      /^VENA \(Test vendor VENA\) for brand parlay: not offered, place \d+, vendor active\.$/,
    );
    expect(off.output).toContain('  G1 "Test Game 1": not listed, hot, order 1');
    passVersionCheck();
    expect(await laneVendors('RNG')).not.toContain('VENA');
    expect(await listed('VENA')).toEqual([]);
    expect(await listed('VENA', OTHER_HOST)).toHaveLength(4);

    expect((await games('offer', 'VENA', '--enable', '--order=-1')).exitCode).toBe(0);
    passVersionCheck();
    expect(await laneVendors('RNG')).toContain('VENA');
    const reordered = await laneVendors('RNG');
    expect(reordered[0]).toBe('VENA');
    expect(await listed('VENA')).toHaveLength(4);
  });

  it('drops a vendor tab whose games the brand has all switched off', async () => {
    const feed = testVendorFeed('TABS', 2); // G1 is RNG, G2 LIVE
    expect((await games('import', feedFile('tabs.json', feed))).exitCode).toBe(0);
    passVersionCheck();
    expect(await laneVendors('LIVE')).toContain('TABS');
    expect((await games('offer', 'TABS', 'G2', '--disable')).exitCode).toBe(0);
    passVersionCheck();
    expect(await laneVendors('LIVE')).not.toContain('TABS');
    expect(await laneVendors('RNG')).toContain('TABS');
  });

  it('refuses what it cannot do, says why, and changes nothing', async () => {
    expect((await games('import', feedFile('refuse.json', rngFeed('REFA')))).exitCode).toBe(0);
    const before = (await games('offer', 'REFA')).output;

    expect(await games('offer', 'NOSUCHVENDOR', 'G1', '--disable')).toEqual({
      exitCode: 1,
      output: 'GAME_VENDOR_NOT_FOUND: The game vendor was not found.',
    });
    expect(await games('offer', 'REFA', 'NOSUCHGAME', '--disable')).toEqual({
      exitCode: 1,
      output: 'GAME_NOT_FOUND: The game was not found.',
    });
    expect((await games('offer', 'REFA', 'G1', '--disable', '--merchant', 'nosuchbrand')).output).toBe(
      'MERCHANT_NOT_FOUND: No brand has this merchant code.',
    );
    const tooFar = await games('offer', 'REFA', 'G1', '--order', '99999999999');
    expect(tooFar.exitCode).toBe(1);
    expect(tooFar.output.split('\n')).toEqual([
      'VALIDATION_FAILED: The request is not valid.',
      expect.stringMatching(/^ {2}sortOrder: /),
    ]);
    for (const [args, reason] of [
      [['REFA', 'G1', '--order', 'first'], '--order is a whole number'],
      [['REFA', 'G1', '--enable', '--disable'], 'say --enable or --disable, not both'],
      [['REFA', 'G1', '--hot', '--not-hot'], 'say --hot or --not-hot, not both'],
      [['REFA', '--hot'], '--hot, --not-hot and --follow-feed are choices over one game: give its code'],
      [[], 'give a vendor code, and a game code at most'],
    ] as const) {
      const refused = await games('offer', ...args);
      expect(refused.exitCode).toBe(1);
      expect(refused.output).toContain(reason);
    }
    expect((await games('offer', 'REFA')).output).toBe(before);
  });

  it("sets a brand's daily cap on a vendor's promotion credits, and lists the day's credits", async () => {
    const imported = await games('import', feedFile('promo.json', rngFeed('PROMA')), '--secret', TEST_VENDOR_SECRET);
    expect(imported.exitCode, imported.output).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    const capped = await games('offer', 'PROMA', '--promo-cap', '5000');
    expect(capped.exitCode, capped.output).toBe(0);
    expect(capped.output.split('\n')[1]).toBe(
      `Promotion and tournament credits: at most 5000 a day; ${today} (Asia/Seoul): 0 paid in 0 credits.`,
    );
    const trail = await t.app.audit.search({ allBrands: true, merchantIds: [] }, { limit: 5, action: 'games.' });
    expect(trail.items[0]).toMatchObject({
      action: 'games.promotion-cap',
      brand: 'parlay',
      targetId: 'PROMA',
      before: { capMinor: 0 },
      after: { capMinor: 5000 },
    });
    const imports = await t.app.audit.search(
      { allBrands: true, merchantIds: [] },
      { limit: 50, action: 'catalogue.import' },
    );
    expect(imports.items.find((entry) => entry.targetId === 'PROMA')).toMatchObject({
      brand: null,
      after: { vendorCreated: true, secretSet: true },
    });
    // The other brand's cap is its own: still none.
    expect((await games('offer', 'PROMA', '--merchant', 'offerother')).output.split('\n')[1]).toMatch(
      /none accepted \(cap 0\)/,
    );

    const member = await createFundedPlayer(t.app, 0);
    const game: unknown = await t.app.db.execute(
      sql`SELECT g.id FROM games g JOIN game_vendors v ON v.id = g.vendor_id WHERE v.code = 'PROMA' AND g.code = 'G1'`,
    );
    const raw = await t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: member.authorization },
      payload: { gameId: Number((game as { rows: { id: unknown }[] }).rows[0]?.id), playMode: 'real' },
    });
    expect(raw.statusCode, raw.body).toBe(200);
    const playerId = new URL(raw.json<{ value: { game_url: string } }>().value.game_url).searchParams.get('playerId');
    const promote = (transactionId: string, amountMinor: number, creditType: string) =>
      callWallet(
        t.app,
        'credit',
        {
          requestId: transactionId,
          transactionId,
          roundId: transactionId,
          playerId,
          currency: 'KRW',
          gameCode: 'G1',
          amountMinor,
          creditType,
        },
        { vendorCode: 'PROMA' },
      );
    expect((await promote('pa-1', 1_200, 'promotion')).status).toBe(200);
    expect((await promote('pa-2', 3_000, 'tournament')).status).toBe(200);
    expect((await promote('pa-3', 801, 'promotion')).body.code).toBe('VENDOR_PROMOTION_CAP_REACHED');

    expect((await games('offer', 'PROMA')).output.split('\n')[1]).toBe(
      `Promotion and tournament credits: at most 5000 a day; ${today} (Asia/Seoul): 4200 paid in 2 credits.`,
    );
    const listed = await games('promotions', 'PROMA');
    expect(listed.exitCode, listed.output).toBe(0);
    expect(listed.output.split('\n')).toEqual([
      `PROMA for brand parlay. Promotion and tournament credits: at most 5000 a day; ${today} (Asia/Seoul): 4200 paid in 2 credits.`,
      expect.stringMatching(
        new RegExp(`^  \\S+Z  ${member.member.account}  promotion  1200 KRW  transaction pa-1  round pa-1$`),
      ),
      expect.stringMatching(
        new RegExp(`^  \\S+Z  ${member.member.account}  tournament  3000 KRW  transaction pa-2  round pa-2$`),
      ),
    ]);
    expect((await games('promotions', 'PROMA', '--limit', '1')).output.split('\n')).toHaveLength(3);
    expect((await games('promotions', 'PROMA', '--day', '2020-01-01')).output).toBe(
      'PROMA for brand parlay. Promotion and tournament credits: at most 5000 a day; 2020-01-01 (Asia/Seoul): 0 paid in 0 credits.',
    );

    expect((await games('offer', 'PROMA', '--promo-cap', '0')).output.split('\n')[1]).toMatch(/none accepted/);
    expect((await promote('pa-4', 1, 'promotion')).body.code).toBe('VENDOR_PROMOTION_CAP_REACHED');
    for (const [args, reason] of [
      [['offer', 'PROMA', '--promo-cap=-5'], '--promo-cap is a whole number of minor units, 0 or more'],
      [['offer', 'PROMA', '--promo-cap', '1.5'], '--promo-cap is a whole number of minor units, 0 or more'],
      [['offer', 'PROMA', 'G1', '--promo-cap', '10'], '--promo-cap is a choice over the vendor: give no game code'],
      [['promotions', 'PROMA', '--day', '2026-02-30'], '--day is a date, YYYY-MM-DD'],
      [['promotions'], 'give one vendor code'],
    ] as const) {
      const refused = await games(...args);
      expect(refused.exitCode).toBe(1);
      expect(refused.output).toContain(reason);
    }
    expect(await games('offer', 'NOSUCHVENDOR', '--promo-cap', '10')).toEqual({
      exitCode: 1,
      output: 'GAME_VENDOR_NOT_FOUND: The game vendor was not found.',
    });
    expect((await games('promotions', 'NOSUCHVENDOR')).output).toBe(
      'GAME_VENDOR_NOT_FOUND: The game vendor was not found.',
    );
  });

  it('refuses a feed whose game is of a type its vendor does not declare', async () => {
    const feed = rngFeed('TYPEA');
    const refused = await games(
      'import',
      feedFile('types.json', { ...feed, games: [{ ...feed.games[0], gameType: 'FISH' }] }),
    );
    expect(refused.exitCode).toBe(1);
    expect(refused.output.split('\n')).toEqual([
      'GAME_FEED_INVALID: The catalogue feed is not valid.',
      "  games.0.gameType: FISH is not one of the vendor's gameTypes (RNG)",
    ]);
    expect(await listed('TYPEA')).toEqual([]);
  });
});
