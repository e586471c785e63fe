import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { callWallet, createFundedPlayer, installTestVendor, launchFor } from '../vendor/vendor.fixtures';
import { BettingService } from './betting.service';

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
});
