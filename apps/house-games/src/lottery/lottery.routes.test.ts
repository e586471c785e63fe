import { vnRules, type LotteryBet } from '@parlay/fairness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HouseApp } from '../app';
import { createFundedMember, getPlatformBalance, startPlatform, type Platform } from '../test/platform';
import { vnDrawDate } from './lottery-games';
import { confirmVnResult, enterVnResult, sandboxVnResultsFeed } from './lottery-vn';
import { ManualClock, openLotterySession, registerLottery, startLotteryHouse } from './lottery.test-support';
import type { DrawView, SlipView } from './lottery.service';

// The lottery frame's API as the page calls it (lottery.routes.ts): the games with what the regional board is drawn
// from, and the player's slips a page at a time. Against the real platform, as lottery.service.test.ts.

interface Envelope<T> {
  success: boolean;
  code?: string;
  value: T;
}
interface GameView {
  gameCode: string;
  family: string;
  region: string | null;
  bets: { betType: string; count: number; digits: number | null }[];
  odds: Record<string, number>;
  nextDraw: (DrawView & { closesAt: string }) | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Monday 30 November 2026, 15:00 in Vietnam: before the day's regional draws. */
const A_MONDAY = Date.parse('2026-11-30T08:00:00Z');

let platform: Platform;
let nextWeek = 1;
const houses: HouseApp[] = [];

beforeAll(async () => {
  platform = await startPlatform();
  await registerLottery(platform);
});

afterEach(async () => {
  for (const house of houses.splice(0)) await house.app.close();
});

afterAll(async () => {
  await platform?.close();
});

async function lotteryHouse(): Promise<{ house: HouseApp; clock: ManualClock }> {
  const clock = new ManualClock(A_MONDAY + nextWeek * 7 * DAY_MS);
  nextWeek += 1;
  const house = await startLotteryHouse(platform, clock);
  houses.push(house);
  await house.lottery!.draws.tick();
  return { house, clock };
}

async function call<T>(house: HouseApp, auth: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await house.app.inject({
    method,
    url: `/house/lottery/api${url}`,
    headers: { authorization: auth, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return response.json<Envelope<T>>();
}

async function northernGame(house: HouseApp, auth: string): Promise<GameView> {
  const games = await call<{ games: GameView[] }>(house, auth, 'GET', '/games');
  expect(games.success).toBe(true);
  return games.value.games.find((game) => game.gameCode === 'VN_MB')!;
}

async function place(house: HouseApp, auth: string, drawNo: string, bets: LotteryBet[]): Promise<SlipView> {
  const placed = await call<{ slip: SlipView }>(house, auth, 'POST', '/slips', { gameCode: 'VN_MB', drawNo, bets });
  expect(placed.success, placed.code).toBe(true);
  return placed.value.slip;
}

describe('GET games', () => {
  it("describes a Vietnamese game's bet types (count and digits), its region and the odds the board shows", async () => {
    const { house } = await lotteryHouse();
    const auth = await openLotterySession(platform, house, await createFundedMember(platform, 10_000), 'VN_MB');
    const game = await northernGame(house, auth);
    expect(game).toMatchObject({ family: 'vn', region: 'north' });
    expect(game.bets).toContainEqual({ betType: 'lo2_mb', count: 1, digits: 2 });
    expect(game.bets).toContainEqual({ betType: 'de3', count: 1, digits: 3 });
    expect(game.bets).toContainEqual({ betType: 'xien4_mb', count: 4, digits: 2 });
    for (const shape of game.bets) expect(game.odds[shape.betType], shape.betType).toBeGreaterThan(0);
  });
});

describe('GET slips', () => {
  it("pages the player's slips newest first after the last one shown, a limit of at most 50", async () => {
    const { house } = await lotteryHouse();
    const member = await createFundedMember(platform, 1_000_000);
    const auth = await openLotterySession(platform, house, member, 'VN_MB');
    const draw = (await northernGame(house, auth)).nextDraw!;
    const placed: string[] = [];
    for (let n = 0; n < 7; n += 1)
      placed.push(
        (await place(house, auth, draw.drawNo, [{ betType: 'lo2_mb', selection: [`1${n}`], stakeMinor: 1_000 }]))
          .slipId,
      );
    const newestFirst = [...placed].reverse();

    const ids = (slips: SlipView[]) => slips.map((slip) => slip.slipId);
    const page = async (query: string) => {
      const answer = await call<SlipView[]>(house, auth, 'GET', `/slips?gameCode=VN_MB&${query}`);
      expect(answer.success, answer.code).toBe(true);
      return answer.value;
    };
    // A page of 3, then the next after its last, to the end: each slip once, newest first.
    const first = await page('limit=3');
    const second = await page(`limit=3&before=${first.at(-1)!.slipId}`);
    const third = await page(`limit=3&before=${second.at(-1)!.slipId}`);
    expect([ids(first), ids(second), ids(third)]).toEqual([
      newestFirst.slice(0, 3),
      newestFirst.slice(3, 6),
      newestFirst.slice(6),
    ]);
    expect(await page(`limit=3&before=${third.at(-1)!.slipId}`)).toEqual([]);
    // Without a limit, the default page (20): all seven; with the status, the same open ones.
    expect(ids(await page(''))).toEqual(newestFirst);
    expect(ids(await page('status=open&limit=2'))).toEqual(newestFirst.slice(0, 2));
    expect(await page('status=settled')).toEqual([]);

    // Another player's slip is no cursor into these: an empty page.
    const other = await openLotterySession(platform, house, await createFundedMember(platform, 100_000), 'VN_MB');
    const theirs = await place(house, other, draw.drawNo, [{ betType: 'de', selection: ['00'], stakeMinor: 1_000 }]);
    expect(await page(`before=${theirs.slipId}`)).toEqual([]);
    // A limit past 50, or under 1, is refused.
    for (const limit of ['51', '0', 'x']) {
      const refused = await call<unknown>(house, auth, 'GET', `/slips?limit=${limit}`);
      expect(refused, limit).toMatchObject({ success: false, code: 'HOUSE_BAD_REQUEST' });
    }
  });

  it('shows a lô and a đề on the northern draw settled and paid once two operators publish its result', async () => {
    const { house, clock } = await lotteryHouse();
    const member = await createFundedMember(platform, 100_000);
    const auth = await openLotterySession(platform, house, member, 'VN_MB');
    const draw = (await northernGame(house, auth)).nextDraw!;
    const result = (await sandboxVnResultsFeed.fetchResult({
      region: 'north',
      province: 'MB',
      date: vnDrawDate(draw.drawNo),
    }))!;
    const lo = result.prizes.third![2]!.slice(-2);
    const bets: LotteryBet[] = [
      { betType: 'lo2_mb', selection: [lo], stakeMinor: 2_000 },
      { betType: 'de', selection: [result.prizes.special![0]!.slice(-2)], stakeMinor: 1_000 },
    ];
    const slip = await place(house, auth, draw.drawNo, bets);
    expect(slip).toMatchObject({ status: 'open', payoutMinor: null, stakeMinor: 3_000 });

    clock.time = Date.parse(draw.drawsAt) + 20 * 60_000;
    await house.lottery!.draws.tick();
    const ref = { gameCode: 'VN_MB', drawNo: draw.drawNo, now: clock.time };
    await enterVnResult(platform.test.database.handle.db, { ...ref, result, operatorId: 'op-enter' });
    await confirmVnResult(platform.test.database.handle.db, { ...ref, operatorId: 'op-confirm', version: 1 });
    await house.lottery!.draws.tick();

    const odds = vnRules.defaultOdds('Lott');
    const payout = bets.reduce((sum, bet) => sum + vnRules.settle(bet, result, odds), 0);
    expect(payout).toBeGreaterThan(0);
    const settled = await call<SlipView[]>(house, auth, 'GET', '/slips?gameCode=VN_MB&status=settled');
    expect(settled.value).toHaveLength(1);
    expect(settled.value[0]).toMatchObject({ slipId: slip.slipId, status: 'settled', payoutMinor: payout, result });
    expect(await getPlatformBalance(platform, member.id)).toBe(100_000 - 3_000 + payout);
  });
});
