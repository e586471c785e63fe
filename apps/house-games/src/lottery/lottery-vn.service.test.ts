import { vnRules, type LotteryBet, type VnResult } from '@parlay/fairness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HouseApp } from '../app';
import { query, sql } from '../db/database';
import { HouseError } from '../errors';
import { createFundedMember, getPlatformBalance, startPlatform, type Platform } from '../test/platform';
import { vnDrawDate } from './lottery-games';
import {
  ManualClock,
  openLotterySession,
  platformRound,
  registerLottery,
  startLotteryHouse,
} from './lottery.test-support';
import * as repository from './lottery.repository';
import type { DrawView, SlipView } from './lottery.service';
import { listLotteryDrawActions, voidLotteryDraw } from './lottery-void';
import {
  confirmVnResult,
  enterVnResult,
  listVnDrawsAwaitingResult,
  sandboxVnResultsFeed,
  type VnResultsFeed,
} from './lottery-vn';

interface Envelope<T> {
  success: boolean;
  code?: string;
  value: T;
}
interface GamesView {
  games: { gameCode: string; betTypes: string[]; nextDraw: (DrawView & { closesAt: string }) | null }[];
}
interface Placed {
  slip: SlipView;
  balanceMinor: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Monday 30 November 2026, 15:00 in Vietnam: before the day's three regional draws. */
const A_MONDAY = Date.parse('2026-11-30T08:00:00Z');

let platform: Platform;
/** Each test's draws in a week of their own (draws are global per game). */
let nextWeek = 10;
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

function mondayClock(): ManualClock {
  const clock = new ManualClock(A_MONDAY + nextWeek * 7 * DAY_MS);
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

async function nextDraw(house: HouseApp, auth: string, gameCode: string) {
  const games = await call<GamesView>(house, auth, 'GET', '/games');
  const game = games.value.games.find((entry) => entry.gameCode === gameCode)!;
  expect(game.nextDraw).not.toBeNull();
  return { ...game.nextDraw!, betTypes: game.betTypes };
}

/** The HouseError code (and detail) a call is refused with. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; value: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HouseError) return { code: error.code, value: error.value };
    throw error;
  }
  throw new Error('not refused');
}

const bet = (betType: string, selection: string[], stakeMinor: number): LotteryBet => ({
  betType,
  selection,
  stakeMinor,
});

/** The sandbox feed's result of a company's draw: a result of the right shape to enter. */
async function sandboxResult(drawNo: string, region: VnResult['region'], province: string) {
  const result = await sandboxVnResultsFeed.fetchResult({ region, province, date: vnDrawDate(drawNo) });
  expect(result).not.toBeNull();
  return result!;
}

async function drawActions(gameCode: string, drawNo: string) {
  const actions = await listLotteryDrawActions(db(), { gameCode, drawNo });
  return actions.map(({ action, operatorId }) => ({ action, operatorId }));
}

describe('the Vietnamese draws', () => {
  it('are scheduled without a seed, take their region bets until 15 minutes before, and wait for their result', async () => {
    const clock = mondayClock();
    const house = await lotteryHouse(clock);
    await house.lottery!.draws.tick();
    const member = await createFundedMember(platform, 100_000);
    const auth = await openLotterySession(platform, house, member, 'VN_MB');
    const north = await nextDraw(house, auth, 'VN_MB');
    expect(north.seedHash).toBeNull();
    // 18:15 in Vietnam, the Monday's draw, closing at 18:00.
    expect(north.drawNo).toBe(new Date(clock.time).toISOString().slice(0, 10).replaceAll('-', '') + '-0001');
    expect(new Date(north.drawsAt).toISOString().slice(11, 16)).toBe('11:15');
    expect(Date.parse(north.drawsAt) - Date.parse(north.closesAt)).toBe(15 * 60_000);
    expect(north.betTypes).toContain('lo2_mb');
    expect(north.betTypes).not.toContain('lo2_mn');

    // A bet type of another region is refused on this draw, though the rules know it.
    const wrongRegion = await call<Placed>(house, auth, 'POST', '/slips', {
      gameCode: 'VN_MB',
      drawNo: north.drawNo,
      bets: [bet('lo2_mn', ['07'], 1_000)],
    });
    expect(wrongRegion).toMatchObject({ success: false, code: 'LOTTERY_BET_INVALID' });
    const placed = await call<Placed>(house, auth, 'POST', '/slips', {
      gameCode: 'VN_MB',
      drawNo: north.drawNo,
      bets: [bet('lo2_mb', ['07'], 1_000)],
    });
    expect(placed.success).toBe(true);
    clock.time = Date.parse(north.closesAt);
    const late = await call<Placed>(house, auth, 'POST', '/slips', {
      gameCode: 'VN_MB',
      drawNo: north.drawNo,
      bets: [bet('lo2_mb', ['08'], 1_000)],
    });
    expect(late).toMatchObject({ success: false, code: 'LOTTERY_DRAW_CLOSED' });

    // Past the draw's time the loop draws nothing of it: it waits for the operators.
    expect(
      await refusal(
        enterVnResult(db(), {
          gameCode: 'VN_MB',
          drawNo: north.drawNo,
          result: await sandboxResult(north.drawNo, 'north', 'MB'),
          operatorId: 'op-a',
          now: clock.time,
        }),
      ),
    ).toMatchObject({ code: 'LOTTERY_VN_NOT_DRAWN_YET' });
    clock.time = Date.parse(north.drawsAt) + 60_000;
    await house.lottery!.draws.tick();
    const stored = (await repository.findDraw(db(), 'VN_MB', north.drawNo))!;
    expect(stored).toMatchObject({ status: 'closed', result: null, seed: null });
    const awaiting = await listVnDrawsAwaitingResult(db(), { now: clock.time });
    expect(awaiting).toContainEqual(
      expect.objectContaining({
        gameCode: 'VN_MB',
        drawNo: north.drawNo,
        region: 'north',
        province: 'MB',
        entry: null,
      }),
    );
    // Monday's southern and central companies too, each its own draw.
    const monday = vnDrawDate(north.drawNo);
    for (const gameCode of ['VN_MN_HCM', 'VN_MN_DT', 'VN_MN_CM', 'VN_MT_PY', 'VN_MT_TTH']) {
      expect(awaiting).toContainEqual(expect.objectContaining({ gameCode, date: monday }));
    }
  });

  it('publish a result only once a second operator confirms it, then settle each slip at vnRules.settle', async () => {
    const clock = mondayClock();
    const house = await lotteryHouse(clock);
    await house.lottery!.draws.tick();
    const members = [await createFundedMember(platform, 200_000), await createFundedMember(platform, 200_000)];
    const auths = await Promise.all(members.map((member) => openLotterySession(platform, house, member, 'VN_MN_HCM')));
    const draw = await nextDraw(house, auths[0]!, 'VN_MN_HCM');
    const result = await sandboxResult(draw.drawNo, 'south', 'HCM');
    const special = result.prizes.special![0]!;
    const eighth = result.prizes.eighth![0]!;
    const endings = Object.values(result.prizes).flatMap((numbers) => numbers.map((number) => number.slice(-2)));
    const [drawn1, drawn2] = [...new Set(endings)] as [string, string];
    const missing = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')).filter(
      (number) => !endings.includes(number),
    );
    // Winners and losers of every kind: đề, 3 càng, đầu/đuôi, lô, đầu, xiên, trượt.
    const slips: LotteryBet[][] = [
      [
        bet('de', [special.slice(-2)], 1_000),
        bet('de3', [special.slice(-3)], 500),
        bet('de_duoi', [special.slice(-1)], 700),
        bet('lo2_mn', [endings[3]!], 2_000),
      ],
      [
        bet('dau_mn', [eighth], 1_000),
        bet('lo3_mn', [result.prizes.first![0]!.slice(-3)], 300),
        bet('xien2_mn', [drawn1, drawn2], 400),
        bet('truot4_mn', missing.slice(0, 4), 800),
      ],
      [bet('de', [missing[1]!], 1_000), bet('lo2_mn', [missing[2]!], 1_000)],
    ];
    const placed: { member: number; slipId: string; bets: LotteryBet[] }[] = [];
    for (const [index, bets] of slips.entries()) {
      const answer = await call<Placed>(house, auths[index % 2]!, 'POST', '/slips', {
        gameCode: 'VN_MN_HCM',
        drawNo: draw.drawNo,
        bets,
      });
      expect(answer.success).toBe(true);
      placed.push({ member: index % 2, slipId: answer.value.slip.slipId, bets });
    }

    clock.time = Date.parse(draw.drawsAt) + 30 * 60_000;
    await house.lottery!.draws.tick();
    const ref = { gameCode: 'VN_MN_HCM', drawNo: draw.drawNo, now: clock.time };
    // Typed by hand: "7" for "07" is refused with where it is, not padded.
    const seventh = result.prizes.seventh!;
    const malformed = { ...result, prizes: { ...result.prizes, seventh: [String(Number(seventh[0]))] } };
    expect(await refusal(enterVnResult(db(), { ...ref, result: malformed, operatorId: 'op-a' }))).toEqual({
      code: 'LOTTERY_VN_RESULT_INVALID',
      value: { code: 'PRIZE_DIGITS', tier: 'seventh', index: 0 },
    });
    // Another company's result (Đồng Tháp draws on Mondays too) is not this draw's.
    expect(
      await refusal(enterVnResult(db(), { ...ref, result: { ...result, province: 'DT' }, operatorId: 'op-a' })),
    ).toMatchObject({ code: 'LOTTERY_VN_RESULT_MISMATCH' });
    expect(await refusal(confirmVnResult(db(), { ...ref, operatorId: 'op-b' }))).toMatchObject({
      code: 'LOTTERY_VN_NO_ENTRY',
    });

    const entry = await enterVnResult(db(), { ...ref, result, operatorId: 'op-a' });
    expect(entry).toMatchObject({ enteredBy: 'op-a', version: 1, confirmedBy: null });
    // Entered is not published: the slips wait, the draw has no result.
    await house.lottery!.draws.tick();
    expect((await repository.findDraw(db(), 'VN_MN_HCM', draw.drawNo))!).toMatchObject({ status: 'closed' });
    expect(await refusal(confirmVnResult(db(), { ...ref, operatorId: 'op-a' }))).toMatchObject({
      code: 'LOTTERY_VN_SAME_OPERATOR',
    });
    expect(await refusal(confirmVnResult(db(), { ...ref, operatorId: 'op-b', version: 0 }))).toMatchObject({
      code: 'LOTTERY_VN_ENTRY_CHANGED',
    });
    const published = await confirmVnResult(db(), { ...ref, operatorId: 'op-b', version: 1, result });
    expect(published).toMatchObject({ status: 'drawn', enteredBy: 'op-a', confirmedBy: 'op-b', result });
    // Published: never changed again, by anyone.
    expect(await refusal(enterVnResult(db(), { ...ref, result, operatorId: 'op-c' }))).toMatchObject({
      code: 'LOTTERY_VN_RESULT_PUBLISHED',
    });
    expect(await refusal(confirmVnResult(db(), { ...ref, operatorId: 'op-c' }))).toMatchObject({
      code: 'LOTTERY_VN_RESULT_PUBLISHED',
    });

    await house.lottery!.draws.tick();
    expect((await repository.findDraw(db(), 'VN_MN_HCM', draw.drawNo))!).toMatchObject({ status: 'settled', result });
    const odds = vnRules.defaultOdds('Lott');
    const expected = [200_000, 200_000];
    let anyWin = false;
    let anyLoss = false;
    for (const slip of placed) {
      const stake = slip.bets.reduce((sum, one) => sum + one.stakeMinor, 0);
      const payout = slip.bets.reduce((sum, one) => sum + vnRules.settle(one, result, odds), 0);
      anyWin ||= payout > 0;
      anyLoss ||= payout === 0;
      expected[slip.member]! += payout - stake;
      expect(await platformRound(platform, slip.slipId)).toEqual({ stake, win: payout, status: 'settled' });
    }
    expect(anyWin && anyLoss).toBe(true);
    for (const [index, member] of members.entries())
      expect(await getPlatformBalance(platform, member.id)).toBe(expected[index]);
    expect(await drawActions('VN_MN_HCM', draw.drawNo)).toEqual([
      { action: 'vn_result_entered', operatorId: 'op-a' },
      { action: 'vn_result_confirmed', operatorId: 'op-b' },
    ]);
    const results = await call<DrawView[]>(house, auths[0]!, 'GET', '/results?gameCode=VN_MN_HCM');
    expect(results.value[0]).toMatchObject({ drawNo: draw.drawNo, result, seed: null, seedHash: null });
  });

  it("enter the results feed's answers as the feed's, published only on an operator's confirmation", async () => {
    const clock = mondayClock();
    const house = await lotteryHouse(clock, sandboxVnResultsFeed);
    await house.lottery!.draws.tick();
    const north = (await repository.findResults(db(), 'VN_MB', 1, null))[0];
    expect(north).toBeUndefined();
    const drawNo = new Date(clock.time).toISOString().slice(0, 10).replaceAll('-', '') + '-0001';
    clock.time = Date.parse(`${vnDrawDate(drawNo)}T11:15:00Z`);
    await house.lottery!.draws.tick();
    const awaiting = await listVnDrawsAwaitingResult(db(), { now: clock.time });
    const today = awaiting.filter((draw) => draw.date === vnDrawDate(drawNo));
    // The north and the day's southern and central companies, each entered by the feed with the sandbox's numbers.
    expect(today.length).toBeGreaterThanOrEqual(6);
    for (const draw of today) {
      expect(draw.entry).toMatchObject({ enteredBy: 'feed', confirmedBy: null });
      expect(draw.entry!.result).toEqual(
        await sandboxVnResultsFeed.fetchResult({ region: draw.region, province: draw.province, date: draw.date }),
      );
    }
    // Another pass asks nothing again and publishes nothing.
    await house.lottery!.draws.tick();
    expect((await repository.findDraw(db(), 'VN_MB', drawNo))!.status).toBe('closed');
    expect(await refusal(confirmVnResult(db(), { gameCode: 'VN_MB', drawNo, operatorId: 'feed' }))).toMatchObject({
      code: 'HOUSE_BAD_REQUEST',
    });
    await confirmVnResult(db(), { gameCode: 'VN_MB', drawNo, operatorId: 'op-a', now: clock.time });
    await house.lottery!.draws.tick();
    expect((await repository.findDraw(db(), 'VN_MB', drawNo))!.status).toBe('settled');
    expect(await drawActions('VN_MB', drawNo)).toEqual([
      { action: 'vn_result_entered', operatorId: 'feed' },
      { action: 'vn_result_confirmed', operatorId: 'op-a' },
    ]);
  });
});

describe(voidLotteryDraw.name, () => {
  it('refunds every slip once, voided twice at once and refunded by two instances at once; a paid draw stands', async () => {
    const clock = mondayClock();
    const first = await lotteryHouse(clock);
    const second = await lotteryHouse(clock);
    await first.lottery!.draws.tick();
    await second.lottery!.draws.tick();
    const members = [await createFundedMember(platform, 100_000), await createFundedMember(platform, 100_000)];
    const auths = await Promise.all(members.map((member) => openLotterySession(platform, second, member, 'VN_MB')));
    const north = await nextDraw(second, auths[0]!, 'VN_MB');
    const fast = await nextDraw(second, auths[0]!, 'FAST5');
    const slipIds: string[] = [];
    for (const [index, auth] of auths.entries()) {
      for (const number of ['11', '22', '33']) {
        const vn = await call<Placed>(second, auth, 'POST', '/slips', {
          gameCode: 'VN_MB',
          drawNo: north.drawNo,
          bets: [bet('lo2_mb', [number], 1_000 + index * 100)],
        });
        expect(vn.success).toBe(true);
        const quick = await call<Placed>(second, auth, 'POST', '/slips', {
          gameCode: 'FAST5',
          drawNo: fast.drawNo,
          bets: [bet('digit', [`1:${number[0]}`], 500)],
        });
        expect(quick.success).toBe(true);
        slipIds.push(vn.value.slip.slipId, quick.value.slip.slipId);
      }
    }
    const staked = [100_000 - 3 * 1_000 - 3 * 500, 100_000 - 3 * 1_100 - 3 * 500];
    for (const [index, member] of members.entries())
      expect(await getPlatformBalance(platform, member.id)).toBe(staked[index]);

    // Two operators' (or one's twice) voids at once: one voids, the other finds it void; one audit row.
    const voids = await Promise.all([
      voidLotteryDraw(db(), { gameCode: 'VN_MB', drawNo: north.drawNo, operatorId: 'op-a', reason: 'Tết' }),
      voidLotteryDraw(db(), { gameCode: 'VN_MB', drawNo: north.drawNo, operatorId: 'op-b', reason: 'Tết' }),
      voidLotteryDraw(db(), { gameCode: 'FAST5', drawNo: fast.drawNo, operatorId: 'op-a', reason: 'wheel stuck' }),
    ]);
    expect(voids.map((answer) => answer.voided).sort()).toEqual([false, true, true]);
    expect(voids.reduce((sum, answer) => sum + answer.refunds, 0)).toBe(12);
    expect((await drawActions('VN_MB', north.drawNo)).filter((row) => row.action === 'void')).toHaveLength(1);
    // No slip lands on a void draw.
    const afterVoid = await call<Placed>(second, auths[0]!, 'POST', '/slips', {
      gameCode: 'VN_MB',
      drawNo: north.drawNo,
      bets: [bet('lo2_mb', ['44'], 1_000)],
    });
    expect(afterVoid).toMatchObject({ success: false, code: 'LOTTERY_DRAW_CLOSED' });

    // Both instances refund at once, and the leader's pass again: each stake comes back once.
    await Promise.all([
      first.lottery!.draws.refundVoidedSlips(),
      second.lottery!.draws.refundVoidedSlips(),
      first.lottery!.draws.tick(),
    ]);
    await first.lottery!.draws.refundVoidedSlips();
    for (const member of members) expect(await getPlatformBalance(platform, member.id)).toBe(100_000);
    for (const slipId of slipIds)
      expect(await platformRound(platform, slipId)).toMatchObject({ win: 0, status: 'cancelled' });
    const [rows] = await query<{ refunded: unknown; all: unknown }>(
      db(),
      sql`SELECT count(*) FILTER (WHERE status = 'refunded') AS refunded, count(*) AS all FROM house.lottery_slips
          WHERE slip_id = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(slipIds)}::jsonb)))`,
    );
    expect({ refunded: Number(rows!.refunded), all: Number(rows!.all) }).toEqual({ refunded: 12, all: 12 });
    const mine = await call<SlipView[]>(second, auths[0]!, 'GET', '/slips?status=settled');
    expect(mine.value.filter((slip) => slip.status === 'void')).toHaveLength(6);

    // The void fast draw is never drawn when its time comes; the void Vietnamese one takes no result.
    clock.time = Date.parse(fast.drawsAt) + 1_000;
    await first.lottery!.draws.tick();
    expect((await repository.findDraw(db(), 'FAST5', fast.drawNo))!).toMatchObject({ status: 'void', result: null });
    clock.time = Date.parse(north.drawsAt) + 60_000;
    await first.lottery!.draws.tick();
    const result = await sandboxResult(north.drawNo, 'north', 'MB');
    expect(
      await refusal(
        enterVnResult(db(), {
          gameCode: 'VN_MB',
          drawNo: north.drawNo,
          result,
          operatorId: 'op-a',
          now: clock.time,
        }),
      ),
    ).toMatchObject({ code: 'LOTTERY_DRAW_VOID' });

    // A draw whose slips are paid cannot be voided.
    const next = await nextDraw(second, auths[1]!, 'FAST5');
    const paid = await call<Placed>(second, auths[1]!, 'POST', '/slips', {
      gameCode: 'FAST5',
      drawNo: next.drawNo,
      bets: [bet('digit', ['2:5'], 500)],
    });
    expect(paid.success).toBe(true);
    clock.time = Date.parse(next.drawsAt);
    await first.lottery!.draws.tick();
    expect((await repository.findDraw(db(), 'FAST5', next.drawNo))!.status).toBe('settled');
    expect(
      await refusal(
        voidLotteryDraw(db(), { gameCode: 'FAST5', drawNo: next.drawNo, operatorId: 'op-a', reason: 'late' }),
      ),
    ).toMatchObject({ code: 'LOTTERY_DRAW_PAID' });
    expect(
      await refusal(voidLotteryDraw(db(), { gameCode: 'FAST5', drawNo: next.drawNo, operatorId: 'op-a', reason: ' ' })),
    ).toMatchObject({ code: 'HOUSE_BAD_REQUEST' });
  });
});
