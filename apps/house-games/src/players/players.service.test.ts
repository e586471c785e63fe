import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_CODE } from '../../../server/src/db/seed';
import type { HouseApp } from '../app';
import { query, sql } from '../db/database';
import {
  createFundedMember,
  getPlatformBalance,
  launchGame,
  openHouseSession,
  startHouse,
  startPlatform,
  type Platform,
} from '../test/platform';
import { PlayersService } from './players.service';

let platform: Platform;
let house: HouseApp;

beforeAll(async () => {
  platform = await startPlatform();
  house = await startHouse(platform.url, platform);
});

afterAll(async () => {
  await house?.app.close();
  await platform?.close();
});

interface Envelope<T> {
  success: boolean;
  code?: string;
  message?: string;
  value: T;
}

async function post<T>(url: string, authorization: string, payload: object, language = 'ko') {
  const response = await house.app.inject({ method: 'POST', url, headers: { authorization, language }, payload });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
}

async function sessionCount(): Promise<number> {
  const [row] = await query<{ count: unknown }>(
    platform.test.database.handle.db,
    sql`SELECT count(*) AS count FROM house.sessions`,
  );
  return Number(row!.count);
}

async function platformRounds(memberId: number): Promise<number> {
  const [row] = await query<{ count: unknown }>(
    platform.test.database.handle.db,
    sql`SELECT count(*) AS count FROM game_rounds WHERE member_id = ${memberId}`,
  );
  return Number(row!.count);
}

describe(PlayersService.name, () => {
  describe('openSession', () => {
    it('opens a session for the brand the platform signed and refuses a launch whose brand was edited', async () => {
      const member = await createFundedMember(platform, 10_000);
      const launch = await launchGame(platform, member, 'dice');
      expect(launch.brand).toBe(DEMO_MERCHANT_CODE);
      expect(launch.signature).toMatch(/^[0-9a-f]{64}$/);

      const before = await sessionCount();
      for (const edited of [
        { ...launch, brand: 'OTHER' },
        { ...launch, playerId: String(member.id + 1) },
        { ...launch, signature: launch.signature!.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      ]) {
        const response = await house.app.inject({
          method: 'POST',
          url: '/house/api/sessions',
          headers: { language: 'en' },
          payload: edited,
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({
          success: false,
          code: 'HOUSE_LAUNCH_REFUSED',
          message: 'The game could not be started.',
        });
      }
      const { signature: _signature, ...unsigned } = launch;
      const missing = await house.app.inject({ method: 'POST', url: '/house/api/sessions', payload: unsigned });
      expect(missing.json()).toMatchObject({ success: false, code: 'HOUSE_BAD_REQUEST' });
      expect(await sessionCount()).toBe(before);

      const authorization = await openHouseSession(house, launch);
      const state = await house.app.inject({ method: 'GET', url: '/house/api/state', headers: { authorization } });
      expect(state.json<Envelope<{ limits: unknown }>>().value.limits).toEqual({
        minBetMinor: 100,
        maxBetMinor: 1_000_000,
        maxWinMinor: 100_000_000,
      });
    });
  });

  describe('getBalance', () => {
    it("answers the platform's balance as it is now, including a movement made outside the game", async () => {
      const member = await createFundedMember(platform, 10_000);
      const authorization = await openHouseSession(house, await launchGame(platform, member, 'dice'));
      const balance = async (headers: Record<string, string>) => {
        const response = await house.app.inject({ method: 'GET', url: '/house/api/state', headers });
        return { status: response.statusCode, body: response.json<Envelope<{ balanceMinor: number }>>() };
      };
      expect((await balance({ authorization })).body.value).toMatchObject({ balanceMinor: 10_000 });

      const { app } = platform.test;
      await app.gaming.wallet.adjust(
        {
          merchantCode: DEMO_MERCHANT_CODE,
          account: member.account,
          amountMinor: 2_500,
          reason: 'test top-up',
          idempotencyKey: `top-up-${member.account}`,
        },
        app.merchants,
      );
      expect((await balance({ authorization })).body.value).toMatchObject({ balanceMinor: 12_500 });
      expect(await getPlatformBalance(platform, member.id)).toBe(12_500);

      const refused = await balance({ authorization: 'Bearer not-a-session', language: 'en' });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ success: false, code: 'HOUSE_SESSION_INVALID' });
    });
  });

  describe('limits', () => {
    it("refuses a stake outside the brand's limits with a translated error and moves nothing", async () => {
      const member = await createFundedMember(platform, 10_000);
      const launch = await launchGame(platform, member, 'dice');
      const authorization = await openHouseSession(house, launch);
      const currency = launch.currency!;
      // The default brand allows 3,000; this brand does not.
      await house.players.setLimits('*', currency, 'dice', {
        minBetMinor: 100,
        maxBetMinor: 100_000,
        maxWinMinor: 10_000_000,
      });
      await house.players.setLimits(DEMO_MERCHANT_CODE, currency, 'dice', {
        minBetMinor: 500,
        maxBetMinor: 2_000,
        maxWinMinor: 1_000_000,
      });
      const bet = { target: 50, direction: 'over' };
      for (const [amountMinor, language, message] of [
        [3_000, 'ko', '베팅 한도를 벗어났습니다.'],
        [400, 'en', 'The stake is outside the bet limits.'],
      ] as const) {
        const refused = await post('/house/api/dice/bet', authorization, { ...bet, amountMinor }, language);
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({
          success: false,
          code: 'HOUSE_BET_OUT_OF_LIMITS',
          message,
          value: { minBetMinor: 500, maxBetMinor: 2_000 },
        });
      }
      expect(await getPlatformBalance(platform, member.id)).toBe(10_000);
      expect(await platformRounds(member.id)).toBe(0);

      const played = await post<{ round: { stakeMinor: number; winMinor: number } }>(
        '/house/api/dice/bet',
        authorization,
        { ...bet, amountMinor: 2_000 },
      );
      expect(played.body.success).toBe(true);
      expect(await getPlatformBalance(platform, member.id)).toBe(10_000 - 2_000 + played.body.value.round.winMinor);
    });

    it("caps a win at the brand's maximum win and pays exactly the cap", async () => {
      const member = await createFundedMember(platform, 100_000);
      const launch = await launchGame(platform, member, 'limbo');
      const authorization = await openHouseSession(house, launch);
      await house.players.setLimits(DEMO_MERCHANT_CODE, launch.currency!, 'limbo', {
        minBetMinor: 100,
        maxBetMinor: 10_000,
        maxWinMinor: 1_005,
      });
      let balance = 100_000;
      let capped = 0;
      // A 1.01× target wins 98 % of rounds: 1,010 uncapped, 1,005 at this brand.
      for (let round = 0; round < 10 && capped === 0; round += 1) {
        const played = await post<{ round: { winMinor: number; outcome: Record<string, unknown> } }>(
          '/house/api/limbo/bet',
          authorization,
          { amountMinor: 1_000, target: 1.01 },
        );
        expect(played.body.success).toBe(true);
        const { winMinor, outcome } = played.body.value.round;
        expect([0, 1_005]).toContain(winMinor);
        if (winMinor > 0) {
          expect(outcome.cappedAtMaxWin).toBe(true);
          capped += 1;
        }
        balance += winMinor - 1_000;
      }
      expect(capped).toBe(1);
      expect(await getPlatformBalance(platform, member.id)).toBe(balance);
    });
  });
});
