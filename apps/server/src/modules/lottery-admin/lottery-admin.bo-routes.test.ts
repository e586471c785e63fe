import { BACKOFFICE_CALLS, callWithParams, ERRORS, type AuditEntry, type BoLotteryGame } from '@parlay/contract';
import { query } from '@parlay/db';
import { findLotterySettings, lotteryGameInfos, migrateHouse } from '@parlay/house-games';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';

type Method = 'GET' | 'PUT' | 'POST';

describe("the lottery's back-office calls (lottery-admin.bo-routes.ts)", () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let readOnly: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp();
    await migrateHouse(t.database.handle);
    await query(
      t.app.db,
      sql`INSERT INTO merchants (code, name, currency, time_zone, config, site, whitelabel)
          SELECT 'other', 'Other', currency, time_zone, config, site, whitelabel FROM merchants WHERE code = 'parlay'`,
    );
    owner = await signInAs(t.app, 'demo-owner');
    admin = await signInAs(t.app, 'demo-admin');
    readOnly = await signInAs(t.app, 'demo-readonly');
    support = await signInAs(t.app, 'demo-support');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
    callBackoffice(t.app, { method, url, cookie, payload });
  const gamesUrl = (brand = 'parlay') => callWithParams(BACKOFFICE_CALLS.lotteryGames, { brand }).path;
  const settingsUrl = (game: string, brand = 'parlay') =>
    callWithParams(BACKOFFICE_CALLS.setLotterySettings, { brand, game }).path;
  const drawsUrl = (game: string, brand = 'parlay') =>
    callWithParams(BACKOFFICE_CALLS.lotteryDraws, { brand, game }).path;
  const auditOf = async (action: string): Promise<AuditEntry[]> =>
    (await t.app.audit.search({ allBrands: true, merchantIds: [] }, { limit: 50, action })).items;
  const gameOf = async (code: string, cookie = readOnly): Promise<BoLotteryGame> =>
    (await call(cookie, 'GET', gamesUrl())).json().value.games.find((game: BoLotteryGame) => game.code === code);
  const settings = { enabled: true, closeSeconds: 20, maxLiabilityMinor: 5_000_000, odds: {} };

  describe("a game's settings", () => {
    it("lists every game with the rules' odds per prize mode and no settings of the brand yet", async () => {
      const response = await call(readOnly, 'GET', gamesUrl());
      expect(response.statusCode, response.body).toBe(200);
      const { currency, games } = response.json().value;
      expect(currency).toBe('KRW');
      expect(games.map((game: BoLotteryGame) => game.code).slice(0, 4)).toEqual(['FAST1', 'FAST3', 'FAST5', 'KENO']);
      expect(games.map((game: BoLotteryGame) => game.code)).toEqual(lotteryGameInfos().map((game) => game.code));
      const fast1 = games[0] as BoLotteryGame;
      expect(fast1).toMatchObject({ family: 'fast', intervalMinutes: 1, defaultCloseSeconds: 10, maxCloseSeconds: 59 });
      expect(fast1.own).toBeNull();
      expect(fast1.fallback).toBeNull();
      expect(fast1.defaultOdds.Lott).toEqual(lotteryGameInfos()[0]!.defaultOdds.Lott);
    });

    it("saves the brand's own settings with the version opened; the vendor bets under them; a stale save is refused", async () => {
      const odds = { Lott: { digit: 950, big_small: 190 } };
      const created = await call(admin, 'PUT', settingsUrl('FAST3'), {
        ...settings,
        odds,
        scope: 'brand',
        version: null,
      });
      expect(created.statusCode, created.body).toBe(200);
      const own = (await gameOf('FAST3')).own!;
      expect(own).toMatchObject({ closeSeconds: 20, maxLiabilityMinor: 5_000_000, enabled: true, version: 0 });
      // A mode's odds are laid over the rules' table: the bet types not named keep theirs.
      const defaults = lotteryGameInfos().find((game) => game.code === 'FAST3')!.defaultOdds.Lott;
      expect(own.odds.Lott).toEqual({ ...defaults, digit: 950, big_small: 190 });
      expect(own.odds.ZY).toBeUndefined();
      const vendor = await findLotterySettings(t.app.db, 'parlay', 'FAST3');
      expect(vendor).toMatchObject({ closeSeconds: 20, maxLiabilityMinor: 5_000_000 });
      expect(vendor.odds.Lott.digit).toBe(950);

      const stale = await call(admin, 'PUT', settingsUrl('FAST3'), { ...settings, scope: 'brand', version: null });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      const changed = await call(admin, 'PUT', settingsUrl('FAST3'), {
        ...settings,
        odds,
        enabled: false,
        maxLiabilityMinor: 7_000_000,
        scope: 'brand',
        version: 0,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await gameOf('FAST3')).own).toMatchObject({ enabled: false, maxLiabilityMinor: 7_000_000, version: 1 });
      const again = await call(admin, 'PUT', settingsUrl('FAST3'), { ...settings, scope: 'brand', version: 0 });
      expect(again.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      expect((await gameOf('FAST3')).own).toMatchObject({ enabled: false, version: 1 });

      const entries = await auditOf('lottery.settings');
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({
        brand: 'parlay',
        targetId: 'parlay/FAST3',
        before: { enabled: true, maxLiabilityMinor: 5_000_000 },
        after: { enabled: false, maxLiabilityMinor: 7_000_000 },
      });
    });

    it('takes one of two saves of the same opening made at once, and refuses the other', async () => {
      const body = { ...settings, scope: 'brand', version: null };
      const answers = await Promise.all([
        call(admin, 'PUT', settingsUrl('FAST5'), { ...body, closeSeconds: 11 }),
        call(admin, 'PUT', settingsUrl('FAST5'), { ...body, closeSeconds: 12 }),
      ]);
      const codes = answers.map((answer) => answer.json().code as string).sort();
      expect(codes).toEqual(['BO_CHANGED_SINCE_OPENED', 'OK']);
      const saved = answers.find((answer) => answer.statusCode === 200)!.json().value.games;
      const own = saved.find((game: BoLotteryGame) => game.code === 'FAST5').own;
      expect(own).toMatchObject({ version: 0 });
      expect((await gameOf('FAST5')).own).toEqual(own);
    });

    it('refuses bad input with the rule, and writes nothing', async () => {
      const cases: [string, unknown, string][] = [
        ['FAST1', { ...settings, closeSeconds: 60 }, 'VALIDATION_FAILED'], // a FAST1 draw is a minute apart
        ['FAST1', { ...settings, maxLiabilityMinor: 0 }, 'VALIDATION_FAILED'],
        ['FAST1', { ...settings, odds: { Lott: { digit: 0 } } }, 'VALIDATION_FAILED'],
        ['FAST1', { ...settings, odds: { Lott: { digit: 12.5 } } }, 'VALIDATION_FAILED'],
        ['FAST1', { ...settings, odds: { Lott: { 'pick5:3': 900 } } }, 'VALIDATION_FAILED'], // a keno bet type
        ['FAST1', { ...settings, odds: { Lotto: { digit: 900 } } }, 'VALIDATION_FAILED'],
        ['FAST1', { ...settings, surprise: true }, 'VALIDATION_FAILED'],
        ['NOPE', settings, 'BO_LOTTERY_GAME_NOT_FOUND'],
      ];
      for (const [game, body, code] of cases) {
        const response = await call(admin, 'PUT', settingsUrl(game), {
          scope: 'brand',
          version: null,
          ...(body as object),
        });
        expect(response.json().code, JSON.stringify(body)).toBe(code);
      }
      expect((await gameOf('FAST1')).own).toBeNull();
    });

    it('leaves the default settings to an operator of every brand, and the brand without its own uses them', async () => {
      const body = { ...settings, closeSeconds: 40, scope: 'default', version: null };
      const refused = await call(admin, 'PUT', settingsUrl('KENO'), body);
      expect(refused.json().code).toBe('BO_PLATFORM_ONLY');
      const set = await call(owner, 'PUT', settingsUrl('KENO'), body);
      expect(set.statusCode, set.body).toBe(200);
      expect(await gameOf('KENO')).toMatchObject({ own: null, fallback: { closeSeconds: 40, version: 0 } });
      expect((await findLotterySettings(t.app.db, 'other', 'KENO')).closeSeconds).toBe(40);
      const entries = await auditOf('lottery.settings');
      expect(entries[0]).toMatchObject({ targetId: '*/KENO', brand: null });
    });

    it('refuses an operator without the games permissions, a write without games.write, and a brand it may not act on', async () => {
      expect((await call(support, 'GET', gamesUrl())).json().code).toBe('BO_PERMISSION_DENIED');
      const readOnlyWrite = await call(readOnly, 'PUT', settingsUrl('FAST5'), {
        ...settings,
        scope: 'brand',
        version: null,
      });
      expect(readOnlyWrite.json().code).toBe('BO_PERMISSION_DENIED');
      // demo-admin acts on the demo brand only.
      const elsewhere = await call(admin, 'PUT', settingsUrl('FAST5', 'other'), {
        ...settings,
        scope: 'brand',
        version: null,
      });
      expect(elsewhere.json().code).toBe('BO_BRAND_DENIED');
      expect((await call(admin, 'GET', drawsUrl('FAST5', 'other'))).json().code).toBe('BO_BRAND_DENIED');
    });
  });

  describe("a game's draws", () => {
    const minute = 60_000;
    const base = Date.parse('2026-11-29T00:00:00.000Z');

    /** Five FAST1 draws a minute apart, the last two still to come; slips of two brands on the first three. */
    beforeAll(async () => {
      const drawIds: number[] = [];
      for (let index = 1; index <= 5; index += 1) {
        const drawsAt = base + index * minute;
        const drawn = index <= 3;
        const rows = await query<{ id: number }>(
          t.app.db,
          sql`INSERT INTO house.lottery_draws
                (game_code, draw_no, opens_at, closes_at, draws_at, seed_hash, seed, result, status, drawn_at)
              VALUES ('FAST1', ${`20261129-${String(index).padStart(4, '0')}`},
                      ${new Date(drawsAt - 70_000).toISOString()}, ${new Date(drawsAt - 10_000).toISOString()},
                      ${new Date(drawsAt).toISOString()}, ${`hash-${index}`}, ${`seed-${index}`},
                      ${drawn ? JSON.stringify({ digits: [index, 2, 3, 4, 5] }) : null}::jsonb,
                      ${drawn ? 'settled' : 'open'}, ${drawn ? new Date(drawsAt).toISOString() : null})
              RETURNING id`,
        );
        drawIds.push(Number(rows[0]!.id));
      }
      const players = await query<{ id: number }>(
        t.app.db,
        sql`INSERT INTO house.players (player_id, currency, server_seed, server_seed_hash, client_seed)
            VALUES ('p1', 'KRW', 's', 'h', 'c') RETURNING id`,
      );
      const player = Number(players[0]!.id);
      const slip = (drawId: number, brand: string, stake: number, payout: number | null, status: string, n: number) =>
        query(
          t.app.db,
          sql`INSERT INTO house.lottery_slips (slip_id, draw_id, game_code, player_ref, player_id, platform_token, brand,
                                               currency, prize_mode, bets, stake_minor, payout_minor, status)
              VALUES (${`ls-${n}`}, ${drawId}, 'FAST1', ${player}, 'p1', 'tok', ${brand}, 'KRW', 'Lott', '[]'::jsonb,
                      ${stake}, ${payout}, ${status})`,
        );
      await slip(drawIds[0]!, 'parlay', 1_000, 9_500, 'settled', 1);
      await slip(drawIds[0]!, 'parlay', 2_000, 0, 'settled', 2);
      await slip(drawIds[0]!, 'parlay', 5_000, null, 'cancelled', 3); // refused: never taken
      await slip(drawIds[0]!, 'other', 7_000, 0, 'settled', 4);
      await slip(drawIds[2]!, 'parlay', 3_000, null, 'placed', 5);
    });

    it("pages the draws newest first, the seed hidden until drawn, with the brand's figures", async () => {
      const first = await call(readOnly, 'GET', `${drawsUrl('FAST1')}?limit=2`);
      expect(first.statusCode, first.body).toBe(200);
      const page = first.json().value;
      expect(page.currency).toBe('KRW');
      expect(page.items.map((draw: { drawNo: string }) => draw.drawNo)).toEqual(['20261129-0005', '20261129-0004']);
      expect(page.items[0]).toMatchObject({ status: 'open', seedHash: 'hash-5', seed: null, result: null, slips: 0 });

      const second = (await call(readOnly, 'GET', `${drawsUrl('FAST1')}?limit=2&cursor=${page.nextCursor}`)).json()
        .value;
      expect(second.items.map((draw: { drawNo: string }) => draw.drawNo)).toEqual(['20261129-0003', '20261129-0002']);
      expect(second.items[0]).toMatchObject({
        seed: 'seed-3',
        result: { digits: [3, 2, 3, 4, 5] },
        slips: 1,
        openSlips: 1,
        stakeMinor: 3_000,
        payoutMinor: 0,
      });
      const third = (await call(readOnly, 'GET', `${drawsUrl('FAST1')}?limit=2&cursor=${second.nextCursor}`)).json()
        .value;
      expect(third.nextCursor).toBeNull();
      // The other brand's slip and the refused one are not this brand's figures.
      expect(third.items[0]).toMatchObject({
        drawNo: '20261129-0001',
        seed: 'seed-1',
        slips: 2,
        openSlips: 0,
        stakeMinor: 3_000,
        payoutMinor: 9_500,
        ggrMinor: -6_500,
      });
      expect((await call(owner, 'GET', drawsUrl('FAST1', 'other'))).json().value.items.at(-1)).toMatchObject({
        slips: 1,
        stakeMinor: 7_000,
        ggrMinor: 7_000,
      });
    });

    it('refuses a cursor not of this list and an unknown game', async () => {
      expect((await call(readOnly, 'GET', `${drawsUrl('FAST1')}?cursor=abc`)).json().code).toBe('VALIDATION_FAILED');
      expect((await call(readOnly, 'GET', drawsUrl('FAST9'))).json().code).toBe('BO_LOTTERY_GAME_NOT_FOUND');
      expect((await call(readOnly, 'GET', drawsUrl('KENO'))).json().value).toMatchObject({
        items: [],
        nextCursor: null,
      });
    });
  });

  describe('voiding a draw', () => {
    const voidUrl = (game: string, drawNo: string) =>
      callWithParams(BACKOFFICE_CALLS.voidLotteryDraw, { brand: 'parlay', game, drawNo }).path;

    it('voids a draw not paid yet with a reason, once, audited; an operator of one brand may not', async () => {
      const refused = await call(admin, 'POST', voidUrl('FAST1', '20261129-0005'), { reason: 'feed outage' });
      expect(refused.json().code).toBe('BO_PLATFORM_ONLY');
      expect((await call(owner, 'POST', voidUrl('FAST1', '20261129-0005'), { reason: '  ' })).json().code).toBe(
        'VALIDATION_FAILED',
      );
      const voided = await call(owner, 'POST', voidUrl('FAST1', '20261129-0005'), { reason: 'feed outage' });
      expect(voided.statusCode, voided.body).toBe(200);
      expect(voided.json().value).toEqual({ gameCode: 'FAST1', drawNo: '20261129-0005', voided: true, refunds: 0 });
      const again = await call(owner, 'POST', voidUrl('FAST1', '20261129-0005'), { reason: 'feed outage' });
      expect(again.json().value).toMatchObject({ voided: false });
      const draws = (await call(readOnly, 'GET', drawsUrl('FAST1'))).json().value.items;
      expect(draws[0]).toMatchObject({ drawNo: '20261129-0005', status: 'void', voidReason: 'feed outage' });
      // A paid draw stands; an unknown one is said so.
      expect((await call(owner, 'POST', voidUrl('FAST1', '20261129-0001'), { reason: 'x' })).json().code).toBe(
        'BO_LOTTERY_DRAW_PAID',
      );
      expect((await call(owner, 'POST', voidUrl('FAST1', '20261129-0999'), { reason: 'x' })).json().code).toBe(
        'BO_LOTTERY_DRAW_NOT_FOUND',
      );
      const entries = await auditOf('lottery.draw.void');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ targetId: 'FAST1/20261129-0005', after: { reason: 'feed outage' } });
    });
  });

  describe("a regional draw's result", () => {
    const drawNo = '20261128-0001';
    const enterUrl = callWithParams(BACKOFFICE_CALLS.enterVnResult, { brand: 'parlay', game: 'VN_MB', drawNo }).path;
    const confirmUrl = callWithParams(BACKOFFICE_CALLS.confirmVnResult, {
      brand: 'parlay',
      game: 'VN_MB',
      drawNo,
    }).path;
    const awaitingUrl = callWithParams(BACKOFFICE_CALLS.vnDrawsAwaiting, { brand: 'parlay' }).path;
    const digits = (count: number, length: number, seed: number) =>
      Array.from({ length: count }, (_, index) =>
        String((seed * 7919 + index * 104_729) % 10 ** length).padStart(length, '0'),
      );
    // The north's 27 numbers, special prize first.
    const prizes = {
      special: digits(1, 5, 1),
      first: digits(1, 5, 2),
      second: digits(2, 5, 3),
      third: digits(6, 5, 4),
      fourth: digits(4, 4, 5),
      fifth: digits(6, 4, 6),
      sixth: digits(3, 3, 7),
      seventh: digits(4, 2, 8),
    };

    beforeAll(async () => {
      // The north's draw of 28 November at 18:15 in Vietnam: past, its result not entered yet.
      await query(
        t.app.db,
        sql`INSERT INTO house.lottery_draws (game_code, draw_no, opens_at, closes_at, draws_at, status)
            VALUES ('VN_MB', ${drawNo}, '2026-11-27T11:15:00Z', '2026-11-28T11:00:00Z', '2026-11-28T11:15:00Z', 'closed')`,
      );
    });

    it('is entered by one operator and confirmed by another, each audited; then published', async () => {
      const awaiting = (await call(readOnly, 'GET', awaitingUrl)).json().value.items;
      expect(awaiting).toEqual([
        expect.objectContaining({ gameCode: 'VN_MB', drawNo, region: 'north', date: '2026-11-28', entry: null }),
      ]);
      const short = await call(admin, 'PUT', enterUrl, { prizes: { ...prizes, seventh: ['12'] } });
      expect(short.json().code).toBe('BO_LOTTERY_VN_RESULT_INVALID');
      const entered = await call(admin, 'PUT', enterUrl, { prizes });
      expect(entered.statusCode, entered.body).toBe(200);
      const entry = entered.json().value.items[0].entry;
      expect(entry).toMatchObject({ prizes, enteredByYou: true, version: 1 });

      expect((await call(admin, 'POST', confirmUrl, { version: 1 })).json().code).toBe('BO_LOTTERY_VN_SAME_OPERATOR');
      expect((await call(owner, 'POST', confirmUrl, { version: 9 })).json().code).toBe('BO_LOTTERY_VN_ENTRY_CHANGED');
      expect((await call(readOnly, 'POST', confirmUrl, { version: 1 })).json().code).toBe('BO_PERMISSION_DENIED');
      const confirmed = await call(owner, 'POST', confirmUrl, { version: 1 });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().value.items).toEqual([]);

      const draw = (await call(readOnly, 'GET', drawsUrl('VN_MB'))).json().value.items[0];
      expect(draw).toMatchObject({ drawNo, status: 'drawn', seedHash: null, seed: null, result: { prizes } });
      expect((await call(admin, 'PUT', enterUrl, { prizes })).json().code).toBe('BO_LOTTERY_DRAW_NOT_FOUND');
      expect((await auditOf('lottery.vn.enter')).map((each) => each.targetId)).toEqual([`VN_MB/${drawNo}`]);
      expect(await auditOf('lottery.vn.confirm')).toHaveLength(1);
    });
  });

  describe("a SEA 4D draw's result", () => {
    const drawNo = '20261128-0001';
    const urls = (game: string) => ({
      enter: callWithParams(BACKOFFICE_CALLS.enterSeaResult, { brand: 'parlay', game, drawNo }).path,
      confirm: callWithParams(BACKOFFICE_CALLS.confirmSeaResult, { brand: 'parlay', game, drawNo }).path,
    });
    const { enter: enterUrl, confirm: confirmUrl } = urls('MAGNUM4D');
    const awaitingUrl = callWithParams(BACKOFFICE_CALLS.seaDrawsAwaiting, { brand: 'parlay' }).path;
    const fourDigits = (count: number, seed: number) =>
      Array.from({ length: count }, (_, index) => String((seed * 7919 + index * 104_729) % 10_000).padStart(4, '0'));
    // Magnum's 23 numbers; a number may come twice (the draws are independent).
    const prizes = {
      first: ['0427'],
      second: ['8120'],
      third: ['0427'],
      special: fourDigits(10, 1),
      consolation: fourDigits(10, 2),
    };
    const vendorEntry = () =>
      query<{ n: number }>(
        t.app.db,
        sql`SELECT count(*)::int AS n FROM house.lottery_vn_entries e
            JOIN house.lottery_draws d ON d.id = e.draw_id WHERE d.game_code = 'MAGNUM4D'`,
      );

    beforeAll(async () => {
      // Magnum's draw of Saturday 28 November at 19:00 in Kuala Lumpur (11:00 UTC): past, its result not entered.
      await query(
        t.app.db,
        sql`INSERT INTO house.lottery_draws (game_code, draw_no, opens_at, closes_at, draws_at, status)
            VALUES ('MAGNUM4D', ${drawNo}, '2026-11-25T11:00:00Z', '2026-11-28T10:30:00Z', '2026-11-28T11:00:00Z', 'closed')`,
      );
    });

    it('refuses a malformed result with the tier the checker names, and stores nothing', async () => {
      const cases: [unknown, string, object | undefined][] = [
        [
          { ...prizes, special: prizes.special.slice(1) },
          'BO_LOTTERY_VN_RESULT_INVALID',
          { code: 'PRIZE_COUNT', tier: 'special' },
        ],
        [
          { ...prizes, consolation: [...prizes.consolation.slice(1), '123'] },
          'BO_LOTTERY_VN_RESULT_INVALID',
          { code: 'PRIZE_DIGITS', tier: 'consolation', index: 9 },
        ],
        [{ first: prizes.first }, 'BO_LOTTERY_VN_RESULT_INVALID', { code: 'PRIZE_COUNT', tier: 'second' }],
        [{ ...prizes, first: ['12a4'] }, 'BO_LOTTERY_VN_RESULT_INVALID', { code: 'PRIZE_DIGITS', tier: 'first' }],
        [{ ...prizes, seventh: ['12'] }, 'VALIDATION_FAILED', undefined], // a Vietnamese tier
        [{ ...prizes, first: ['12345'] }, 'VALIDATION_FAILED', undefined],
      ];
      for (const [body, code, detail] of cases) {
        const response = await call(admin, 'PUT', enterUrl, { prizes: body });
        expect(response.json().code, JSON.stringify(body)).toBe(code);
        if (detail) {
          expect(response.statusCode).toBe(422);
          expect(response.json().value).toMatchObject(detail);
          // The back office's words, in the operator's language (Korean unless asked otherwise).
          expect(response.json().message).toBe(ERRORS.BO_LOTTERY_VN_RESULT_INVALID.ko);
        }
      }
      expect((await vendorEntry())[0]!.n).toBe(0);
      expect(await auditOf('lottery.sea.enter')).toHaveLength(0);
      // Not a SEA game; a SEA game without such a draw.
      expect((await call(admin, 'PUT', urls('FAST1').enter, { prizes })).json().code).toBe('BO_LOTTERY_NOT_SEA_GAME');
      expect((await call(admin, 'PUT', urls('SG4D').enter, { prizes })).json().code).toBe('BO_LOTTERY_DRAW_NOT_FOUND');
      expect((await call(readOnly, 'PUT', enterUrl, { prizes })).json().code).toBe('BO_PERMISSION_DENIED');
    });

    it('is entered by one operator and confirmed by another, each audited; then published', async () => {
      const awaiting = (await call(readOnly, 'GET', awaitingUrl)).json().value.items;
      expect(awaiting).toEqual([
        {
          gameCode: 'MAGNUM4D',
          drawNo,
          operator: 'MAGNUM',
          date: '2026-11-28',
          drawsAt: '2026-11-28T11:00:00.000Z',
          entry: null,
        },
      ]);
      const entered = await call(admin, 'PUT', enterUrl, { prizes });
      expect(entered.statusCode, entered.body).toBe(200);
      expect(entered.json().value.items[0].entry).toMatchObject({ prizes, enteredByYou: true, version: 1 });
      // The Vietnamese draws' list never shows a SEA draw.
      const vnUrl = callWithParams(BACKOFFICE_CALLS.vnDrawsAwaiting, { brand: 'parlay' }).path;
      expect((await call(readOnly, 'GET', vnUrl)).json().value.items).toEqual([]);
      // The other operator sees it entered by someone else.
      const seen = (await call(owner, 'GET', awaitingUrl)).json().value.items[0].entry;
      expect(seen).toMatchObject({ prizes, enteredByYou: false, version: 1 });

      expect((await call(admin, 'POST', confirmUrl, { version: 1 })).json().code).toBe('BO_LOTTERY_VN_SAME_OPERATOR');
      expect((await call(owner, 'POST', confirmUrl, { version: 9 })).json().code).toBe('BO_LOTTERY_VN_ENTRY_CHANGED');
      expect((await call(readOnly, 'POST', confirmUrl, { version: 1 })).json().code).toBe('BO_PERMISSION_DENIED');
      expect((await call(readOnly, 'GET', drawsUrl('MAGNUM4D'))).json().value.items[0].status).toBe('closed');
      const confirmed = await call(owner, 'POST', confirmUrl, { version: 1 });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().value.items).toEqual([]);

      const draw = (await call(readOnly, 'GET', drawsUrl('MAGNUM4D'))).json().value.items[0];
      expect(draw).toMatchObject({ drawNo, status: 'drawn', seedHash: null, seed: null, result: { prizes } });
      expect((await call(admin, 'PUT', enterUrl, { prizes })).json().code).toBe('BO_LOTTERY_DRAW_NOT_FOUND');
      expect((await auditOf('lottery.sea.enter')).map((each) => each.targetId)).toEqual([`MAGNUM4D/${drawNo}`]);
      expect(await auditOf('lottery.sea.confirm')).toEqual([
        expect.objectContaining({ targetId: `MAGNUM4D/${drawNo}`, after: { prizes } }),
      ]);
    });
  });
});
