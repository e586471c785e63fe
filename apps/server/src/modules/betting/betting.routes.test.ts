import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_CODE } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/app';
import {
  callWallet,
  createFundedPlayer,
  installTestVendor,
  launchFor,
} from '../seamless-wallet/seamless-wallet.fixtures';
import { BettingService, BOARD_TTL_MS } from './betting.service';

describe(BettingService.name, () => {
  let t: TestApp;
  let authorization: string;
  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
    ({ authorization } = await createFundedPlayer(t.app, 1_000));
    const launch = await launchFor(t.app, authorization);
    for (const round of ['bet-r1', 'bet-r2']) {
      await callWallet(t.app, 'debit', {
        playerId: launch.playerId,
        currency: 'KRW',
        requestId: `${round}-debit`,
        sessionToken: launch.sessionToken,
        transactionId: `${round}-d`,
        roundId: round,
        gameCode: 'G1',
        amountMinor: 10,
      });
    }
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization, language: 'EN' } });
    return { status: response.statusCode, body: response.json() };
  };

  describe('GET /wps/member/betting/records', () => {
    it('pages by the cursor it answered', async () => {
      const first = await get('/wps/member/betting/records?pageSize=1');
      expect(first.body.value.list.map((record: { roundId: string }) => record.roundId)).toEqual(['bet-r2']);
      const next = await get(`/wps/member/betting/records?pageSize=1&cursor=${first.body.value.nextCursor}`);
      expect(next.body.value.list.map((record: { roundId: string }) => record.roundId)).toEqual(['bet-r1']);
    });

    it("names each round's vendor by its code and by the name players know it by", async () => {
      const { body } = await get('/wps/member/betting/records?pageSize=1');
      expect(body.value.list[0]).toMatchObject({ vassalage: 'TESTV', vendorName: 'Test vendor TESTV' });
      const detail = await get('/wps/member/betting/records/TESTV/bet-r2');
      expect(detail.body.value).toMatchObject({ vassalage: 'TESTV', vendorName: 'Test vendor TESTV' });
    });

    it('refuses a cursor it never answered instead of reading a number off its start', async () => {
      for (const cursor of ['1zz!!', '1.5', '12-ab', '%201', 'A1']) {
        const { status, body } = await get(`/wps/member/betting/records?cursor=${cursor}`);
        expect({ cursor, status, code: body.code }).toEqual({ cursor, status: 400, code: 'GAME_CURSOR_INVALID' });
        expect(body.message).toBe('The page cursor is not valid.');
      }
    });

    it('refuses a NUL character in the vendor filter with 400, not a database error', async () => {
      const { status, body } = await get('/wps/member/betting/records?vassalage=TES%00TV');
      expect({ status, code: body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    });
  });

  describe('GET /wps/member/betting/records/:vassalage/:roundId', () => {
    it('refuses a NUL character in the vendor or the round with 400, not a database error', async () => {
      for (const path of ['TESTV/bet%00r1', 'TES%00TV/bet-r1']) {
        const { status, body } = await get(`/wps/member/betting/records/${path}`);
        expect({ path, status, code: body.code }).toEqual({ path, status: 400, code: 'VALIDATION_FAILED' });
      }
      expect((await get('/wps/member/betting/records/TESTV/bet-r1')).status).toBe(200);
    });
  });

  describe('winner board', () => {
    it('reads a brand board once per TTL: a bigger win shows once the board it was read into is old', async () => {
      let now = 1_000_000;
      const betting = new BettingService(t.app.db, { clock: { now: () => now } });
      const merchant = await t.app.merchants.findByCode(DEMO_MERCHANT_CODE);
      const board = () => betting.findBiggestWins(merchant!.id, { hours: 24, limit: 5 });
      const { authorization: winner } = await createFundedPlayer(t.app, 1_000);
      const launch = await launchFor(t.app, winner);
      const win = async (roundId: string, amountMinor: number) => {
        const base = { playerId: launch.playerId, currency: 'KRW', gameCode: 'G1', roundId };
        await callWallet(t.app, 'debit', {
          ...base,
          requestId: `${roundId}-d`,
          sessionToken: launch.sessionToken,
          transactionId: `${roundId}-d`,
          amountMinor: 10,
        });
        await callWallet(t.app, 'credit', {
          ...base,
          requestId: `${roundId}-c`,
          transactionId: `${roundId}-c`,
          amountMinor,
        });
      };

      await win('board-r1', 5_000);
      const [first] = await board();
      expect(first).toMatchObject({ winMinor: 5_000, currency: 'KRW', gameName: 'Test Game 1' });
      // Visitors asking together share one read, and until the TTL passes they get the board as read.
      await win('board-r2', 9_000);
      const together = await Promise.all([board(), board(), board()]);
      expect(together.map((list) => list[0]?.winMinor)).toEqual([5_000, 5_000, 5_000]);
      now += BOARD_TTL_MS + 1;
      expect((await board())[0]?.winMinor).toBe(9_000);
    });

    it('lists wins only, payout above stake, each with its multiplier', async () => {
      const betting = new BettingService(t.app.db);
      const merchant = await t.app.merchants.findByCode(DEMO_MERCHANT_CODE);
      const { authorization } = await createFundedPlayer(t.app, 10_000);
      const launch = await launchFor(t.app, authorization);
      const round = async (roundId: string, stakeMinor: number, paidMinor: number) => {
        const base = { playerId: launch.playerId, currency: 'KRW', gameCode: 'G1', roundId };
        await callWallet(t.app, 'debit', {
          ...base,
          requestId: `${roundId}-d`,
          sessionToken: launch.sessionToken,
          transactionId: `${roundId}-d`,
          amountMinor: stakeMinor,
        });
        await callWallet(t.app, 'credit', {
          ...base,
          requestId: `${roundId}-c`,
          transactionId: `${roundId}-c`,
          amountMinor: paidMinor,
        });
      };
      // Paid back 7,700 of an 8,000 stake: the biggest payout of the brand here, and a net loss all the same.
      await round('wins-loss', 8_000, 7_700);
      await round('wins-win', 300, 1_000);
      const list = await betting.findBiggestWins(merchant!.id, { hours: 24, limit: 50 });
      expect(list.some((entry) => entry.winMinor === 7_700)).toBe(false);
      expect(list.every((entry) => entry.winMinor > entry.stakeMinor)).toBe(true);
      expect(list).toContainEqual(expect.objectContaining({ winMinor: 1_000, stakeMinor: 300, multiplier: 3.33 }));
    });

    it('leaves out the wins of a game players cannot open now, and lists them again once it opens', async () => {
      const merchant = await t.app.merchants.findByCode(DEMO_MERCHANT_CODE);
      const { authorization } = await createFundedPlayer(t.app, 10_000);
      const launch = await launchFor(t.app, authorization);
      const base = { playerId: launch.playerId, currency: 'KRW', gameCode: 'G2', roundId: 'closed-win' };
      await callWallet(t.app, 'debit', {
        ...base,
        requestId: 'closed-win-d',
        sessionToken: launch.sessionToken,
        transactionId: 'closed-win-d',
        amountMinor: 10,
      });
      await callWallet(t.app, 'credit', {
        ...base,
        requestId: 'closed-win-c',
        transactionId: 'closed-win-c',
        amountMinor: 77_777,
      });
      const listed = async () =>
        (await new BettingService(t.app.db).findBiggestWins(merchant!.id, { hours: 24, limit: 50 })).some(
          (entry) => entry.winMinor === 77_777,
        );
      expect(await listed()).toBe(true);
      await t.app.db.execute(sql`UPDATE games SET status = 'maintenance' WHERE code = 'G2'`);
      expect(await listed()).toBe(false);
      await t.app.db.execute(sql`UPDATE games SET status = 'active' WHERE code = 'G2'`);
      await t.app.db.execute(
        sql`UPDATE game_vendors SET status = 'maintenance' WHERE id = (SELECT vendor_id FROM games WHERE code = 'G2')`,
      );
      expect(await listed()).toBe(false);
      await t.app.db.execute(
        sql`UPDATE game_vendors SET status = 'active' WHERE id = (SELECT vendor_id FROM games WHERE code = 'G2')`,
      );
      expect(await listed()).toBe(true);
    });
  });
});
