import { seaRules, type LotteryBet, type SeaResult } from '@parlay/fairness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HouseApp } from '../app';
import { query, sql } from '../db/database';
import { HouseError } from '../errors';
import { createFundedMember, getPlatformBalance, startPlatform, type Platform } from '../test/platform';
import { vnDrawDate } from './lottery-games';
import { confirmSeaResult, enterSeaResult, listSeaDrawsAwaitingResult, sandboxSeaResult } from './lottery-sea';
import * as repository from './lottery.repository';
import type { DrawView, SlipView } from './lottery.service';
import { setLotterySettings } from './lottery-settings';
import {
  ManualClock,
  openLotterySession,
  platformRound,
  registerLottery,
  startLotteryHouse,
} from './lottery.test-support';
import { listLotteryDrawActions } from './lottery-void';
import { enterVnResult, sandboxVnResultsFeed, type VnResultsFeed } from './lottery-vn';

interface Envelope<T> {
  success: boolean;
  code?: string;
  value: T;
}
interface GameView {
  gameCode: string;
  family: string;
  betTypes: string[];
  bets: { betType: string; count: number; digits: number | null }[];
  nextDraw: (DrawView & { closesAt: string }) | null;
}
interface Placed {
  slip: SlipView;
  balanceMinor: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Wednesday 2 December 2026, 16:00 in Kuala Lumpur and Singapore: before the day's 4D draws. */
const A_WEDNESDAY = Date.parse('2026-12-02T08:00:00Z');

let platform: Platform;
/** Each test's draws in a week of their own (draws are global per game). */
let nextWeek = 0;
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

function wednesdayClock(): ManualClock {
  const clock = new ManualClock(A_WEDNESDAY + nextWeek * 7 * DAY_MS);
  nextWeek += 1;
  return clock;
}

async function lotteryHouse(clock: ManualClock, vnFeed?: VnResultsFeed): Promise<HouseApp> {
  const house = await startLotteryHouse(platform, clock, vnFeed ? { lottery: { vnFeed } } : {});
  houses.push(house);
  return house;
}

const db = () => platform.test.database.handle.db;

async function call<T>(house: HouseApp, auth: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await house.app.inject({
    method,
    url: `/house/lottery/api${url}`,
    headers: { authorization: auth, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return response.json<Envelope<T>>();
}

async function gameView(house: HouseApp, auth: string, gameCode: string): Promise<GameView> {
  const games = await call<{ games: GameView[] }>(house, auth, 'GET', '/games');
  return games.value.games.find((entry) => entry.gameCode === gameCode)!;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; value: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HouseError) return { code: error.code, value: error.value };
    throw error;
  }
  throw new Error('not refused');
}

const bet = (betType: string, number: string, stakeMinor: number): LotteryBet => ({
  betType,
  selection: [number],
  stakeMinor,
});

async function drawActions(gameCode: string, drawNo: string) {
  const actions = await listLotteryDrawActions(db(), { gameCode, drawNo });
  return actions.map(({ action, operatorId }) => ({ action, operatorId }));
}

describe('the SEA draws', () => {
  it('are scheduled without a seed, take SEA bets until 30 minutes before, and wait for their result', async () => {
    const clock = wednesdayClock();
    const house = await lotteryHouse(clock);
    await house.lottery!.draws.tick();
    const member = await createFundedMember(platform, 100_000);
    const auth = await openLotterySession(platform, house, member, 'SG4D');
    const game = await gameView(house, auth, 'SG4D');
    expect(game.family).toBe('sea');
    expect(game.betTypes).toEqual(['big', 'small', '4a', 'ibox_big', 'ibox_small', '3a', '3abc']);
    // Described to the board as the Vietnamese bet types are: one number, of four digits or three.
    expect(game.bets).toEqual(
      game.betTypes.map((betType) => ({ betType, count: 1, digits: betType.startsWith('3') ? 3 : 4 })),
    );
    const draw = game.nextDraw!;
    expect(draw.seedHash).toBeNull();
    // 18:30 in Singapore, the Wednesday's draw, closing at 18:00.
    expect(draw.drawNo).toBe(new Date(clock.time).toISOString().slice(0, 10).replaceAll('-', '') + '-0001');
    expect(new Date(draw.drawsAt).toISOString().slice(11, 16)).toBe('10:30');
    expect(Date.parse(draw.drawsAt) - Date.parse(draw.closesAt)).toBe(30 * 60_000);

    const slip = (bets: LotteryBet[]) =>
      call<Placed>(house, auth, 'POST', '/slips', { gameCode: 'SG4D', drawNo: draw.drawNo, bets });
    expect(await slip([bet('lo2_mb', '07', 1_000)])).toMatchObject({ success: false, code: 'LOTTERY_BET_INVALID' });
    expect(await slip([bet('big', '123', 1_000)])).toMatchObject({ success: false, code: 'LOTTERY_BET_INVALID' });
    expect((await slip([bet('big', '1234', 1_000), bet('3a', '234', 500)])).success).toBe(true);
    clock.time = Date.parse(draw.closesAt);
    expect(await slip([bet('big', '5678', 1_000)])).toMatchObject({ success: false, code: 'LOTTERY_DRAW_CLOSED' });

    const ref = { gameCode: 'SG4D', drawNo: draw.drawNo };
    const result = sandboxSeaResult({ operator: 'SG', date: vnDrawDate(draw.drawNo) });
    expect(await refusal(enterSeaResult(db(), { ...ref, result, operatorId: 'op-a', now: clock.time }))).toMatchObject({
      code: 'LOTTERY_VN_NOT_DRAWN_YET',
    });
    clock.time = Date.parse(draw.drawsAt) + 60_000;
    await house.lottery!.draws.tick();
    expect((await repository.findDraw(db(), 'SG4D', draw.drawNo))!).toMatchObject({
      status: 'closed',
      result: null,
      seed: null,
    });
    const awaiting = await listSeaDrawsAwaitingResult(db(), { now: clock.time });
    expect(awaiting).toContainEqual(
      expect.objectContaining({ gameCode: 'SG4D', drawNo: draw.drawNo, operator: 'SG', entry: null }),
    );
    // Each kind's entry takes its own games only.
    expect(
      await refusal(enterVnResult(db(), { ...ref, result: result as never, operatorId: 'op-a', now: clock.time })),
    ).toMatchObject({ code: 'LOTTERY_NOT_VN_GAME' });
    expect(
      await refusal(
        enterSeaResult(db(), { gameCode: 'VN_MB', drawNo: draw.drawNo, result, operatorId: 'op-a', now: clock.time }),
      ),
    ).toMatchObject({ code: 'LOTTERY_NOT_SEA_GAME' });
  });

  it('publish a result only once a second operator confirms it, then settle each slip at seaRules.settle', async () => {
    const clock = wednesdayClock();
    const house = await lotteryHouse(clock);
    await house.lottery!.draws.tick();
    const members = [await createFundedMember(platform, 500_000), await createFundedMember(platform, 500_000)];
    const auths = await Promise.all(members.map((member) => openLotterySession(platform, house, member, 'MAGNUM4D')));
    const draw = (await gameView(house, auths[0]!, 'MAGNUM4D')).nextDraw!;
    const date = vnDrawDate(draw.drawNo);
    const result = sandboxSeaResult({ operator: 'MAGNUM', date });
    const { first, second, third, special, consolation } = result.prizes;
    // An ordering of the first prize that is not itself (a box of it wins; a straight bet on it does not).
    const reordered = [...first[0]!].reverse().join('');
    const never = ['0000', '1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888', '9999'].find(
      (number) => !Object.values(result.prizes).flat().includes(number),
    )!;
    // Winners and losers of every kind.
    const slips: LotteryBet[][] = [
      [bet('big', first[0]!, 100), bet('big', special[3]!, 200), bet('small', second[0]!, 100)],
      [bet('big', consolation[9]!, 300), bet('small', special[0]!, 100), bet('4a', first[0]!, 100)],
      [bet('3a', first[0]!.slice(-3), 100), bet('3abc', third[0]!.slice(-3), 100), bet('big', never, 500)],
    ];
    if (reordered !== first[0] && new Set(first[0]).size > 1) slips.push([bet('ibox_big', reordered, 2_400)]);
    const placed: { member: number; slipId: string; bets: LotteryBet[] }[] = [];
    for (const [index, bets] of slips.entries()) {
      const answer = await call<Placed>(house, auths[index % 2]!, 'POST', '/slips', {
        gameCode: 'MAGNUM4D',
        drawNo: draw.drawNo,
        bets,
      });
      expect(answer.success).toBe(true);
      placed.push({ member: index % 2, slipId: answer.value.slip.slipId, bets });
    }

    clock.time = Date.parse(draw.drawsAt) + 30 * 60_000;
    await house.lottery!.draws.tick();
    const ref = { gameCode: 'MAGNUM4D', drawNo: draw.drawNo, now: clock.time };
    // Typed by hand: "982" for "0982" is refused with where it is, not padded.
    const malformed: SeaResult = { ...result, prizes: { ...result.prizes, third: ['123'] } };
    expect(await refusal(enterSeaResult(db(), { ...ref, result: malformed, operatorId: 'op-a' }))).toEqual({
      code: 'LOTTERY_VN_RESULT_INVALID',
      value: { code: 'PRIZE_DIGITS', tier: 'third', index: 0 },
    });
    // Sports Toto draws the same evening: its result is not Magnum's draw's.
    expect(
      await refusal(enterSeaResult(db(), { ...ref, result: { ...result, operator: 'TOTO' }, operatorId: 'op-a' })),
    ).toEqual({ code: 'LOTTERY_VN_RESULT_MISMATCH', value: { operator: 'MAGNUM', date } });
    expect(await refusal(confirmSeaResult(db(), { ...ref, operatorId: 'op-b' }))).toMatchObject({
      code: 'LOTTERY_VN_NO_ENTRY',
    });

    const entry = await enterSeaResult(db(), { ...ref, result, operatorId: 'op-a' });
    expect(entry).toMatchObject({ enteredBy: 'op-a', version: 1, confirmedBy: null, result });
    await house.lottery!.draws.tick();
    expect((await repository.findDraw(db(), 'MAGNUM4D', draw.drawNo))!).toMatchObject({ status: 'closed' });
    expect(await refusal(confirmSeaResult(db(), { ...ref, operatorId: 'op-a' }))).toMatchObject({
      code: 'LOTTERY_VN_SAME_OPERATOR',
    });
    const retyped: SeaResult = { ...result, prizes: { ...result.prizes, first: [never] } };
    expect(await refusal(confirmSeaResult(db(), { ...ref, operatorId: 'op-b', result: retyped }))).toMatchObject({
      code: 'LOTTERY_VN_ENTRY_CHANGED',
    });
    const published = await confirmSeaResult(db(), { ...ref, operatorId: 'op-b', version: 1, result });
    expect(published).toMatchObject({ status: 'drawn', enteredBy: 'op-a', confirmedBy: 'op-b', result });
    expect(await refusal(enterSeaResult(db(), { ...ref, result, operatorId: 'op-c' }))).toMatchObject({
      code: 'LOTTERY_VN_RESULT_PUBLISHED',
    });

    await house.lottery!.draws.tick();
    expect((await repository.findDraw(db(), 'MAGNUM4D', draw.drawNo))!).toMatchObject({ status: 'settled', result });
    const odds = seaRules.defaultOdds('Lott');
    const expected = [500_000, 500_000];
    let wins = 0;
    let losses = 0;
    for (const slip of placed) {
      const stake = slip.bets.reduce((sum, one) => sum + one.stakeMinor, 0);
      const payouts = slip.bets.map((one) => seaRules.settle(one, result, odds));
      wins += payouts.filter((payout) => payout > 0).length;
      losses += payouts.filter((payout) => payout === 0).length;
      const payout = payouts.reduce((sum, one) => sum + one, 0);
      expected[slip.member]! += payout - stake;
      expect(await platformRound(platform, slip.slipId)).toEqual({ stake, win: payout, status: 'settled' });
    }
    // big, small, 4a, 3a, 3abc and the box won; small on a special prize and the number never drawn lost.
    expect(wins).toBeGreaterThanOrEqual(7);
    expect(losses).toBeGreaterThanOrEqual(2);
    for (const [index, member] of members.entries())
      expect(await getPlatformBalance(platform, member.id)).toBe(expected[index]);
    expect(await drawActions('MAGNUM4D', draw.drawNo)).toEqual([
      { action: 'sea_result_entered', operatorId: 'op-a' },
      { action: 'sea_result_confirmed', operatorId: 'op-b' },
    ]);
    const results = await call<DrawView[]>(house, auths[0]!, 'GET', '/results?gameCode=MAGNUM4D');
    expect(results.value[0]).toMatchObject({ drawNo: draw.drawNo, result, seed: null, seedHash: null });
  });

  it("enter the sandbox feed's results as the feed's, published only on an operator's confirmation", async () => {
    const clock = wednesdayClock();
    const house = await lotteryHouse(clock, sandboxVnResultsFeed);
    await house.lottery!.draws.tick();
    const drawNo = new Date(clock.time).toISOString().slice(0, 10).replaceAll('-', '') + '-0001';
    clock.time = Date.parse(`${vnDrawDate(drawNo)}T11:00:00Z`);
    await house.lottery!.draws.tick();
    const today = (await listSeaDrawsAwaitingResult(db(), { now: clock.time })).filter(
      (draw) => draw.drawNo === drawNo,
    );
    // The four operators' Wednesday draws, each entered by the feed with the sandbox's numbers.
    expect(today.map((draw) => draw.gameCode).sort()).toEqual(['DAMACAI', 'MAGNUM4D', 'SG4D', 'TOTO4D']);
    for (const draw of today) {
      expect(draw.entry).toMatchObject({ enteredBy: 'feed', confirmedBy: null });
      expect(draw.entry!.result).toEqual(sandboxSeaResult({ operator: draw.operator, date: draw.date }));
    }
    await house.lottery!.draws.tick();
    expect((await repository.findDraw(db(), 'TOTO4D', drawNo))!.status).toBe('closed');
    expect(await refusal(confirmSeaResult(db(), { gameCode: 'TOTO4D', drawNo, operatorId: 'feed' }))).toMatchObject({
      code: 'HOUSE_BAD_REQUEST',
    });
    await confirmSeaResult(db(), { gameCode: 'TOTO4D', drawNo, operatorId: 'op-a', now: clock.time });
    await house.lottery!.draws.tick();
    expect((await repository.findDraw(db(), 'TOTO4D', drawNo))!.status).toBe('settled');
    expect(await drawActions('TOTO4D', drawNo)).toEqual([
      { action: 'sea_result_entered', operatorId: 'feed' },
      { action: 'sea_result_confirmed', operatorId: 'op-a' },
    ]);
  });

  it('take 50 slips at once up to the liability of their shared number, and pay each once settled on two instances', async () => {
    const clock = wednesdayClock();
    const first = await lotteryHouse(clock);
    const second = await lotteryHouse(clock);
    await first.lottery!.draws.tick();
    const members = await Promise.all(Array.from({ length: 5 }, () => createFundedMember(platform, 100_000)));
    const auths = await Promise.all(members.map((member) => openLotterySession(platform, second, member, 'DAMACAI')));
    const next = (await gameView(second, auths[0]!, 'DAMACAI')).nextDraw!;
    const result = sandboxSeaResult({ operator: 'DAMACAI', date: vnDrawDate(next.drawNo) });
    const number = result.prizes.first[0]!;
    // Big and small on one number count against the same key (4d:<number>), each at its best tier: room for five
    // big (or fewer with small, whose first prize pays more).
    const odds = seaRules.defaultOdds('Lott');
    const bigExposure = Math.floor((1_000 * odds['big:first']!) / 100);
    await setLotterySettings(db(), '*', 'DAMACAI', { maxLiabilityMinor: bigExposure * 5 + 1 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          call<Placed>(second, auths[index % auths.length]!, 'POST', '/slips', {
            gameCode: 'DAMACAI',
            drawNo: next.drawNo,
            bets: [bet('big', number, 1_000)],
          }),
        ),
      );
      expect(answers.filter((answer) => answer.success)).toHaveLength(5);
      expect(answers.filter((answer) => !answer.success).map((answer) => answer.code)).toEqual(
        Array.from({ length: 45 }, () => 'LOTTERY_LIABILITY_LIMIT'),
      );
      const small = await call<Placed>(second, auths[0]!, 'POST', '/slips', {
        gameCode: 'DAMACAI',
        drawNo: next.drawNo,
        bets: [bet('small', number, 100)],
      });
      expect(small).toMatchObject({ success: false, code: 'LOTTERY_LIABILITY_LIMIT' });
    } finally {
      await setLotterySettings(db(), '*', 'DAMACAI', {});
    }

    clock.time = Date.parse(next.drawsAt) + 60_000;
    const ref = { gameCode: 'DAMACAI', drawNo: next.drawNo, now: clock.time };
    await enterSeaResult(db(), { ...ref, result, operatorId: 'op-a' });
    await confirmSeaResult(db(), { ...ref, operatorId: 'op-b' });
    const drawn = (await repository.findDraw(db(), 'DAMACAI', next.drawNo))!;
    await Promise.all([
      first.lottery!.draws.settleDraw(drawn),
      second.lottery!.draws.settleDraw(drawn),
      first.lottery!.draws.settleDraw(drawn),
    ]);
    const payout = seaRules.settle(bet('big', number, 1_000), result, odds);
    expect(payout).toBeGreaterThanOrEqual(bigExposure);
    const balances = await Promise.all(members.map((member) => getPlatformBalance(platform, member.id)));
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(5 * 100_000 + 5 * (payout - 1_000));
    const [credits] = await query<{ count: unknown; total: unknown }>(
      db(),
      sql`SELECT count(*) AS count, COALESCE(sum(win_minor), 0) AS total FROM game_rounds
          WHERE round_id IN (SELECT slip_id FROM house.lottery_slips WHERE draw_id = ${drawn.id})`,
    );
    expect({ count: Number(credits!.count), total: Number(credits!.total) }).toEqual({ count: 5, total: 5 * payout });
    expect((await repository.findDraw(db(), 'DAMACAI', next.drawNo))!.status).toBe('settled');
  });
});
